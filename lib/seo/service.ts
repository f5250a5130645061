import type { Service, WithContext } from "schema-dts";
import { LOCATIONS } from "@/content/locations";
import type { Plan } from "@/content/plans";
import { FUTURE_VISIT_DISCOUNT_PERCENT, formatUsd, planDiscount } from "@shared/content/pricing";
import { firstVisitPriceRange, planPagePath, planTitle } from "@/lib/plans/plan-page";
import { businessReference, city } from "@/lib/seo/local-business";
import { siteUrl } from "@/lib/site-url";

/** A plan page's Service with its Offer: the first-visit price range across home sizes, from the price table. */
export function planServiceJsonLd(plan: Plan): WithContext<Service> {
  const url = siteUrl(planPagePath(plan));
  const firstVisit = firstVisitPriceRange(plan);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: planTitle(plan),
    serviceType: "Window cleaning",
    description: plan.description,
    url,
    provider: businessReference(),
    areaServed: LOCATIONS.map(city),
    offers: {
      "@type": "Offer",
      name: `${plan.name} plan first visit`,
      description: `${formatUsd(planDiscount(plan.frequency))} off the first visit, then ${FUTURE_VISIT_DISCOUNT_PERCENT}% off all future visits. ${plan.cadence}, ${plan.cleaningsPerYear} cleanings a year.`,
      url,
      priceSpecification: {
        "@type": "PriceSpecification",
        priceCurrency: "USD",
        minPrice: firstVisit.min,
        maxPrice: firstVisit.max,
      },
    },
  };
}
