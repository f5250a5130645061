import { describe, expect, it } from "vitest";
import { parseInline, plainText } from "./inline";

describe("parseInline", () => {
  it("splits text into plain runs and links", () => {
    expect(parseInline("See [our plans](/#pricing) or [call](tel:+18135550147).")).toEqual([
      { text: "See " },
      { text: "our plans", href: "/#pricing" },
      { text: " or " },
      { text: "call", href: "tel:+18135550147" },
      { text: "." },
    ]);
  });

  it("leaves text without links whole, and square brackets alone", () => {
    expect(parseInline("Plain [text] here")).toEqual([{ text: "Plain [text] here" }]);
  });

  it("reads links as their words", () => {
    expect(plainText("a [quick guide](/blog/x) here")).toBe("a quick guide here");
  });
});
