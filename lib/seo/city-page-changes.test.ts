import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CITY_PAGE_CHANGES } from "@/content/city-page-changes";
import { localBenefitText, NEARBY_INTRO } from "@/content/location-page";
import { LOCATIONS, type Location } from "@/content/locations";
import { cityCopy } from "@/lib/locations/city-copy";
import { localProofOf } from "@/lib/locations/local-proof";
import { locationDescription, locationTitle } from "./location-metadata";

/** Everything a city page says of its town, as text: what its sitemap date vouches for. */
function cityPageContent(location: Location): string {
  const copy = cityCopy(location);
  const proof = localProofOf(location.slug);
  return JSON.stringify({
    title: locationTitle(location),
    description: locationDescription(location),
    location,
    copy,
    coverage: localBenefitText(location.county, copy.localNeighbours),
    nearby: NEARBY_INTRO,
    // Only where the owner added some, so that a town without proof keeps its date.
    ...(proof.length > 0 && { proof }),
  });
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("city page change dates (content/city-page-changes.ts)", () => {
  it.each(LOCATIONS.map((location) => [location.slug, location] as const))(
    "%s: the committed hash is its content's, so its date is when that content last changed",
    (slug, location) => {
      const entry = CITY_PAGE_CHANGES[slug];
      const hash = sha256(cityPageContent(location));
      expect(
        entry?.sha256,
        `${slug}'s content changed: set its "changed" to today and its sha256 to ${hash}`,
      ).toBe(hash);
      expect(entry?.changed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    },
  );

  it("names no page that is not a city", () => {
    expect(Object.keys(CITY_PAGE_CHANGES).sort()).toEqual(LOCATIONS.map((l) => l.slug).sort());
  });
});
