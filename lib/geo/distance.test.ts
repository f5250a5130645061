import { describe, expect, it } from "vitest";
import { bearingDegrees, compassDirection, distanceMiles } from "./distance";

const TAMPA = { lat: 27.9506, lon: -82.4572 };
const ORLANDO = { lat: 28.5384, lon: -81.3789 };

describe("distanceMiles", () => {
  it("is zero from a point to itself and symmetric", () => {
    expect(distanceMiles(TAMPA, TAMPA)).toBe(0);
    expect(distanceMiles(TAMPA, ORLANDO)).toBeCloseTo(distanceMiles(ORLANDO, TAMPA), 9);
  });

  it("measures one degree of latitude as about 69 miles", () => {
    expect(distanceMiles({ lat: 28, lon: -82 }, { lat: 29, lon: -82 })).toBeCloseTo(69.09, 1);
  });

  it("puts Orlando about 77 miles from Tampa in a straight line", () => {
    expect(distanceMiles(TAMPA, ORLANDO)).toBeGreaterThan(74);
    expect(distanceMiles(TAMPA, ORLANDO)).toBeLessThan(80);
  });
});

describe("bearings", () => {
  it("points due north, east, south and west", () => {
    expect(compassDirection(bearingDegrees({ lat: 28, lon: -82 }, { lat: 28.5, lon: -82 }))).toBe(
      "north",
    );
    expect(compassDirection(bearingDegrees({ lat: 28, lon: -82 }, { lat: 28, lon: -81.5 }))).toBe(
      "east",
    );
    expect(compassDirection(bearingDegrees({ lat: 28, lon: -82 }, { lat: 27.5, lon: -82 }))).toBe(
      "south",
    );
    expect(compassDirection(bearingDegrees({ lat: 28, lon: -82 }, { lat: 28, lon: -82.5 }))).toBe(
      "west",
    );
  });

  it("rounds to the nearest of eight directions", () => {
    expect(compassDirection(22)).toBe("north");
    expect(compassDirection(23)).toBe("northeast");
    expect(compassDirection(350)).toBe("north");
    expect(compassDirection(225)).toBe("southwest");
  });
});
