import { BAYS, type Feature, type SaltExposure, type Shore } from "./location-details";

/**
 * The conditions copy of the city pages: what salt, well water, lakes, canals, oaks and the like do
 * to windows. Each paragraph is keyed by a fact recorded for the city in
 * content/location-details.ts (its shore, its features) or measured (its distance to tidal
 * water), and its sentences claim nothing beyond that fact (docs/pages.md, "City pages"). One
 * wording per sentence: a city with nothing recorded on a topic gets no paragraph on it.
 */
/** One paragraph: its sentences, in order. */
export type ParagraphCopy<Facts> = readonly ((facts: Facts) => string)[];

type City = { city: string };
/** A shore city and the water it meets. */
export type WaterFacts = City & { water: string };
/** A city without a shore of its own and its measured distance to tidal water ("9 miles"). */
export type CoastFacts = City & { tidal: string };

/**
 * Which shore paragraph a city gets: its shore kind, a bay by its one salinity (`BAYS`); a river
 * town or a city without a shore of its own by its measured distance to tidal water: inland
 * beyond `inlandMiles`, near the tide within it.
 */
export type ShoreCopyKey =
  "barrier-island" | "gulf" | "salt-bay" | "brackish-bay" | "inland" | "near-tide";

export function shoreCopyKey(shore: Shore, tidalMiles: number, inlandMiles: number): ShoreCopyKey {
  switch (shore.kind) {
    case "barrier-island":
    case "gulf":
      return shore.kind;
    case "bay":
      return BAYS[shore.water].salinity === "salt" ? "salt-bay" : "brackish-bay";
    case "river":
    case "none":
      return tidalMiles >= inlandMiles ? "inland" : "near-tide";
  }
}

/** The salt each shore paragraph speaks of: a paragraph may only reach a city with that exposure. */
export const SHORE_SALT: Record<ShoreCopyKey, SaltExposure> = {
  "barrier-island": "beach-spray",
  gulf: "shore-air",
  "salt-bay": "shore-air",
  "brackish-bay": "little",
  inland: "little",
  "near-tide": "little",
};

const onShore = {
  "barrier-island": [
    (f) =>
      `${f.city} has salt water on both sides, the Gulf in front and ${f.water} behind, and salt spray dries on its windows as a dull, sticky film within weeks.`,
  ],
  gulf: [
    (f) =>
      `With ${f.water} close by, sea breezes bring salt air into ${f.city}, and glass facing the water hazes over first.`,
  ],
  "salt-bay": [
    (f) =>
      `Along ${f.water}, the breeze that keeps ${f.city} pleasant also carries salt to the buildings near the shore.`,
  ],
  "brackish-bay": [
    (f) =>
      `${f.city} sits on the calm, brackish upper end of ${f.water}, so its waterfront glass gets far less salt spray than windows on the Gulf beaches.`,
  ],
} as const satisfies Record<
  Exclude<ShoreCopyKey, "inland" | "near-tide">,
  ParagraphCopy<WaterFacts>
>;

/** A city measured to be inland: far from any tide, so the beaches' salt spray is not its problem. */
const inland: ParagraphCopy<CoastFacts> = [
  (f) =>
    `${f.city} is ${f.tidal} in a straight line from the nearest tidal water, out of reach of the beaches' salt spray.`,
];

/** A river town or a city without a shore of its own, near tidal water: the measurement, no claim about salt. */
const nearTide: ParagraphCopy<CoastFacts> = [
  (f) =>
    `${f.city}'s point on the map lies ${f.tidal} in a straight line from the nearest tidal water; how much sea air a window gets depends on its street.`,
];

const features = {
  lakes: [
    (f) =>
      `Lakefront ${f.city} homes that water their lawns from the lake get that spray on the lake-side glass.`,
  ],
  wells: [
    (f) =>
      `Some ${f.city} lots irrigate from a private well, whose hard water dries to white spots and, where it carries iron, rust-orange streaks.`,
  ],
  canals: [
    (f) =>
      `Many ${f.city} homes back onto canals, and the glass facing the canal, the pool cage and the lanai screens carry the heaviest salt film.`,
  ],
  "high-rise": [
    (f) =>
      `${f.city} has office buildings and condominium towers as well as houses; high-rise work is available, so tell us about the building when you ask for a quote.`,
  ],
  "new-construction": [
    (f) =>
      `New homes are still going up around ${f.city}; for labels, paint flecks and stucco on new glass, answer yes to the post-construction question and we quote that clean on its own.`,
  ],
  "main-street": [
    (f) =>
      `Downtown ${f.city}'s storefronts take fingerprints and street dust every day, and we can clean them before or after opening hours.`,
  ],
  oaks: [
    (f) =>
      `Live oaks shade many ${f.city} streets, and from late winter into spring their pollen and catkins coat screens, sills and glass.`,
  ],
} as const satisfies Record<Feature, ParagraphCopy<City>>;

/** The salt each feature paragraph speaks of, if any: canal copy needs salt water at the door. */
export const FEATURE_SALT: Partial<Record<Feature, Exclude<SaltExposure, "little">>> = {
  canals: "shore-air",
};

/** The "Setting" fact of a city page, by shore; a city without a shore of its own has one only when it is measured inland. */
export const SETTING_FACT = {
  "barrier-island": (shore: { behind: string }) =>
    `Barrier-island beach town, between the Gulf and ${shore.behind}`,
  gulf: (shore: { water: string }) =>
    `On the Gulf coast${shore.water === "the Gulf of Mexico" ? "" : ` by ${shore.water}`}`,
  bay: (shore: { water: string }) => `On the shore of ${shore.water}`,
  river: (shore: { river: string }) => `On ${shore.river}, a few miles upstream from the Gulf`,
  inland: "Inland",
};

/** The closing sentence on businesses: along the city's main roads, or in the nearby cities of a town of homes. */
export const BUSINESS_COPY = {
  mainRoads: (city: string, roads: string) =>
    `For businesses in ${city} we clean offices, storefronts and shop windows, including along ${roads}.`,
  mostlyHomes: (city: string, nearby: string) =>
    `${city} is mostly homes; for offices and shop windows we also work in nearby ${nearby}.`,
};

export const CONDITION_COPY = {
  onShore,
  inland,
  nearTide,
  features,
} as const;
