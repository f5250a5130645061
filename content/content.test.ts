import { describe, expect, it } from "vitest";
import { HOME_FAQS } from "./faqs";
import { GUARANTEES } from "./guarantees";
import {
  LOCATION_ALIASES,
  LOCATIONS,
  SERVICE_COUNTIES,
  SERVICE_COUNTIES_LABEL,
  getLocation,
} from "./locations";
import { REVIEWS } from "./reviews";
import { SERVICES } from "./services";
import { TEAM } from "./team";
import { TECHNIQUES } from "./techniques";

const allCopy = [
  ...HOME_FAQS.flatMap((faq) => [faq.question, faq.answer]),
  ...GUARANTEES.flatMap((guarantee) => [guarantee.title, guarantee.summary, guarantee.term]),
  ...SERVICES.flatMap((service) => [service.summary, ...service.points]),
  ...TEAM.map((member) => member.description),
];

describe("content copy", () => {
  it("never shows a broken interpolation", () => {
    for (const text of allCopy) expect(text).not.toMatch(/undefined|NaN|\$\{|\[object/);
  });

  it("has 5–7 distinct home FAQs, each a question with a real answer", () => {
    expect(HOME_FAQS.length).toBeGreaterThanOrEqual(5);
    expect(HOME_FAQS.length).toBeLessThanOrEqual(7);
    expect(new Set(HOME_FAQS.map((faq) => faq.question)).size).toBe(HOME_FAQS.length);
    for (const faq of HOME_FAQS) {
      expect(faq.question).toMatch(/\?$/);
      expect(faq.answer.length).toBeGreaterThan(60);
    }
  });

  it("states the guarantee terms: 48-hour refund, 7-day rain, $75+ hard water", () => {
    const text = GUARANTEES.map((guarantee) => `${guarantee.title} ${guarantee.summary}`).join(" ");
    expect(text).toContain("100% Satisfaction");
    expect(text).toContain("within 48 hours");
    expect(text).toContain("7-Day Rain Guarantee");
    expect(text).toContain("$75+ value");
    expect(text).not.toMatch(/every service/i);
  });

  it("covers the commercial services and the four techniques", () => {
    const commercial = SERVICES.find((service) => service.id === "commercial");
    expect(commercial?.points).toEqual([
      "Office buildings and storefronts",
      "Scheduled maintenance plans",
      "High-rise available",
    ]);
    expect(TECHNIQUES.map((technique) => technique.title)).toEqual([
      expect.stringMatching(/T-bar mop/),
      expect.stringMatching(/water-fed pole with deionized water/i),
      expect.stringMatching(/squeegee/i),
      expect.stringMatching(/screen cleaning/i),
    ]);
  });

  it("has the three team roles and six five-star verified reviews", () => {
    expect(TEAM.map((member) => member.role)).toEqual([
      "Founder & Owner",
      "Service Manager",
      "Sales Director",
    ]);
    expect(REVIEWS).toHaveLength(6);
    for (const review of REVIEWS) {
      expect(review.rating).toBe(5);
      expect(review.verified).toBe(true);
      expect(review.date).toMatch(/^\d+ (day|week|month|year)s? ago$/);
    }
  });

  it("names each county of the city list once", () => {
    expect(SERVICE_COUNTIES).toEqual(["Pasco", "Hillsborough", "Pinellas", "Hernando"]);
    expect(SERVICE_COUNTIES_LABEL).toBe("Pasco, Hillsborough, Pinellas, and Hernando counties");
  });
});

describe("city page paths", () => {
  /** "St. Petersburg" → "st-petersburg": the path a visitor types from the name the menu shows. */
  const pathOf = (name: string) =>
    name
      .toLowerCase()
      .replace(/['.]/g, "")
      .replace(/[^a-z0-9]+/g, "-");

  it("reach every city by its name as the menu shows it, through its slug or an alias", () => {
    for (const { name, slug } of LOCATIONS) {
      const path = pathOf(name);
      expect(path === slug || LOCATION_ALIASES[path] === slug, name).toBe(true);
    }
  });

  it("never make an alias of a slug, nor point one at a page that does not exist", () => {
    for (const [alias, slug] of Object.entries(LOCATION_ALIASES)) {
      expect(getLocation(alias), alias).toBeUndefined();
      expect(getLocation(slug), alias).toBeDefined();
    }
  });
});
