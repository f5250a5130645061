import type { County } from "./locations";
import { SITE } from "./site";

/** A service city named in the local benefit, with the county it lies in. */
export type NamedPlace = { name: string; county: County };

/**
 * "We work all over X County, including nearby A and B": only places in X are named under X; a
 * place over the county line is named as "across the line, A in Y County" (docs/pages.md, "City
 * pages"). The neighbours come nearest first. A county with ZIP codes we do not serve is "all over
 * X County except" those, each named with its code ("Lacoochee (33537)").
 */
export function localBenefitText(
  county: County,
  neighbours: readonly NamedPlace[],
  exceptions: readonly string[],
): string {
  const inCounty = neighbours.filter((place) => place.county === county).map((p) => p.name);
  const across = neighbours
    .filter((place) => place.county !== county)
    .map((place) => `across the line, ${place.name} in ${place.county} County`);
  const except = exceptions.length > 0 ? ` except ${listOf(exceptions)}` : "";
  const all = `We work all over ${county} County${except}`;
  const overTheLine = across.map((clause) => ` and, ${clause}`).join("");
  return inCounty.length > 0
    ? `${all}, including nearby ${inCounty.join(" and ")}${overTheLine}.`
    : `${all}${overTheLine}.`;
}

const listOf = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

/** The fixed blocks of every city page (docs/pages.md, "City pages"), kept short: the local text is the substance. */
export type Benefit = {
  id: "local" | "insured" | "scheduling" | "guarantee";
  title: string;
  text: (place: {
    city: string;
    county: County;
    neighbours: readonly NamedPlace[];
    /** The ZIP codes of the county we do not serve, "Lacoochee (33537)". */
    countyExceptions: readonly string[];
    /** Opening hours in one line, e.g. "Mon–Fri 8 AM – 6 PM, Sat 9 AM – 3 PM, Sun closed". */
    hours: string;
  }) => string;
};

export const LOCATION_BENEFITS = [
  {
    id: "local",
    title: "Local Experts",
    text: ({ county, neighbours, countyExceptions }) =>
      localBenefitText(county, neighbours, countyExceptions),
  },
  {
    id: "insured",
    title: "Fully Insured",
    text: () => "Licensed and insured on every job.",
  },
  {
    id: "scheduling",
    title: "Flexible Scheduling",
    text: ({ hours }) => `One-time cleans or a plan, booked around you: ${hours}.`,
  },
  {
    id: "guarantee",
    title: "Satisfaction Guaranteed",
    text: () =>
      `A free re-clean or a refund, if you tell us within ${SITE.refundWindowHours} hours.`,
  },
] as const satisfies readonly Benefit[];

/** The line above a city page's nearby list: its distances are straight lines. */
export const nearbyIntro = (city: string) =>
  `The service cities closest to ${city}, in a straight line:`;

export const locationCtaCopy = (city: string) => ({
  title: `Clear windows in ${city}, without the ladder work`,
  intro: "Free, no-obligation quotes, usually the same day.",
});

/** One line under each service card's title; the card lists the service's points from content/services.ts. */
export const SERVICE_INTROS = {
  residential: (city: string) =>
    `For ${city} homes: the glass outside every visit, inside when you add it.`,
  commercial: (city: string) => `For ${city} offices, shops and buildings.`,
} as const;
