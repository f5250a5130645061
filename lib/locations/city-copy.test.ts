import { describe, expect, it } from "vitest";
import { BAYS, getLocationDetail, isGulfFront } from "@/content/location-details";
import { localBenefitText, NEARBY_INTRO } from "@/content/location-page";
import { LOCATIONS, type Location } from "@/content/locations";
import { distanceMiles } from "@/lib/geo/distance";
import { nearestLocations } from "@/lib/geo/nearest";
import { townZips, zipsNear } from "@/lib/service-area/lookup";
import { MAX_LOCAL_TEXT_SIMILARITY, pairScores } from "@/lib/seo/similarity";
import { cityCopy, LOCAL_NEIGHBOUR_MILES, NEARBY_COUNT } from "./city-copy";
import { ruleViolations } from "./page-rules";

const fullText = (location: Location) => {
  const copy = cityCopy(location);
  return [
    copy.heading,
    ...copy.paragraphs.map((paragraph) => paragraph.text),
    ...copy.zips.map((line) => line.text),
    ...copy.questions.flatMap((entry) => [entry.question, entry.answer]),
    ...(copy.business ? [copy.business] : []),
    ...copy.facts.map((fact) => `${fact.label} ${fact.value}`),
  ].join(" ");
};

/** Every text of a city page that names its place: what LocationHero, LocationServices and LocationDetails render. */
function pageTexts(location: Location): string[] {
  const copy = cityCopy(location);
  return [
    localBenefitText(location.county, copy.localNeighbours),
    ...(copy.business ? [copy.business] : []),
    copy.heading,
    ...copy.paragraphs.map((paragraph) => paragraph.text),
    ...copy.zips.map((line) => line.text),
    ...copy.questions.flatMap((entry) => [entry.question, entry.answer]),
    ...copy.facts.map((fact) => `${fact.label} ${fact.value}`),
    // The nearby list reads as one sentence under its line, "… in a straight line: A · 5 mi north, …".
    `${NEARBY_INTRO} ${copy.nearby
      .map(
        (neighbour) => `${neighbour.location.name} · ${neighbour.miles} mi ${neighbour.direction}`,
      )
      .join(", ")}`,
  ];
}

const cities = LOCATIONS.map((location) => [location.name, location] as const);
const city = (slug: string) => {
  const location = LOCATIONS.find((candidate) => candidate.slug === slug);
  if (!location) throw new Error(`no city ${slug}`);
  return location;
};

describe("cityCopy", () => {
  it.each(cities)(
    "%s: names the city and county, and its nearest service cities",
    (_, location) => {
      const copy = cityCopy(location);
      expect(copy.heading).toMatch(
        new RegExp(
          `^Window cleaning in ${location.name}, (${location.county} County|${location.county} and \\w+ counties)$`,
        ),
      );
      expect(copy.paragraphs.map((paragraph) => paragraph.text).join(" ")).toContain(location.name);
      expect(copy.nearby.map((neighbour) => neighbour.location.slug)).toEqual(
        nearestLocations(location, NEARBY_COUNT).map((neighbour) => neighbour.location.slug),
      );
      expect(copy.facts.find((fact) => fact.label === "County")?.value).toContain(location.county);
    },
  );

  it("places Odessa in Pasco, its ZIP code reaching into Keystone, Hillsborough (issue #55)", () => {
    const copy = cityCopy(city("odessa"));
    expect(copy.heading).toBe("Window cleaning in Odessa, Pasco County");
    expect(copy.facts).toContainEqual({
      label: "Over the county line",
      value: "ZIP code 33556 reaches into Keystone, in Hillsborough County",
      sources: ["zips"],
    });
    expect(fullText(city("land-o-lakes"))).toContain("south-central Pasco County");
  });

  it("gives Madeira Beach, Belleair and Trinity the ZIP codes the Postal Service names after them", () => {
    expect(cityCopy(city("madeira-beach")).zips[0]?.text).toBe(
      "The Postal Service names 33708 and 33738 Madeira Beach, and we serve both.",
    );
    expect(cityCopy(city("trinity")).zips[0]?.text).toBe(
      "The Postal Service names 34655 Trinity, and we serve it.",
    );
    expect(fullText(city("trinity"))).not.toContain("34688 (Trinity)");
  });

  it("names the water a shore city meets", () => {
    for (const location of LOCATIONS) {
      const { shore } = getLocationDetail(location.slug);
      const text = cityCopy(location)
        .paragraphs.map((paragraph) => paragraph.text)
        .join(" ");
      if (shore.kind === "barrier-island") expect(text).toContain(shore.behind);
      if (shore.kind === "gulf" || shore.kind === "bay") expect(text).toContain(shore.water);
      if (shore.kind === "river") expect(text).toContain("Pithlachascotee");
    }
  });

  it("describes one kind of water one way: Hillsborough Bay and Old Tampa Bay, both upper Tampa Bay (issue #44)", () => {
    const descriptions = new Map<string, Set<string>>();
    for (const location of LOCATIONS) {
      const { shore } = getLocationDetail(location.slug);
      if (shore.kind !== "bay") continue;
      const text = cityCopy(location)
        .paragraphs.map((paragraph) => paragraph.text)
        .join(" ");
      const described = /brackish/.test(text) ? "brackish" : /\bsalt\b/.test(text) ? "salt" : "-";
      const part = BAYS[shore.water].part;
      descriptions.set(part, new Set([...(descriptions.get(part) ?? []), described]));
    }
    for (const [part, described] of descriptions) expect([part, described.size]).toEqual([part, 1]);
    expect(descriptions.get("upper Tampa Bay")).toEqual(new Set(["brackish"]));
  });

  it("keeps every pair of cities' local text apart (word 5-gram Jaccard within the doorway limit)", () => {
    const [worst] = pairScores(
      LOCATIONS.map((location) => ({ name: location.name, text: fullText(location) })),
    );
    expect(worst?.score, worst?.pair).toBeLessThanOrEqual(MAX_LOCAL_TEXT_SIMILARITY);
  });
});

describe('every city page says only what is true (docs/pages.md, "City pages")', () => {
  it.each(cities)(
    "%s: no sentence breaks the county, Gulf, water or distance rule",
    (_, location) => {
      expect(pageTexts(location).flatMap((text) => ruleViolations(location, text))).toEqual([]);
    },
  );

  it.each(cities)("%s: prints distances, each one computed from the coordinates", (_, location) => {
    const printed = pageTexts(location).flatMap((text) => [
      ...text.matchAll(/\b\d+ (?:miles?|mi)\b/g),
    ]);
    // The nearby list at least; on most pages the county seat, downtown Tampa or the coast besides.
    expect(printed.length).toBeGreaterThanOrEqual(NEARBY_COUNT);
    for (const neighbour of cityCopy(location).nearby)
      expect(neighbour.miles).toBe(
        Math.max(1, Math.round(distanceMiles(location, neighbour.location))),
      );
  });

  it.each(cities)(
    "%s: the hero's county sentence names a place of its county first, any other across the line",
    (_, location) => {
      const { localNeighbours } = cityCopy(location);
      const [first, ...rest] = localNeighbours;
      expect(first?.county).toBe(location.county);
      const local = localBenefitText(location.county, localNeighbours);
      for (const place of rest) {
        const neighbour = LOCATIONS.find((candidate) => candidate.name === place.name);
        expect(neighbour && distanceMiles(location, neighbour)).toBeLessThanOrEqual(
          LOCAL_NEIGHBOUR_MILES,
        );
        if (place.county !== location.county)
          expect(local).toContain(`across the line, ${place.name} in ${place.county} County`);
      }
    },
  );

  it("sets on the Gulf coast exactly the cities whose recorded shore is on the Gulf", () => {
    for (const location of LOCATIONS) {
      const setting = cityCopy(location).facts.find((fact) => fact.label === "Setting")?.value;
      const gulfFront = isGulfFront(getLocationDetail(location.slug).shore);
      expect([location.name, /Gulf coast|barrier-island/i.test(setting ?? "")]).toEqual([
        location.name,
        gulfFront,
      ]);
    }
    // Issue #32: Belleair looks over Clearwater Harbor; New Port Richey is up the Pithlachascotee.
    for (const slug of ["belleair", "new-port-richey"])
      expect(isGulfFront(getLocationDetail(slug).shore), slug).toBe(false);
  });
});

describe("every figure of a city page names its source (issue #44)", () => {
  const FIGURE = /\b\d+ (?:miles?|mi)\b|\bless than a mile\b|\b\d{5}\b/;
  it.each(cities)("%s: its ZIP codes, and a source for each figure", (_, location) => {
    const copy = cityCopy(location);
    const listed = new Set(copy.sources.map((source) => source.id));
    const blocks = [
      ...copy.paragraphs.map(({ text, sources }) => ({ text, sources })),
      ...copy.zips,
      ...copy.facts.map((fact) => ({ text: `${fact.label} ${fact.value}`, sources: fact.sources })),
    ];
    for (const block of blocks) {
      if (FIGURE.test(block.text)) expect(block.sources, block.text).not.toEqual([]);
      for (const id of block.sources) expect(listed.has(id), id).toBe(true);
    }
    const own = townZips(location);
    const cityZips = own.length > 0 ? own : zipsNear(location);
    expect(cityZips.length).toBeGreaterThan(0);
    for (const { zip } of cityZips) expect(copy.zips[0]?.text).toContain(zip);
  });
});
