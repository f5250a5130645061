import type { Feature, SaltExposure } from "./location-details";
import type { County } from "./locations";
import { SITE } from "./site";

/**
 * Questions a town's residents ask, each answered by the business's own policy or by a public
 * fact whose source the page lists (docs/pages.md, "Town questions"). A question reaches a town
 * only when the town's recorded facts call for it; fewer answers rather than invented ones.
 */

/**
 * Public pages an answer rests on, listed in the page's Sources by publisher; the answer links
 * its `anchor` words to the page, so the authority is one tap away where the question is read.
 */
export const QUESTION_SOURCES = {
  "watering-rules": {
    used: "Watering rules",
    publisher: "Southwest Florida Water Management District",
    url: "https://www.swfwmd.state.fl.us/",
    anchor: "the water district's rules",
  },
  "reclaimed-schedule": {
    used: "Reclaimed-water schedule",
    publisher: "Pinellas County Utilities",
    url: "https://www.pinellascounty.org/utilities/reclaim-irrigation.htm",
    anchor: "Pinellas County Utilities",
  },
  "well-iron": {
    used: "Iron in well water",
    publisher: "University of Florida IFAS, Gardening Solutions",
    url: "https://gardeningsolutions.ifas.ufl.edu/giam/maintenance_and_care/watering_and_irrigation/iron_water.html",
    anchor: "most Florida well water",
  },
} as const;
export type QuestionSourceId = keyof typeof QUESTION_SOURCES;

/** What a question may read of its town: recorded facts, and what the site computes for it. */
export type TownFacts = {
  city: string;
  county: County;
  features: readonly Feature[];
  salt: SaltExposure;
  /** Towns the ZIP check sends to this city (nearer it than any other of ours), with their codes. */
  zipTowns: readonly { town: string; zips: readonly string[] }[];
  /** When the day's first visit starts: "8 AM Mon–Fri and 9 AM Sat". */
  firstSlot: string;
};

export type TownQuestion = {
  id: string;
  /** Whether the town's facts call for the question. */
  asks: (town: TownFacts) => boolean;
  question: (town: TownFacts) => string;
  answer: (town: TownFacts) => string;
  /** Public sources the answer rests on; none for the business's own policy. */
  sources: readonly QuestionSourceId[];
  /** Sources of figures the answer computes (ZIP codes): ids of lib/locations/sources.ts. */
  computedFrom?: readonly ("zips" | "coordinates")[];
};

const listOf = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

/**
 * A question whose answer is the same all over a county (one authority sets it): answered once, on
 * the /locations hub under that county, and each of its town pages links there.
 */
export type CountyQuestion = {
  id: string;
  county: County;
  question: string;
  answer: string;
  sources: readonly QuestionSourceId[];
};

export const COUNTY_QUESTIONS = [
  {
    id: "reclaimed-water",
    county: "Pinellas",
    question: "Which days do Pinellas sprinklers run on reclaimed water?",
    // Which city runs its own reclaimed-water utility is not recorded here: the answer names none.
    answer:
      "Your reclaimed-water supplier sets them (Pinellas County Utilities, or your city's own utility), within the water district's rules, and a water-shortage order can change them.",
    sources: ["reclaimed-schedule", "watering-rules"],
  },
] as const satisfies readonly CountyQuestion[];

/** Where the /locations hub answers a county's question, the fragment its town pages link to. */
export const countyQuestionId = (id: string) => `question-${id}`;

export const TOWN_QUESTIONS = [
  {
    id: "zip-towns",
    asks: (town) => town.zipTowns.length > 0,
    question: (town) => `Do you come to ${listOf(town.zipTowns.map((each) => each.town))}?`,
    answer: (town) =>
      `Yes: ${listOf(town.zipTowns.map((each) => `${each.town} (${listOf(each.zips)})`))} ${town.zipTowns.length > 1 ? "lie" : "lies"} nearer ${town.city} than any other town on our list, and our ZIP check sends ${town.zipTowns.length > 1 ? "them" : "it"} here.`,
    sources: [],
    computedFrom: ["zips", "coordinates"],
  },
  {
    id: "well-stains",
    asks: (town) => town.features.includes("wells"),
    question: (town) => `What leaves orange streaks on ${town.city} windows by the sprinklers?`,
    answer: () =>
      "Often iron: most Florida well water carries it. Our hard water stain removal lifts it, free on plan services.",
    sources: ["well-iron"],
  },
  {
    id: "storefront-hours",
    asks: (town) => town.features.includes("main-street"),
    question: (town) => `Can you clean our ${town.city} storefront before we open?`,
    answer: (town) => `Yes: book the day's first visit, from ${town.firstSlot}.`,
    sources: [],
  },
  {
    id: "gate-access",
    asks: (town) => town.features.includes("new-construction"),
    question: (town) => `Can your crew get into a gated ${town.city} subdivision?`,
    answer: () => "Yes: give us the gate code, or add us to the visitor list for the day.",
    sources: [],
  },
  {
    id: "storm-salt",
    // The beaches and the canals: where salt spray, not just sea air, reaches the glass.
    asks: (town) => town.salt === "beach-spray" || town.features.includes("canals"),
    question: (town) =>
      `A storm salted our ${town.city} windows right after a clean: do you come back?`,
    answer: () =>
      `On a plan, yes: rain within ${SITE.rainGuaranteeDays} days of a plan service, storms included, brings us back free.`,
    sources: [],
  },
  {
    id: "high-rise",
    asks: (town) => town.features.includes("high-rise"),
    question: (town) => `Do you clean ${town.city} condominium towers and offices?`,
    answer: () => "Yes: tell us the building and its floors when you ask for a quote.",
    sources: [],
  },
] as const satisfies readonly TownQuestion[];
