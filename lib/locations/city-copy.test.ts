import { describe, expect, it, vi } from "vitest";
import { LOCATION_DETAILS } from "@/content/location-details";
import { LOCATIONS } from "@/content/locations";
import { nearestLocations } from "@/lib/geo/nearest";
import { jaccard, MAX_CITY_PAGE_SIMILARITY, shingles, words } from "@/lib/seo/similarity";
import { cityCopy, NEARBY_COUNT } from "./city-copy";

const fullText = (slug: string) => {
  const location = LOCATIONS.find((candidate) => candidate.slug === slug);
  if (!location) throw new Error(slug);
  const copy = cityCopy(location);
  return [
    copy.heading,
    ...copy.paragraphs,
    ...copy.facts.map((fact) => `${fact.label} ${fact.value}`),
    copy.plan.reason,
  ].join(" ");
};

describe("cityCopy", () => {
  it.each(LOCATIONS.map((location) => [location.name, location] as const))(
    "%s: names the city and county, with substance",
    (_, location) => {
      const copy = cityCopy(location);
      expect(copy.heading).toBe(`Window cleaning in ${location.name}, ${location.county} County`);
      expect(copy.paragraphs.join(" ")).toContain(location.name);
      expect(words(fullText(location.slug)).length).toBeGreaterThan(250);
      expect(copy.nearby.map((neighbour) => neighbour.location.slug)).toEqual(
        nearestLocations(location, NEARBY_COUNT).map((neighbour) => neighbour.location.slug),
      );
      expect(copy.facts.find((fact) => fact.label === "County")?.value).toContain(location.county);
    },
  );

  it("mentions the water a coastal city fronts, and salt only where there is salt", () => {
    for (const location of LOCATIONS) {
      const detail = LOCATION_DETAILS[location.slug];
      const text = cityCopy(location).paragraphs.join(" ");
      if (detail.setting !== "inland") {
        expect(detail.water).toBeDefined();
        expect(text).toContain(detail.water ?? "");
      } else {
        expect(text).not.toMatch(/salt (air|spray) (reach|into|on)/i);
      }
    }
  });

  it("keeps every pair of cities' local text apart (word 5-gram Jaccard within the doorway limit)", () => {
    const sets = LOCATIONS.map(
      (location) => [location.name, shingles(fullText(location.slug))] as const,
    );
    const worst = { score: 0, pair: "" };
    for (const [i, [a, first]] of sets.entries()) {
      for (const [b, second] of sets.slice(i + 1)) {
        const score = jaccard(first, second);
        if (score > worst.score) Object.assign(worst, { score, pair: `${a} / ${b}` });
      }
    }
    expect(worst.score, worst.pair).toBeLessThanOrEqual(MAX_CITY_PAGE_SIMILARITY);
  });

  it("words each page the same way whichever city is rendered first (parallel build workers agree)", async () => {
    const inOrder = LOCATIONS.map((location) => cityCopy(location).paragraphs);
    vi.resetModules();
    const fresh = await import("./city-copy");
    const reversed = [...LOCATIONS]
      .reverse()
      .map((location) => fresh.cityCopy(location).paragraphs)
      .reverse();
    expect(reversed).toEqual(inOrder);
  });
});
