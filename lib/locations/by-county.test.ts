import { describe, expect, it } from "vitest";
import { LOCATIONS, SERVICE_COUNTIES, type Location } from "@/content/locations";
import { locationsByCounty } from "./by-county";

describe("locationsByCounty", () => {
  const groups = locationsByCounty();

  it("has one group per county, in content order", () => {
    expect(groups.map((group) => group.county)).toEqual(SERVICE_COUNTIES);
  });

  it("holds every city once, in its own county", () => {
    const slugs = groups.flatMap((group) => group.locations.map((location) => location.slug));
    expect(slugs.toSorted()).toEqual(LOCATIONS.map((location) => location.slug).toSorted());
    for (const group of groups) {
      for (const location of group.locations) expect(location.county).toBe(group.county);
    }
  });

  it("sorts each county's cities by name", () => {
    const city = (name: string): Location => ({
      slug: name,
      name,
      county: "Pasco",
      lat: 0,
      lon: 0,
    });
    const [pasco] = locationsByCounty([city("Zephyrhills"), city("Dade City"), city("Hudson")]);
    expect(pasco?.locations.map((location) => location.name)).toEqual([
      "Dade City",
      "Hudson",
      "Zephyrhills",
    ]);
    for (const group of groups) {
      const names = group.locations.map((location) => location.name);
      expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b, "en-US")));
    }
  });
});
