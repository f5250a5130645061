import { describe, expect, it } from "vitest";
import { median, percentile } from "./latency";

describe("percentile", () => {
  it("is the nearest rank: a value that was seen, at least p% at or below it", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7, 3, 5], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 51)).toBe(3);
    expect(percentile([42], 1)).toBe(42);
  });

  it("takes one slow request in a thousand as p99's neighbour, not its value", () => {
    const latencies = [...Array.from({ length: 999 }, () => 10), 5_000];
    expect(percentile(latencies, 99)).toBe(10);
    expect(percentile(latencies, 100)).toBe(5_000);
  });

  it("leaves its input in the order given", () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("median", () => {
  it("takes the middle value, the lower one of an even count", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
  });
});
