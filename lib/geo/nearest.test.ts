import { describe, expect, it } from "vitest";
import { getLocation, LOCATIONS, type Location } from "@/content/locations";
import { distanceMiles } from "./distance";
import { nearestLocations } from "./nearest";

function city(slug: string): Location {
  const found = getLocation(slug);
  if (!found) throw new Error(`no location ${slug}`);
  return found;
}

describe("nearestLocations", () => {
  it("never lists the city itself and returns the count asked for", () => {
    for (const location of LOCATIONS) {
      const neighbours = nearestLocations(location, 5);
      expect(neighbours).toHaveLength(5);
      expect(neighbours.map((n) => n.location.slug)).not.toContain(location.slug);
    }
  });

  it("orders neighbours by distance, and no other city is closer than the last one listed", () => {
    for (const location of LOCATIONS) {
      const neighbours = nearestLocations(location, 4);
      const exact = neighbours.map((n) => distanceMiles(location, n.location));
      expect(exact).toEqual([...exact].sort((a, b) => a - b));
      const listed = new Set(neighbours.map((n) => n.location.slug).concat(location.slug));
      const farthestListed = exact.at(-1) ?? 0;
      for (const other of LOCATIONS.filter((candidate) => !listed.has(candidate.slug))) {
        expect(distanceMiles(location, other)).toBeGreaterThanOrEqual(farthestListed);
      }
    }
  });

  it("finds the real neighbours on the map", () => {
    // Seminole is the mainland town next to Madeira Beach; Belleair borders Largo.
    expect(nearestLocations(city("madeira-beach"), 1)[0]?.location.slug).toBe("seminole");
    expect(nearestLocations(city("belleair"), 1)[0]?.location.slug).toBe("largo");
    expect(nearestLocations(city("oldsmar"), 1)[0]?.location.slug).toBe("safety-harbor");
    const fromTarpon = nearestLocations(city("tarpon-springs"), 2);
    expect(fromTarpon.map((n) => n.location.slug)).toContain("palm-harbor");
  });

  it("gives whole miles and the direction the neighbour lies in", () => {
    const [clearwater, palmHarbor] = nearestLocations(city("dunedin"), 2);
    expect(clearwater).toMatchObject({ location: { slug: "clearwater" }, direction: "south" });
    expect(palmHarbor).toMatchObject({ location: { slug: "palm-harbor" }, direction: "north" });
    expect(Number.isInteger(palmHarbor?.miles)).toBe(true);
    const [lutz] = nearestLocations(city("land-o-lakes"), 1);
    expect(lutz).toMatchObject({ location: { slug: "lutz" }, direction: "south", miles: 5 });
  });
});
