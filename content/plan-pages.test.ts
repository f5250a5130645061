import { describe, expect, it } from "vitest";
import {
  BIANNUAL_PROPERTY_TYPES,
  BIANNUAL_VISITS,
  MONTHLY_FAQS,
  PLAN_PAGES,
  TAMPA_BAY_SEASONS,
} from "./plan-pages";

const allCopy = [
  ...Object.values(PLAN_PAGES).flatMap((page) => [page.headline, page.intro, page.metaDescription]),
  ...MONTHLY_FAQS.flatMap((faq) => [faq.question, faq.answer]),
  ...[...TAMPA_BAY_SEASONS, ...BIANNUAL_VISITS, ...BIANNUAL_PROPERTY_TYPES].flatMap((card) => [
    card.title,
    card.body,
  ]),
];

describe("plan-page copy", () => {
  it("never shows a broken interpolation", () => {
    for (const text of allCopy) expect(text).not.toMatch(/undefined|NaN|\$\{|\[object/);
  });

  it("answers the Monthly page's four questions: cancel, what is included, savings, rain", () => {
    const answers = MONTHLY_FAQS.map((faq) => `${faq.question} ${faq.answer}`);
    expect(answers).toEqual([
      expect.stringMatching(/cancel anytime/i),
      expect.stringMatching(/included/i),
      expect.stringMatching(/\$150.*\b20% off/),
      expect.stringMatching(/7-day rain guarantee/),
    ]);
  });

  it("keeps meta descriptions within what search results show", () => {
    for (const page of Object.values(PLAN_PAGES)) {
      expect(page.metaDescription.length).toBeLessThanOrEqual(160);
    }
  });

  it("names hurricane season's real dates and both lovebug months", () => {
    const seasons = TAMPA_BAY_SEASONS.map((season) => `${season.when} ${season.title}`).join(" ");
    expect(seasons).toContain("June 1 to November 30");
    expect(seasons).toContain("May and September");
  });
});
