import { describe, expect, it } from "vitest";
import { visibleText } from "./visible-text.ts";

describe("visibleText", () => {
  it.each([
    ["zero-width spaces around a name", "\u200BJane\u200B", "Jane"],
    ["a byte-order mark and a word joiner", "\uFEFFJane\u2060", "Jane"],
    ["left-to-right and right-to-left marks", "\u200EJane\u200F", "Jane"],
    ["bidi overrides and isolates", "\u202EJane\u202C Doe\u2066\u2069", "Jane Doe"],
    ["a soft hyphen inside a word", "Bay\u00ADshore", "Bayshore"],
    ["joiners at the ends or beside a space", "\u200DJane \u200C\u200D", "Jane "],
    ["joiners next to one another", "a\u200D\u200Cb", "ab"],
    ["tag characters", "Jane\u{E0041}\u{E007F}", "Jane"],
    ["a text of nothing else", "\u200B\u200C\u200D\uFEFF", ""],
  ])("removes %s", (_case, text, expected) => {
    expect(visibleText(text)).toBe(expected);
  });

  it.each([
    ["a family emoji's joiners", "👨\u200D👩\u200D👧"],
    ["a Persian word's non-joiner", "می\u200Cخواهم"],
    ["a Hindi conjunct's joiner", "क्\u200Dष"],
    ["spaces, accents and line breaks", " José  O'Brien\nApt 2 "],
  ])("keeps %s", (_case, text) => {
    expect(visibleText(text)).toBe(text);
  });
});
