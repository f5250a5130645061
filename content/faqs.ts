import { SERVICE_AREA_LABEL, SERVICE_COUNTIES_LABEL } from "@/content/locations";
import { PLANS } from "@/content/plans";
import { FUTURE_VISIT_DISCOUNT_PERCENT, PANE_RANGES, PRICE_TABLE } from "@shared/content/pricing";
import { SITE } from "@/content/site";

/** Plain-text Q&As: the home page shows every one, and its FAQPage JSON-LD is built from this exact list. */
export type Faq = { question: string; answer: string };

const smallestRange = PANE_RANGES[0];
const lowestPlanPrice = Math.min(
  ...PANE_RANGES.flatMap((range) => PLANS.map((plan) => PRICE_TABLE[range.id][plan.frequency])),
);
const planNames = new Intl.ListFormat("en-US", { type: "conjunction" }).format(
  PLANS.map((plan) => plan.name),
);

export const HOME_FAQS = [
  {
    question: "How much does window cleaning cost?",
    answer: `The price depends on how many window panes your property has. A one-time clean starts at $${PRICE_TABLE[smallestRange.id].initial} for ${smallestRange.id} panes, and maintenance plan members pay from $${lowestPlanPrice} for their first visit, then ${FUTURE_VISIT_DISCOUNT_PERCENT}% off every visit after that. The instant quote calculator shows the estimate for your home.`,
  },
  {
    question: "Are you licensed and insured?",
    answer: `Yes. ${SITE.brand} is fully licensed and insured, so your home, your property and our crew are covered on every job.`,
  },
  {
    question: "What does your satisfaction guarantee cover?",
    answer: `Every clean is backed by a 100% satisfaction guarantee. If any area falls short, let us know within ${SITE.refundWindowHours} hours and we will re-clean it free of charge; if you are still not satisfied, you can request a refund.`,
  },
  {
    question: "What happens if it rains right after my windows are cleaned?",
    answer: `Plan services come with a ${SITE.rainGuaranteeDays}-day rain guarantee: if it rains within ${SITE.rainGuaranteeDays} days of your plan service, we come back and re-clean for free.`,
  },
  {
    question: "Which areas do you serve?",
    answer: `We serve ${SERVICE_AREA_LABEL} across ${SERVICE_COUNTIES_LABEL}, inland and along the Gulf beaches. Every city we cover has its own page listed under Locations.`,
  },
  {
    question: "How quickly can I get a quote?",
    answer: `Quotes are free, with no obligation, and usually the same day. The instant quote calculator gives you an estimate right away, and we answer every quote request within ${SITE.responseHours} hours.`,
  },
  {
    question: "How often should I have my windows cleaned?",
    answer: `Most Tampa Bay homes look their best with a professional clean every three months, as pollen, salt air and summer storms build up on the glass. Homes on the water or near sprinklers may want monthly visits, while others are fine twice a year. Our ${planNames} plans match those schedules.`,
  },
] as const satisfies readonly Faq[];
