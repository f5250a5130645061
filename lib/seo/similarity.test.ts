import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { jaccard, shingles, textOf, words } from "./similarity";

describe("text similarity", () => {
  it("splits words the way a reader would", () => {
    expect(words("Land O’ Lakes: salt-spray, 5 miles… (north)!")).toEqual([
      "land",
      "o",
      "lakes",
      "salt-spray",
      "5",
      "miles",
      "north",
    ]);
  });

  it("makes word 5-grams", () => {
    expect([...shingles("one two three four five six")]).toEqual([
      "one two three four five",
      "two three four five six",
    ]);
    expect(shingles("too short to shingle").size).toBe(0);
  });

  it("scores identical texts 1, disjoint 0, and a name swap close to 1", () => {
    const text =
      "Salt spray dries on the glass of every beach house in Madeira Beach each summer and dulls the view. " +
      "It settles in the screens and the sliding-door tracks as well, where it holds moisture against the frames, " +
      "and a rinse with the garden hose only adds mineral spots of its own, so the salt has to be washed off properly.";
    expect(jaccard(shingles(text), shingles(text))).toBe(1);
    expect(
      jaccard(
        shingles(text),
        shingles("Completely different words make up this other sentence about pollen season."),
      ),
    ).toBe(0);
    const swapped = jaccard(
      shingles(text),
      shingles(text.replace("Madeira Beach", "Indian Rocks")),
    );
    expect(swapped).toBeGreaterThan(0.7);
  });

  it("reads an element's text as served: a run of text whole, each element apart", () => {
    const { document } = parseHTML(
      "<main><h1>Serving <!-- -->Land O&#x27; Lakes<!-- -->, FL</h1><ul><li>Lutz</li><li>Odessa</li></ul><script>x()</script></main>",
    );
    expect(textOf(document.querySelector("main"))).toBe("Serving Land O' Lakes, FL Lutz Odessa");
  });
});
