import type { County } from "./locations";

/** A service city named in the local benefit, with the county it lies in. */
export type NamedPlace = { name: string; county: County };

/**
 * "We work all over X County": said once per county, on the hub; a county with ZIP codes we do
 * not serve is "all over X County except" those, each named with its code ("Lacoochee (33537)")
 * (docs/pages.md, "City pages", "County-wide claims").
 */
export function countyCoverageText(county: County, exceptions: readonly string[]): string {
  const except = exceptions.length > 0 ? ` except ${listOf(exceptions)}` : "";
  return `We work all over ${county} County${except}.`;
}

/**
 * The hero's local line, "Nearby, we also work in A and B": only places in X are named under X; a
 * place over the county line is named as "across the line, A in Y County" (docs/pages.md, "City
 * pages"). The neighbours come nearest first.
 */
export function localBenefitText(county: County, neighbours: readonly NamedPlace[]): string {
  const inCounty = neighbours.filter((place) => place.county === county).map((p) => p.name);
  const across = neighbours
    .filter((place) => place.county !== county)
    .map((place) => `across the line, ${place.name} in ${place.county} County`);
  return `Nearby, we also work in ${[inCounty.join(" and "), ...across].filter(Boolean).join(" and, ")}.`;
}

const listOf = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

/** The line above a city page's nearby list (under "Nearby service areas"): its distances are straight lines. */
export const NEARBY_INTRO = "In a straight line:";

/** The specification's four benefit blocks, as titles only: what each means is the home page's (docs/pages.md, "City pages"). */
export const LOCATION_BENEFITS = [
  "Local Experts",
  "Fully Insured",
  "Flexible Scheduling",
  "Satisfaction Guaranteed",
] as const;
