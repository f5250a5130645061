import { describe, expect, it } from "vitest";
import { LOCATIONS, locationPath } from "@/content/locations";
import { SITE } from "@/content/site";
import { distanceMiles } from "@/lib/geo/distance";
import { serviceCircle } from "@/lib/geo/service-circle";
import { homeLocalBusinessJsonLd } from "@/lib/seo/local-business";
import { checkZip, cityCoverageProblems, servedZips, servedZipsByTown } from "./lookup";
import { findZip } from "./zip-data";

/** A ZIP code the data must know; the test is about the rule, not about a missing entry. */
function known(zip: string) {
  const place = findZip(zip);
  if (!place) throw new Error(`the data has no ZIP ${zip}`);
  return place;
}

const fromCentre = (zip: string) => distanceMiles(serviceCircle().centre, known(zip));

describe("the ZIP codes we serve", () => {
  it("inside the circle: a Tampa ZIP code, with Tampa's page and the miles to it", () => {
    expect(checkZip("33611")).toEqual({
      zip: "33611",
      place: "Tampa",
      state: "FL",
      served: true,
      city: { name: "Tampa", path: "/locations/tampa" },
      miles: Math.max(1, Math.round(distanceMiles(known("33611"), LOCATIONS[1]))),
      milesOutside: 0,
    });
  });

  it("at the edge: Balm, just inside the circle, is served; Plant City's 33567, just past it, is not", () => {
    const { radiusMiles } = serviceCircle();
    expect(fromCentre("33503")).toBeLessThan(radiusMiles);
    expect(fromCentre("33503")).toBeGreaterThan(radiusMiles - 1);
    expect(checkZip("33503")).toMatchObject({ served: true, place: "Balm" });
    expect(fromCentre("33567")).toBeGreaterThan(radiusMiles);
    expect(fromCentre("33567")).toBeLessThan(radiusMiles + 1);
    expect(checkZip("33567")).toMatchObject({
      served: false,
      place: "Plant City",
      city: { name: "Thonotosassa" },
      milesOutside: 1,
    });
  });

  it("past the edge, a town of ours is still served: Brooksville", () => {
    expect(fromCentre("34601")).toBeGreaterThan(serviceCircle().radiusMiles);
    expect(checkZip("34601")).toMatchObject({
      served: true,
      place: "Brooksville",
      city: { name: "Brooksville", path: "/locations/brooksville" },
    });
  });

  it("spells our cities as our list does: Saint Petersburg is St. Petersburg", () => {
    expect(checkZip("33701")).toMatchObject({ place: "St. Petersburg", served: true });
    expect(checkZip("34639")).toMatchObject({ place: "Land O' Lakes", served: true });
  });

  it("outside: Fort Myers, with the nearest service city and how far", () => {
    const answer = checkZip("33901");
    const nearest = LOCATIONS.map((location) => ({
      location,
      miles: distanceMiles(known("33901"), location),
    })).sort((a, b) => a.miles - b.miles)[0]!;
    expect(answer).toMatchObject({
      zip: "33901",
      place: "Fort Myers",
      state: "FL",
      served: false,
      city: { name: nearest.location.name, path: locationPath(nearest.location) },
      miles: Math.round(nearest.miles),
    });
    // Outside the area is measured to its edge, so less than to the nearest city's middle.
    expect(answer!.milesOutside).toBeLessThan(answer!.miles);
    expect(answer!.milesOutside).toBe(
      Math.round(fromCentre("33901") - serviceCircle().radiusMiles),
    );
  });

  it("in another state: never served, not even in a town named like one of ours", () => {
    expect(checkZip("30303")).toMatchObject({ state: "GA", place: "Atlanta", served: false });
    // Odessa, Texas and Clearwater, Kansas bear the names of two of our cities.
    expect(checkZip("79761")).toMatchObject({ state: "TX", place: "Odessa", served: false });
    expect(checkZip("67026")).toMatchObject({ state: "KS", place: "Clearwater", served: false });
    expect(servedZips().filter((zip) => zip.state !== SITE.region.code)).toEqual([]);
  });

  it("a code no ZIP has is unknown", () => {
    expect(checkZip("00000")).toBeUndefined();
    expect(checkZip("99999")).toBeUndefined();
  });

  it("serves only the four counties the site names", () => {
    const counties = new Set(servedZips().map((zip) => zip.county));
    expect([...counties].sort()).toEqual(["Hernando", "Hillsborough", "Pasco", "Pinellas"]);
  });
});

describe("the rule agrees with what the site declares", () => {
  it("uses the circle of the home page's structured data", () => {
    const business = JSON.parse(JSON.stringify(homeLocalBusinessJsonLd())) as {
      areaServed: unknown;
    };
    const circle = business.areaServed as {
      "@type": string;
      geoMidpoint?: { latitude: number; longitude: number };
      geoRadius?: number;
    }[];
    const declared = circle.find((area) => area["@type"] === "GeoCircle");
    const { centre, radiusMeters } = serviceCircle();
    expect(declared).toMatchObject({
      geoMidpoint: { latitude: centre.lat, longitude: centre.lon },
      geoRadius: radiusMeters,
    });
    for (const zip of servedZips()) {
      const inCircle = distanceMiles(centre, zip) <= serviceCircle().radiusMiles;
      const ownTown = LOCATIONS.some(
        (location) =>
          location.name.replace(/\W/g, "").toLowerCase() ===
          zip.place
            .replace(/^Saint /, "St. ")
            .replace(/\W/g, "")
            .toLowerCase(),
      );
      expect(inCircle || ownTown, zip.zip).toBe(true);
    }
  });

  it("serves every service city: the ZIP code nearest each city is served, and each lists some", () => {
    expect(cityCoverageProblems()).toEqual([]);
    const groups = servedZipsByTown();
    const cities = groups.flatMap((group) => (group.location ? [group.location.slug] : []));
    expect(cities.sort()).toEqual(LOCATIONS.map((location) => location.slug).sort());
    // Each served ZIP code once under its own town; the others are a town's nearest, marked.
    const own = groups.flatMap((group) => group.zips.filter((zip) => zip.own));
    expect(own.map((zip) => zip.zip).sort()).toEqual(servedZips().map((zip) => zip.zip));
    for (const group of groups)
      for (const zip of group.zips) expect(zip.own, zip.zip).toBe(zip.town === group.town);
  });

  it("lists each ZIP code under the town the Postal Service names (content/zip-corrections.ts), a town without one under the codes near it", () => {
    const under = (town: string) =>
      servedZipsByTown()
        .find((group) => group.town === town)
        ?.zips.map(({ zip, own }) => ({ zip, own }));
    expect(under("Madeira Beach")).toEqual([
      { zip: "33708", own: true },
      { zip: "33738", own: true },
    ]);
    expect(under("Belleair")).toEqual([{ zip: "33756", own: true }]);
    expect(under("Trinity")).toEqual([{ zip: "34655", own: true }]);
    expect(under("Clearwater")).toContainEqual({ zip: "33767", own: true });
    expect(under("Clearwater Beach")).toBeUndefined();
    expect(under("Tarpon Springs")).toContainEqual({ zip: "34688", own: true });
    expect(under("Hernando Beach")).toContainEqual({ zip: "34607", own: false });
  });

  it("answers the ZIP check with the corrected town, and its page", () => {
    expect(checkZip("33708")).toMatchObject({
      place: "Madeira Beach",
      served: true,
      city: { name: "Madeira Beach", path: "/locations/madeira-beach" },
      miles: 1,
    });
    expect(checkZip("34655")).toMatchObject({ place: "Trinity", city: { name: "Trinity" } });
    expect(checkZip("33744")).toMatchObject({ place: "Bay Pines VA campus", served: true });
  });
});
