import { describe, expect, it } from "vitest";
import { LOCATIONS } from "@/content/locations";
import { SITE } from "@/content/site";
import { locationDescription, locationMetadata, locationTitle } from "./location-metadata";

describe("city page metadata", () => {
  it("uses the exact city-page title, absolute (no template suffix)", () => {
    const tampa = LOCATIONS.find((location) => location.slug === "tampa");
    if (!tampa) throw new Error("tampa missing");
    expect(locationTitle(tampa)).toBe(`Window Cleaning Tampa FL | ${SITE.shortName}`);
    expect(locationMetadata(tampa).title).toEqual({
      absolute: `Window Cleaning Tampa FL | ${SITE.shortName}`,
    });
  });

  it.each(LOCATIONS.map((location) => [location.name, location] as const))(
    "%s: description offers a free quote and a call, fits a result snippet, and geo tags match the coordinates",
    (_, location) => {
      const description = locationDescription(location);
      expect(description).toMatch(/free quote/i);
      expect(description).toContain(`call ${SITE.phone.display}`);
      expect(description).toContain(location.name);
      expect(description.length).toBeLessThanOrEqual(160);
      const metadata = locationMetadata(location);
      expect(metadata.alternates?.canonical).toMatch(new RegExp(`/locations/${location.slug}$`));
      expect(metadata.other).toEqual({
        "geo.region": "US-FL",
        "geo.placename": `${location.name}, FL`,
        "geo.position": `${location.lat};${location.lon}`,
        ICBM: `${location.lat}, ${location.lon}`,
      });
    },
  );

  it("gives every city its own title and description", () => {
    expect(new Set(LOCATIONS.map(locationTitle)).size).toBe(LOCATIONS.length);
    expect(new Set(LOCATIONS.map(locationDescription)).size).toBe(LOCATIONS.length);
  });
});
