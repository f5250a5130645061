import { describe, expect, it } from "vitest";
import { firstTapFigures } from "./first-tap";

describe("firstTapFigures", () => {
  it("times the choice's paint, the scripts and Continue from the tap", () => {
    expect(firstTapFigures({ tap: 1000, loaded: 1290, enabled: 1408 }, 32)).toEqual({
      shown: 32,
      loaded: 290,
      ready: 408,
    });
  });

  it("counts the choice as ready no sooner than it was shown", () => {
    expect(firstTapFigures({ tap: 1000, loaded: 1000, enabled: 1010 }, 40).ready).toBe(40);
  });

  it("refuses a walk whose scripts or Continue were there before the tap: it timed no first tap", () => {
    expect(() => firstTapFigures({ tap: 1000, loaded: 900, enabled: 1400 }, 32)).toThrow(
      /before the tap/,
    );
    expect(() => firstTapFigures({ tap: 1000, loaded: 1200, enabled: 990 }, 32)).toThrow(
      /before the tap/,
    );
  });
});
