import { describe, expect, it } from "vitest";
import { findCycles } from "./check-imports";

describe("findCycles", () => {
  it("finds a two-file cycle and a self-import, and nothing in a chain", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["a", "c"]],
      ["c", ["d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b"], ["e"]]);
  });

  it("finds a longer loop as one group", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c"]]);
  });
});
