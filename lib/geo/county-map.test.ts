import { describe, expect, it } from "vitest";
import { COUNTIES } from "@/content/counties";
import { LOCATIONS } from "@/content/locations";
import { cityLabel, countyContaining, serviceAreaMap } from "./county-map";

describe("serviceAreaMap", () => {
  const map = serviceAreaMap();

  it("draws an outline for every county a service city is in", () => {
    const used = new Set(LOCATIONS.map((location) => location.county));
    expect(new Set(map.counties.map((county) => county.name))).toEqual(used);
    for (const county of map.counties) expect(county.d).toMatch(/^M\d+,\d+L/);
  });

  it("places a dot for every city inside the drawing", () => {
    expect(map.cities.map((city) => city.slug)).toEqual(LOCATIONS.map((location) => location.slug));
    for (const city of map.cities) {
      expect(city.x).toBeGreaterThanOrEqual(0);
      expect(city.x).toBeLessThanOrEqual(map.width);
      expect(city.y).toBeGreaterThanOrEqual(0);
      expect(city.y).toBeLessThanOrEqual(map.height);
    }
  });

  it("keeps the north up: Brooksville is drawn above St. Petersburg, Dade City right of Hudson", () => {
    const at = (slug: string) => map.cities.find((city) => city.slug === slug);
    expect(at("brooksville")?.y).toBeLessThan(at("st-pete")?.y ?? 0);
    expect(at("dade-city")?.x).toBeGreaterThan(at("hudson")?.x ?? Infinity);
  });

  it("stays small enough to inline in every page", () => {
    const pathChars = map.counties.reduce((sum, county) => sum + county.d.length, 0);
    expect(pathChars).toBeLessThan(4_000);
  });
});

describe("content/locations.ts counties agree with the Census outlines", () => {
  it("puts each city's coordinates inside the county it is listed under", () => {
    // Indian Rocks Beach is a barrier-island town: at 1:10m the island is under the coastline.
    const onLand = LOCATIONS.filter((location) => location.slug !== "indian-rocks");
    for (const location of onLand)
      expect([location.name, countyContaining(location)]).toEqual([location.name, location.county]);
  });

  it("knows every county by its FIPS code", () => {
    expect(COUNTIES.map((county) => county.fips)).toEqual(["12101", "12103", "12057", "12053"]);
  });
});

describe("cityLabel", () => {
  const map = serviceAreaMap();

  it("keeps every city's name inside the map and off its neighbours' dots where it can", () => {
    for (const city of map.cities) {
      const label = cityLabel(city, map);
      expect(label.x).toBeGreaterThan(0);
      expect(label.x).toBeLessThan(map.width);
      expect(label.y).toBeGreaterThan(0);
      expect(label.y).toBeLessThan(map.height);
    }
    // Zephyrhills sits at the east edge: a name set to the right of its dot would run off the map.
    const zephyrhills = map.cities.find((city) => city.slug === "zephyrhills");
    if (!zephyrhills) throw new Error("zephyrhills missing");
    expect(cityLabel(zephyrhills, map).anchor).not.toBe("start");
  });
});
