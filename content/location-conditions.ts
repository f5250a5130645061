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
    // Its place sentence already says it lies between the Gulf and the water behind it.
    (f) => `Salt spray dries on ${f.city}'s windows as a dull, sticky film within weeks.`,
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
      `${f.city} sits on the calm, brackish upper end of ${f.water}, with far less salt spray than the Gulf beaches.`,
  ],
} as const satisfies Record<
  Exclude<ShoreCopyKey, "inland" | "near-tide">,
  ParagraphCopy<WaterFacts>
>;

/** A city measured to be inland: its distance from any tide says it (no salt is claimed for it). */
const inland: ParagraphCopy<CoastFacts> = [
  (f) => `${f.city} is ${f.tidal} in a straight line from the nearest tidal water.`,
];

/** A river town or a city without a shore of its own, near tidal water: the measurement, no claim about salt. */
const nearTide: ParagraphCopy<CoastFacts> = [
  (f) =>
    `${f.city}'s point on the map lies ${f.tidal} in a straight line from the nearest tidal water.`,
];

/** A feature's paragraph; wells, a main street, towers and oaks are answered as town questions instead (content/town-questions.ts). */
const features: Partial<Record<Feature, ParagraphCopy<City>>> = {
  lakes: [
    (f) =>
      `Lakefront ${f.city} homes that water their lawns from the lake get that spray on the lake-side glass.`,
  ],
  canals: [
    (f) =>
      `Many ${f.city} homes back onto canals, and the glass facing the canal, the pool cage and the lanai screens carry the heaviest salt film.`,
  ],
  "new-construction": [
    (f) =>
      `New homes are still going up around ${f.city}; the quote prices a post-construction clean on its own.`,
  ],
};

/** The salt each feature paragraph speaks of, if any: canal copy needs salt water at the door. */
export const FEATURE_SALT: Partial<Record<Feature, Exclude<SaltExposure, "little">>> = {
  canals: "shore-air",
};

/** The "Setting" fact of a city page, by shore; a city without a shore of its own has none (its shore paragraph says whether it is inland). */
export const SETTING_FACT = {
  "barrier-island": (shore: { behind: string }) =>
    `Barrier-island beach town, between the Gulf and ${shore.behind}`,
  gulf: (shore: { water: string }) =>
    `On the Gulf coast${shore.water === "the Gulf of Mexico" ? "" : ` by ${shore.water}`}`,
  bay: (shore: { water: string }) => `On the shore of ${shore.water}`,
  river: (shore: { river: string }) => `On ${shore.river}, a few miles upstream from the Gulf`,
};

/** For a town of homes, where its offices and shop windows are: in the nearby service cities named. */
export const mostlyHomesCopy = (city: string, nearby: string) =>
  `${city} is mostly homes; for offices and shop windows we also work in nearby ${nearby}.`;

export const CONDITION_COPY = {
  onShore,
  inland,
  nearTide,
  features,
} as const;
