import { describe, expect, it } from "vitest";
import { scriptElementsOf, spliceHtml } from "./html";

describe("scriptElementsOf", () => {
  const kinds = (html: string) =>
    scriptElementsOf(html).map(({ kind, noModule, inert }) => ({ kind, noModule, inert }));

  it("tells what the browser runs from data blocks, by the HTML standard's rules for type", () => {
    const html = [
      "<script>a()</script>",
      '<script type="">a()</script>',
      '<script type=" Text/JavaScript ">a()</script>',
      '<script language="javascript">a()</script>',
      '<script type="application/x-ecmascript">a()</script>',
      '<script type="text/javascript1.5">a()</script>',
      '<script type="text/livescript">a()</script>',
      '<script type="module">a()</script>',
      '<script type="importmap">{}</script>',
      '<script type="application/ld+json">{}</script>',
      '<script type="text/plain">a()</script>',
      '<script language="vbscript">a()</script>',
      '<script type="text/javascript1.6">a()</script>',
    ].join("");
    expect(kinds(html).map(({ kind }) => kind)).toEqual([
      ...Array<string>(7).fill("classic"),
      "module",
      "importmap",
      ...Array<string>(4).fill("data"),
    ]);
  });

  it("marks nomodule fallbacks and scripts inert in a template, and finds SVG's scripts", () => {
    const html =
      '<script nomodule src="/p.js"></script><template><script>t()</script></template>' +
      "<svg><script>s()</script></svg>";
    expect(kinds(html)).toEqual([
      { kind: "classic", noModule: true, inert: false },
      { kind: "classic", noModule: false, inert: true },
      { kind: "classic", noModule: false, inert: false },
    ]);
  });

  it("reads a script's text as the browser hashes it, and where its markup is in the source", () => {
    const html =
      "<!DOCTYPE html>\r\n<head><script>a\r\nb</script></head><body>é😀<script>c</script>";
    const [first, second] = scriptElementsOf(html);
    expect(first!.text).toBe("a\nb");
    expect(html.slice(first!.start, first!.end)).toBe("<script>a\r\nb</script>");
    expect(html.slice(second!.start, second!.end)).toBe("<script>c</script>");
    expect(second!.line).toBe(3);
  });
});

describe("spliceHtml", () => {
  it("replaces only the edited spans", () => {
    expect(
      spliceHtml("<a>1</a><b>2</b><c>3</c>", [
        { start: 16, end: 24, text: "" },
        { start: 0, end: 8, text: "<x/>" },
      ]),
    ).toBe("<x/><b>2</b>");
  });

  it("refuses overlapping edits", () => {
    expect(() =>
      spliceHtml("0123456789", [
        { start: 0, end: 5, text: "" },
        { start: 4, end: 6, text: "" },
      ]),
    ).toThrow(/overlapping/);
  });
});
