import { LOCATIONS, type Location } from "./locations";

/**
 * The service communities that are not incorporated towns but census-designated places, each
 * known by its English Wikipedia article (the source of content/locations.ts's points); structured
 * data names them as a Place with that article as `sameAs` (docs/pages.md, "Structured data").
 */
const UNINCORPORATED: ReadonlySet<string> = new Set([
  "land-o-lakes",
  "wesley-chapel",
  "lutz",
  "palm-harbor",
  "odessa",
  "trinity",
  "thonotosassa",
  "spring-hill",
  "hudson",
  "hernando-beach",
  "apollo-beach",
]);

export const isUnincorporated = (location: Location) => UNINCORPORATED.has(location.slug);

/** The community's English Wikipedia article, titled "{name}, Florida" as every one of them is. */
export const placeArticleUrl = (location: Location) =>
  `https://en.wikipedia.org/wiki/${encodeURI(`${location.name.replaceAll(" ", "_")},_Florida`)}`;

/** "17 cities and towns and 11 unincorporated communities": counted from the list, never typed. */
export const COMMUNITY_KINDS_LABEL = (() => {
  const unincorporated = LOCATIONS.filter(isUnincorporated).length;
  return `${LOCATIONS.length - unincorporated} cities and towns and ${unincorporated} unincorporated communities`;
})();
