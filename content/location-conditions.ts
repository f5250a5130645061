import { BAYS, type Feature, type SaltExposure, type Shore } from "./location-details";

/**
 * The conditions copy of the city pages: what salt, sprinkler water, pollen, bugs and storms do to
 * windows. Each paragraph is keyed by a fact recorded for the city in content/location-details.ts
 * (its shore, its features), and its sentences claim nothing beyond that fact and what holds for
 * the whole service area (docs/pages.md, "City pages"). A paragraph is a list of sentence slots with
 * several wordings each, so two cities with the same conditions do not read as one page with the
 * name swapped.
 */
export type Variants<T> = readonly [T, ...T[]];
/** One paragraph: each slot contributes one sentence, in one of its wordings. */
export type ParagraphCopy<Facts> = readonly Variants<(facts: Facts) => string>[];

type City = { city: string };
/** A shore city and the water it meets. */
export type WaterFacts = City & { water: string };
/** A city without a shore of its own and its measured distance to tidal water ("9 miles"). */
export type CoastFacts = City & { tidal: string };
export type CountyFacts = City & { county: string };
export type SeasonFacts = CountyFacts & { hurricaneSeason: { from: string; to: string } };

/**
 * Weather recorded for the whole service area, which every city's storm sentences rest on: summer
 * afternoon thunderstorms, and the Atlantic hurricane season (June 1 to November 30).
 */
export const SERVICE_AREA_WEATHER = {
  summerThunderstorms: true,
  hurricaneSeason: { from: "June", to: "November" },
} as const;

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
    [
      (f) =>
        `Beach living is tough on glass, and ${f.city} has salt water on both sides: the Gulf in front and ${f.water} behind.`,
      (f) =>
        `On ${f.city}'s barrier island, between the Gulf and ${f.water}, every onshore breeze carries fine salt spray.`,
    ],
    [
      () => `Salt spray dries on windows as a dull, sticky film that dims the view within weeks.`,
      () =>
        `Left to dry, that salt forms a haze of crystals on the panes, thickest on the Gulf side.`,
    ],
    [
      () =>
        `A quick rinse with the garden hose only adds mineral spots, so the salt has to be washed off properly.`,
      () =>
        `Salt also settles in screens and sliding-door tracks, where it holds moisture against aluminum frames.`,
    ],
  ],
  gulf: [
    [
      (f) => `With ${f.water} close by, sea breezes bring salt air into ${f.city}.`,
      (f) => `Near ${f.water} the air carries salt, and ${f.city} windows show it.`,
      (f) =>
        `Living near ${f.water} means salt on the glass; in ${f.city} it arrives on the sea breeze most afternoons.`,
    ],
    [
      () =>
        `Glass facing the water hazes over faster than the windows on the far side of the house.`,
      () =>
        `The salt dries into a cloudy film that comes back after every windy week, heaviest on the side facing the water.`,
      () => `Ordinary glass cleaner smears a salt haze around rather than lifting it.`,
    ],
    [
      () =>
        `On waterfront lots a salt film builds up on lanai screens and sliders too, so we clean them in the same visit.`,
      () =>
        `Purified water and a squeegee take salt off cleanly, and we wipe out the screens and tracks where it collects.`,
      () =>
        `Salt left in tracks and on screen frames corrodes aluminum, so those are part of every coastal clean.`,
    ],
  ],
  "salt-bay": [
    [
      (f) => `Along ${f.water}, the breeze that keeps ${f.city} pleasant also carries salt.`,
      (f) => `Homes and offices along ${f.water} catch salt on the breeze off the water.`,
    ],
    [
      () =>
        `On breezy days spray and salt air reach the buildings near the shore, while blocks further back mostly see dust and pollen.`,
      () => `Glass facing the water dulls sooner than the windows on the street side.`,
    ],
    [
      () =>
        `Salt left on sliders and screen frames pits the aluminum over time, so shoreline homes do well on a regular schedule.`,
      () =>
        `Water-facing windows need more attention than the rest of the house, and we clean them with purified water so no spots are left behind.`,
    ],
  ],
  "brackish-bay": [
    [
      (f) => `${f.city} sits on the calm, brackish upper end of ${f.water}.`,
      (f) => `Up at ${f.city}, ${f.water} is calm and brackish.`,
    ],
    [
      () =>
        `Waterfront glass here gets far less salt spray than windows on the Gulf beaches, so the dust, pollen and sprinkler spots of any yard do most of the dulling.`,
      () =>
        `Bay-facing windows here get little of the salt spray that coats glass on the beaches, and mostly collect the same dust and pollen as the rest of the house.`,
    ],
    [
      () =>
        `We clean the water side and the street side the same way, with purified water that dries without spots.`,
      () =>
        `Purified water and a squeegee leave bay-facing glass clear, and we wipe out the screens and tracks in the same visit.`,
    ],
  ],
} as const satisfies Record<
  Exclude<ShoreCopyKey, "inland" | "near-tide">,
  ParagraphCopy<WaterFacts>
>;

/** A city measured to be inland: far from any tide, so the beaches' salt spray is not its problem. */
const inland: ParagraphCopy<CoastFacts> = [
  [
    (f) =>
      `${f.city} is ${f.tidal} in a straight line from the nearest tidal water, out of reach of the salt spray that coats beachfront glass.`,
    (f) =>
      `Salt spray is a problem of the beaches, not of ${f.city}, ${f.tidal} in a straight line from the nearest tidal water.`,
  ],
  [
    () =>
      `Inland glass has other enemies, though: sand kicked up by mowers and summer rain, pollen and bugs.`,
    () => `What builds up here instead is dust from roads and yards, pollen and insects.`,
    () =>
      `Here the yard is what dirties the windows, with pollen drifting off the trees and dust blown in from lawns and streets.`,
  ],
];

/** A river town or a city without a shore of its own, near tidal water: the measurement, no claim about salt. */
const nearTide: ParagraphCopy<CoastFacts> = [
  [
    (f) =>
      `Measured from the point maps give for ${f.city}, it lies ${f.tidal} in a straight line from the nearest tidal water, so how much sea air reaches a window depends on how close to the water the house stands.`,
  ],
];

/** Sprinkler spots: the minerals any water leaves when it dries, claimed to be hard only where wells are recorded. */
const sprinklers = {
  mains: [
    [
      (f) =>
        `White spots on the lower panes of ${f.city} homes are usually sprinkler water that dried on the glass.`,
      (f) => `Most of the stubborn spots on ${f.city} windows start with a sprinkler.`,
      (f) => `Sprinklers are behind most of the white spots on ${f.city} windows.`,
    ],
    [
      () =>
        `Water that dries in the sun leaves the minerals it carried behind on the glass as white spots.`,
      () => `Each pass of a sprinkler leaves another ring of minerals on the glass.`,
      () => `Sprinkler droplets evaporate in the sun, and whatever minerals they carried stay put.`,
    ],
    [
      () =>
        `Left for a season, the spots bond to the glass and need proper stain removal rather than a wipe.`,
      () =>
        `After a few months the spots etch in, which is why stain removal is part of what we do.`,
    ],
  ],
  wells: [
    [
      (f) =>
        `Where a lot in ${f.city} irrigates from a private well, its sprinklers throw hard water drawn up through the limestone aquifer.`,
      (f) =>
        `Private wells around ${f.city} draw from the limestone aquifer, and the water they pump is hard.`,
    ],
    [
      () =>
        `When that water dries on a window in the sun, its calcium stays behind as white spots.`,
      () => `Each pass of a well-fed sprinkler leaves another ring of calcium on the glass.`,
    ],
    [
      () =>
        `Left for a season, hard-water spots bond to the glass and need proper stain removal rather than a wipe.`,
      () =>
        `After a few months the spots etch in, which is why hard water stain removal is part of what we do.`,
    ],
  ],
} as const satisfies Record<"mains" | "wells", ParagraphCopy<City>>;

const features = {
  lakes: [
    [
      (f) =>
        `Where a lakefront home in ${f.city} waters its lawn from the lake, the lake-facing windows catch that spray.`,
      (f) =>
        `Lake water brings its own chores to ${f.city} windows: irrigation pumped from a lake spots glass just as tap water does.`,
    ],
    [
      () =>
        `Lakes also breed swarms of non-biting midges in the warm months; they stick to screens and glass and come off best before they dry on.`,
      () =>
        `In warm weather, clouds of tiny midges rise off the water and end up on screens, sills and panes.`,
    ],
  ],
  wells: [
    [
      (f) =>
        `On ${f.city} properties that irrigate from a private well, iron in the water can paint orange-brown rust streaks on walls and glass.`,
      (f) =>
        `Orange staining is a well-water problem, and some ${f.city} lots run their sprinklers off a private well.`,
    ],
    [
      () =>
        `Rust needs a different treatment from white mineral spots, so point it out when you book.`,
      () =>
        `Ordinary cleaning will not shift those rust-colored streaks; tell us about them and we will come prepared.`,
    ],
  ],
  canals: [
    [
      (f) =>
        `Many ${f.city} homes back onto canals, with docks and seawalls a few steps from the house.`,
      (f) => `Canal-front living puts salt water at the back door of a lot of ${f.city} homes.`,
    ],
    [
      () =>
        `The glass facing the canal, the pool cage and the lanai screens carry the heaviest film.`,
      () =>
        `Water-facing windows and pool enclosures there take salt air every day, and screen enclosures collect it fastest.`,
    ],
  ],
  "high-rise": [
    [
      (f) => `${f.city} has office buildings and condominium towers as well as houses.`,
      (f) =>
        `Beyond its neighborhoods of houses, ${f.city} has towers of offices and condominiums.`,
    ],
    [
      () =>
        `Our commercial crews clean storefronts and office glass on a schedule, and high-rise work is available; tell us about the building when you ask for a quote.`,
      () =>
        `High-rise window cleaning is available for them, alongside scheduled maintenance for office buildings and street-level storefronts.`,
    ],
  ],
  "new-construction": [
    [
      (f) => `New homes are still going up in and around ${f.city}.`,
      (f) => `Moving into a newly built ${f.city} home?`,
    ],
    [
      () =>
        `A just-finished house usually has labels, paint flecks, stucco splatter and fine construction dust on the glass.`,
      () =>
        `Builders' cleans often leave the stickers, overspray and mortar specks on new windows.`,
    ],
    [
      () =>
        `Answer yes to the post-construction question in the calculator and we will quote a post-construction clean separately.`,
      () =>
        `A post-construction clean removes them without scratching the glass; say so in the calculator and we quote it individually.`,
    ],
  ],
  "main-street": [
    [
      (f) =>
        `${f.city}'s downtown storefronts take fingerprints, street dust and sprinkler spray every day.`,
      (f) => `Shops in downtown ${f.city} depend on clean glass to show what is inside.`,
    ],
    [
      () =>
        `We can put shop windows and glass doors on a regular schedule, working before or after opening hours so customers are never in the way.`,
      () =>
        `We look after storefront windows and entry doors on a regular schedule, timed around the hours each business keeps.`,
    ],
  ],
  oaks: [
    [
      (f) => `Live oaks shade many streets in ${f.city}.`,
      (f) => `The big oaks around ${f.city} are beautiful until spring.`,
    ],
    [
      () =>
        `From late winter into spring they drop yellow pollen and stringy catkins that coat screens, sills and glass.`,
      () =>
        `In spring they shed their old leaves, a dusting of pollen and piles of catkins all at once.`,
    ],
    [
      () => `Spring is the busiest season for window cleaning under the oaks.`,
      () =>
        `Screens clog and sills fill up, so the best time for a clean is right after the oaks finish.`,
    ],
  ],
} as const satisfies Record<Feature, ParagraphCopy<City>>;

/** The salt each feature paragraph speaks of, if any: canal copy needs salt water at the door. */
export const FEATURE_SALT: Partial<Record<Feature, Exclude<SaltExposure, "little">>> = {
  canals: "shore-air",
};

const seasons: ParagraphCopy<SeasonFacts> = [
  [
    (f) =>
      `Through the year in ${f.city}: oak pollen in early spring and lovebug flights in May and again in September.`,
    (f) =>
      `Lovebugs swarm across ${f.county} County twice a year, in May and in September, and spring pollen yellows every surface.`,
    (f) =>
      `${f.city} windows have a busy calendar, with pollen when the oaks bloom and two lovebug seasons, in late spring and late summer.`,
  ],
  [
    (f) =>
      `Then come the frequent afternoon thunderstorms of summer and the hurricane season, which runs from ${f.hurricaneSeason.from} through ${f.hurricaneSeason.to}.`,
    (f) =>
      `From ${f.hurricaneSeason.from} to ${f.hurricaneSeason.to} the storms of the rainy and hurricane seasons splash grit and debris onto the glass.`,
    (f) =>
      `Summer brings an afternoon thunderstorm on many days, inside a hurricane season that lasts from ${f.hurricaneSeason.from} to ${f.hurricaneSeason.to}.`,
  ],
];

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
  sprinklers,
  features,
  seasons,
} as const;
