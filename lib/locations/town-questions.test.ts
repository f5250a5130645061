import { describe, expect, it } from "vitest";
import { getLocation, LOCATIONS } from "@/content/locations";
import { SITE } from "@/content/site";
import { formatTime } from "@/lib/opening-hours";
import { checkZip } from "@/lib/service-area/lookup";
import {
  COUNTY_QUESTIONS,
  QUESTION_SOURCES,
  RECLAIMED_WATER,
  reclaimedWaterOf,
  type QuestionSourceId,
} from "@/content/town-questions";
import { townQuestions, zipTownsOf } from "./town-questions";

const ids = (slug: string) => {
  const location = getLocation(slug);
  if (!location) throw new Error(`no city ${slug}`);
  return townQuestions(location).map((entry) => entry.id);
};

describe("town questions (content/town-questions.ts)", () => {
  it("asks each town only what its recorded facts call for", () => {
    // A main street on a sound open to the Gulf (salt air), and its city's own reclaimed water.
    expect(ids("dunedin")).toEqual(["storefront-hours", "reclaimed-supplier", "storm-salt"]);
    // Oaks: their pollen on the screens; salt air off Clearwater Harbor; no recorded reclaimed supplier.
    expect(ids("belleair")).toEqual(["oak-screens", "storm-salt"]);
    // Private wells and a main street, inland.
    expect(ids("brooksville")).toEqual(expect.arrayContaining(["well-stains", "storefront-hours"]));
    expect(ids("brooksville")).not.toContain("storm-salt");
    // Canals and new subdivisions on the bay; the towns the ZIP check sends it.
    expect(ids("apollo-beach")).toEqual(["zip-towns", "gate-access", "storm-salt"]);
    // A barrier island.
    expect(ids("madeira-beach")).toContain("storm-salt");
    // Towers downtown, a brackish bay: no storm rinse.
    expect(ids("tampa")).toContain("high-rise");
    expect(ids("tampa")).not.toContain("storm-salt");
    // Hillsborough's reclaimed water outside the City of Tampa is not recorded.
    expect(ids("tampa")).toContain("reclaimed-supplier");
    expect(ids("lutz")).not.toContain("reclaimed-supplier");
  });

  it("names a town's reclaimed-water supplier only where a page says who it is, linking that page", () => {
    for (const location of LOCATIONS) {
      const entry = townQuestions(location).find(
        (question) => question.id === "reclaimed-supplier",
      );
      const recorded = reclaimedWaterOf(location.slug);
      if (!recorded) {
        expect(entry, location.slug).toBeUndefined();
        continue;
      }
      expect(entry?.question, location.slug).toContain(location.name);
      expect(entry?.answer, location.slug).toMatch(new RegExp(`^${recorded.supplier}, `));
      expect(entry?.sources, location.slug).toEqual([recorded.source]);
      expect(entry?.answer, location.slug).toContain(QUESTION_SOURCES[recorded.source].anchor);
      // The days are the supplier's to set and a shortage order's to change: never copied here.
      expect(entry?.answer).not.toMatch(/Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    }
    // No two towns share one supplier's page: each answer is its own town's.
    const pages = Object.values(RECLAIMED_WATER).map((entry) => entry.source);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("names towns for Apollo Beach and Thonotosassa whose every code the ZIP check answers with that town", () => {
    for (const slug of ["apollo-beach", "thonotosassa"]) {
      const location = getLocation(slug);
      if (!location) throw new Error(slug);
      const towns = zipTownsOf(location);
      expect(towns.length, slug).toBeGreaterThan(0);
      for (const { town, zips } of towns)
        for (const zip of zips)
          expect(checkZip(zip), zip).toMatchObject({
            place: town,
            served: true,
            city: { name: location.name },
          });
    }
  });

  it("gives storefront hours from the opening hours, never typed", () => {
    const storefront = townQuestions(getLocation("dunedin")!).find(
      (entry) => entry.id === "storefront-hours",
    );
    for (const hours of SITE.openingHours) {
      expect(storefront?.answer).toContain(formatTime(hours.opens));
    }
  });

  it("answers a county's question once, citing each authority in its own words", () => {
    for (const entry of COUNTY_QUESTIONS) {
      expect(entry.sources.length, entry.id).toBeGreaterThan(0);
      for (const id of entry.sources) expect(entry.answer).toContain(QUESTION_SOURCES[id].anchor);
      // The days are the supplier's to set and a shortage order's to change: never copied here.
      expect(entry.answer).not.toMatch(/Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/);
    }
    for (const location of LOCATIONS)
      expect(ids(location.slug), location.slug).not.toEqual(
        expect.arrayContaining(COUNTY_QUESTIONS.map((entry) => entry.id)),
      );
  });

  it("answers at least one question on most pages, and every answer cites what it rests on", () => {
    const answered = LOCATIONS.filter((location) => townQuestions(location).length > 0);
    expect(answered.length).toBeGreaterThan(LOCATIONS.length / 2);
    for (const location of LOCATIONS)
      for (const entry of townQuestions(location))
        if (/\b\d{5}\b|iron|water district/.test(entry.answer))
          expect(entry.sources, `${location.name}: ${entry.question}`).not.toEqual([]);
    // Each page an answer cites is linked from its own words in that answer.
    for (const location of LOCATIONS)
      for (const entry of townQuestions(location))
        for (const id of entry.sources)
          if (id in QUESTION_SOURCES)
            expect(entry.answer).toContain(QUESTION_SOURCES[id as QuestionSourceId].anchor);
  });
});
