import { describe, expect, it } from "vitest";
import { fitsHost, median, slowdownFor } from "./cpu-calibration";

describe("slowdownFor", () => {
  it("gives Lighthouse's own default, 4x, to the host that default assumes", () => {
    expect(slowdownFor(1533).multiplier).toBeCloseTo(4, 2);
  });

  it("follows the calculator's anchor points and is continuous between bands", () => {
    expect(slowdownFor(2000).multiplier).toBeCloseTo(6, 1);
    expect(slowdownFor(1300).multiplier).toBe(3);
    expect(slowdownFor(1299.999).multiplier).toBeCloseTo(3, 3);
    expect(slowdownFor(800).multiplier).toBe(2);
    expect(slowdownFor(799.999).multiplier).toBeCloseTo(2, 3);
    expect(slowdownFor(150).multiplier).toBe(1);
    expect(slowdownFor(100).multiplier).toBe(1);
  });

  it("slows a busy host less than a quiet one: the same phone on both", () => {
    // This machine's own spread between runs: about 850 (busy) to 1,600 (idle).
    expect(slowdownFor(855).multiplier).toBeCloseTo(2.11, 2);
    expect(slowdownFor(1600).multiplier).toBeCloseTo(4.29, 2);
  });

  it("refuses a benchmark that is not a measurement", () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => slowdownFor(bad)).toThrow(/benchmarkIndex must be a positive number/);
    }
  });
});

describe("fitsHost", () => {
  it("accepts a multiplier within the calculator's confidence range, and only those", () => {
    expect(fitsHost(4, 1533)).toBe(true);
    expect(fitsHost(4, 855)).toBe(false);
    expect(fitsHost(2.2, 855)).toBe(true);
    expect(fitsHost(2.2, 1600)).toBe(false);
  });
});

describe("median", () => {
  it("takes the middle value, the lower one of an even count", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(() => median([])).toThrow();
  });
});
