import {
  ADD_ONS,
  FUTURE_VISIT_DISCOUNT_PERCENT,
  type PlanFrequency,
  formatUsd,
  planDiscount,
} from "@shared/content/pricing";
import { GUARANTEES } from "@/content/guarantees";
import { PLANS, maxYearlySavingUsd } from "@/content/plans";
import { SITE } from "@/content/site";

/** Copy for the three plan landing pages. Prices and savings are read from the price table, never typed. */
export type PlanPageCopy = {
  headline: string;
  intro: string;
  metaDescription: string;
};

export type Faq = { question: string; answer: string };

/** A titled card; `when` is a season or month span shown above the title. */
export type InfoCard = { title: string; when?: string; body: string };

/** A section of info cards: its anchor and heading, then the cards. */
export type InfoCardSectionCopy = {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  cards: readonly InfoCard[];
};

const rainDays = SITE.rainGuaranteeDays;
// Typed so that reordering PLANS fails the build instead of quoting another plan's figures.
const monthly: Extract<(typeof PLANS)[number], { frequency: "monthly" }> = PLANS[0];
const futurePercent = FUTURE_VISIT_DISCOUNT_PERCENT;
const addOnList = ADD_ONS.map(
  (addOn) => `${addOn.label.toLowerCase()} (+${formatUsd(addOn.price)})`,
).join(", ");

export const PLAN_PAGES = {
  monthly: {
    headline: "Spotless windows, every single month",
    intro:
      "The Monthly plan puts your home on a set schedule with priority booking, so pollen, salt and water spots never get the chance to build up. Cancel anytime.",
    metaDescription: `Monthly window cleaning in Tampa Bay: ${formatUsd(planDiscount("monthly"))} off your first visit, ${futurePercent}% off every visit after, priority scheduling and a ${rainDays}-day rain guarantee. Cancel anytime.`,
  },
  quarterly: {
    headline: "A clean for every Tampa Bay season",
    intro:
      "Four visits a year, timed around oak pollen, lovebug flights, summer storms and the dry months. Our most popular plan, with priority, flexible scheduling.",
    metaDescription: `Quarterly window cleaning timed to Tampa Bay's seasons: ${formatUsd(planDiscount("quarterly"))} off your first visit, ${futurePercent}% off future visits and free hard water removal on every plan service.`,
  },
  biannual: {
    headline: "A spring clean and a fall clean, taken care of",
    intro:
      "Two visits a year clear the glass after pollen season and again after the summer rains, for homeowners who want clean windows without a busy schedule.",
    metaDescription: `Bi-annual window cleaning in spring and fall for Tampa Bay homes and businesses: ${formatUsd(planDiscount("biannual"))} off your first visit, ${futurePercent}% off future visits and a ${rainDays}-day rain guarantee.`,
  },
} as const satisfies Record<PlanFrequency, PlanPageCopy>;

/** The Monthly page's FAQ (docs/pages.md, "Plan pages"): cancel anytime, what is included, savings, rain. */
export const MONTHLY_FAQS = [
  {
    question: "Can I cancel anytime?",
    answer: `Yes. The Monthly plan has no long-term commitment. Call us at ${SITE.phone.display} or e-mail ${SITE.email} and we take your home off the schedule.`,
  },
  {
    question: "What is included in each visit?",
    answer: `Each visit cleans the windows in the pane range you booked, with free hard water removal (a ${SITE.freeHardWaterValue} value) as a plan benefit. You can add ${addOnList} to any visit.`,
  },
  {
    question: "How much do I save?",
    answer: `Your first visit is ${formatUsd(planDiscount("monthly"))} less than a one-time clean, and every visit after it is ${futurePercent}% off. Across ${monthly.cleaningsPerYear} cleanings a year, Monthly members save up to ${maxYearlySavingUsd(monthly)} a year.`,
  },
  {
    question: "What if it rains right after my clean?",
    answer: `Our ${rainDays}-day rain guarantee covers it: if it rains within ${rainDays} days of a plan service, we come back and re-clean free of charge. Just give us a call.`,
  },
] as const satisfies readonly Faq[];

/** The Quarterly page's walk through Tampa Bay's year. True statements only. */
export const TAMPA_BAY_SEASONS = [
  {
    when: "Late winter to spring",
    title: "Oak pollen",
    body: "Live and laurel oaks shed yellow-green pollen across the bay area. It settles on sills, screens and glass, and morning dew turns it into a film that smears when wiped dry.",
  },
  {
    when: "May and September",
    title: "Lovebug flights",
    body: "Florida's lovebugs swarm twice a year, in late spring and again in late summer. Their remains cling to glass and screens and lift far more easily soon after a flight than weeks later.",
  },
  {
    when: "June to September",
    title: "Summer storms",
    body: "Afternoon thunderstorms are part of most summer days. Rain splashes sand and soil onto lower panes, and the water that dries on the glass leaves spots behind.",
  },
  {
    when: "June 1 to November 30",
    title: "Hurricane season",
    body: "Wind-driven rain and salt spray from passing tropical weather leave a crust on windows, coastal homes most of all. A clean after the weather clears is also a good moment to check screens and seals.",
  },
  {
    when: "December to February",
    title: "Dry winter",
    body: "Winter is the bay area's dry season: lower humidity, fewer storms and mild days make it the easiest time of year to get glass, screens and tracks truly clear.",
  },
] as const satisfies readonly InfoCard[];

/** The Quarterly page's own section: the seasons above. */
export const QUARTERLY_SEASONS_SECTION = {
  id: "seasons",
  eyebrow: "Timed to the seasons",
  title: "Four visits for Tampa Bay's year",
  intro:
    "Every season leaves its own mark on your glass. A visit every three months clears each one before it sets in.",
  cards: TAMPA_BAY_SEASONS,
} as const satisfies InfoCardSectionCopy;

/** Every plan page's guarantees, each under its short term. */
export const PLAN_GUARANTEES_SECTION = {
  id: "guarantee",
  eyebrow: "Our guarantee",
  title: "Clean windows, or we make it right",
  cards: GUARANTEES.map((guarantee) => ({
    when: guarantee.term,
    title: guarantee.title,
    body: guarantee.summary,
  })),
} as const satisfies InfoCardSectionCopy;

/** The Bi-Annual page's two visits. */
export const BIANNUAL_VISITS = [
  {
    when: "Spring",
    title: "After the pollen settles",
    body: "The spring visit lifts the film of oak pollen and winter dust, and clears the spots left by the first lovebug flight, so your home starts the summer with bright, clear glass.",
  },
  {
    when: "Fall",
    title: "After the summer rains",
    body: "The fall visit removes storm spotting, salt and the remains of the September lovebug flight, leaving the windows clear for the dry, sunny months and for guests over the holidays.",
  },
] as const satisfies readonly InfoCard[];

/** The Bi-Annual page's property types. */
export const BIANNUAL_PROPERTY_TYPES = [
  {
    title: "Single-story homes",
    body: "Every pane is within reach, cleaned by hand with a T-bar mop and squeegee for a streak-free finish.",
  },
  {
    title: "Two-story homes",
    body: "Upper windows are cleaned from the ground with a water-fed pole and deionized water, with no ladders leaning on your landscaping.",
  },
  {
    title: "Waterfront and coastal homes",
    body: "Salt spray from the Gulf and the bay builds up faster near the water. Two visits a year keep it in check; homes right on the shore often move up to Quarterly.",
  },
  {
    title: "Offices and storefronts",
    body: "A spring and fall clean keeps a small business's glass presentable. Busy storefronts with heavy foot traffic tend to choose Monthly.",
  },
] as const satisfies readonly InfoCard[];
