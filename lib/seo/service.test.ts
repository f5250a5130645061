import { describe, expect, it } from "vitest";
import { PLANS } from "@/content/plans";
import { PANE_RANGES, PRICE_TABLE } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import { planPageMetadata } from "@/lib/plans/plan-page";
import { planServiceJsonLd } from "./service";

describe("planServiceJsonLd", () => {
  for (const plan of PLANS) {
    it(`describes the ${plan.name} plan as a Service with an Offer from the price table`, () => {
      const service = planServiceJsonLd(plan);
      const column = PANE_RANGES.map((range) => PRICE_TABLE[range.id][plan.frequency]);
      expect(JSON.parse(JSON.stringify(service))).toEqual(service);
      expect(service).toMatchObject({
        "@type": "Service",
        name: `${plan.name} Window Cleaning Plan`,
        url: expect.stringMatching(new RegExp(`/${plan.slug}$`)),
        provider: { "@id": expect.stringMatching(/\/#business$/), name: SITE.brand },
        offers: {
          "@type": "Offer",
          priceSpecification: {
            priceCurrency: "USD",
            minPrice: Math.min(...column),
            maxPrice: Math.max(...column),
          },
        },
      });
    });
  }
});

describe("planPageMetadata", () => {
  it("gives every plan page its own title and description", () => {
    const pages = PLANS.map((plan) => planPageMetadata(plan.frequency));
    expect(new Set(pages.map((page) => page.title)).size).toBe(PLANS.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(PLANS.length);
  });
});
