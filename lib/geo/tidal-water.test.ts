import { describe, expect, it } from "vitest";
import { getLocation } from "@/content/locations";
import {
  milesToTidalWater,
  nearestTidalWater,
  TIDAL_RIVER_SOURCE,
  TIDAL_SHORELINE_SOURCE,
} from "./tidal-water";

const at = (slug: string) => {
  const location = getLocation(slug);
  if (!location) throw new Error(`no city ${slug}`);
  return milesToTidalWater(location);
};

describe("milesToTidalWater", () => {
  it("measures what a map shows: Seminole by Long Bayou, New Port Richey on its tidal river", () => {
    // Issue #44's fact-check: tidal Long Bayou 0.2 mi from Seminole's point, the river 0.8 mi
    // from downtown New Port Richey.
    expect(at("seminole")).toBeCloseTo(0.2, 1);
    expect(at("new-port-richey")).toBeCloseTo(0.8, 1);
    expect(at("madeira-beach")).toBeLessThan(0.5);
  });

  it("puts the interior towns well away from any tide", () => {
    expect(at("dade-city")).toBeGreaterThan(20);
    expect(at("zephyrhills")).toBeGreaterThan(20);
    expect(at("brooksville")).toBeGreaterThan(10);
  });

  it("measures the towns north and east of Tampa to the tidal Hillsborough River, not the bay (issue #55)", () => {
    // The coastline stops at the river's mouth; the river is tidal up to the City of Tampa's dam,
    // and the figures are measured to the dam.
    expect(Math.round(at("lutz"))).toBe(8);
    expect(Math.round(at("wesley-chapel"))).toBe(12);
    expect(Math.round(at("land-o-lakes"))).toBe(14);
    expect(Math.round(at("zephyrhills"))).toBe(21);
    expect(Math.round(at("dade-city"))).toBe(28);
    expect(TIDAL_RIVER_SOURCE).toMatchObject({ licence: "US public domain" });
    expect(nearestTidalWater(getLocation("lutz")!).river).toBe(true);
    expect(nearestTidalWater(getLocation("madeira-beach")!).river).toBe(false);
  });

  it("names its source, licence and date", () => {
    expect(TIDAL_SHORELINE_SOURCE).toMatchObject({
      licence: "ODbL 1.0",
      packageName: "@geo-maps/earth-seas-10m",
      dataDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
});
