import type { Feature, Setting } from "./location-details";

/**
 * The conditions copy of the city pages: what salt, hard water, pollen, bugs and storms do to
 * windows in each kind of place. Every statement holds for the whole Tampa Bay area or for the
 * setting it is written for. A paragraph is a list of sentence slots with several wordings each,
 * so two cities with the same conditions do not read as one page with the name swapped.
 */
export type CopyFacts = {
  city: string;
  county: string;
  /** The named water a coastal city fronts. */
  water: string;
  /** The nearest Gulf-coast service city and its distance ("9 miles"), for inland cities. */
  coastName: string;
  coastMiles: string;
  /** Irrigation may come from a private well or a lake pump. */
  wellsOrLakes: boolean;
};

export type Variants<T> = readonly [T, ...T[]];
type Write = (facts: CopyFacts) => string;
/** One paragraph: each slot contributes one sentence, in one of its wordings. */
export type ParagraphCopy = readonly Variants<Write>[];

const setting: Record<Setting, ParagraphCopy> = {
  "gulf-beach": [
    [
      (f) =>
        `Beach living is hard on glass, and ${f.city} has salt water on both sides: the Gulf in front and ${f.water} behind.`,
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
  "gulf-coast": [
    [
      (f) => `With ${f.water} close by, sea breezes bring salt air into ${f.city}.`,
      (f) => `Near ${f.water} the air carries salt, and ${f.city} windows show it.`,
      (f) =>
        `Living near ${f.water} means salt on the glass; in ${f.city} it arrives on the sea breeze most afternoons.`,
    ],
    [
      () => `Glass facing the water hazes over faster than windows a few miles inland.`,
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
  "bay-front": [
    [
      (f) => `${f.city} meets ${f.water}, and the bay is salt water.`,
      (f) => `Along ${f.water}, the breeze that keeps ${f.city} pleasant also carries salt.`,
    ],
    [
      () =>
        `On breezy days spray and salt air reach the homes and offices near the shore, while blocks further back mostly see dust and pollen.`,
      () =>
        `Glass facing the bay dulls within weeks, long before the windows on the street side need attention.`,
    ],
    [
      () =>
        `Salt left on sliders and screen frames pits the aluminum over time, so shoreline homes do well on a regular schedule.`,
      () =>
        `Bay-facing windows need more attention than the rest of the house, and we clean them with purified water so no spots are left behind.`,
    ],
  ],
  inland: [
    [
      (f) =>
        `${f.city} is about ${f.coastMiles} from ${f.coastName}, the nearest Gulf-coast city we serve, and most homes here are out of reach of the salt spray that coats beachfront glass.`,
      (f) =>
        `Salt spray is less of a problem in ${f.city} than on the beaches; the nearest Gulf-coast city we serve, ${f.coastName}, is ${f.coastMiles} away.`,
      (f) =>
        `Sitting ${f.coastMiles} from ${f.coastName}, the nearest Gulf-coast city we serve, ${f.city} escapes most of the sea spray that fogs beachfront glass.`,
    ],
    [
      () =>
        `Inland glass has other enemies, though: sand kicked up by mowers and summer rain, pollen and bugs.`,
      () => `What builds up here instead is dust from roads and yards, pollen and insects.`,
      () =>
        `Here the yard is what dirties the windows, with pollen drifting off the trees and dust blown in from lawns and streets.`,
    ],
  ],
};

const source = (f: CopyFacts) =>
  f.wellsOrLakes
    ? "whether it comes from the tap, a private well or a lake pump"
    : "from the tap and from reclaimed-water lines alike";

const hardWater: ParagraphCopy = [
  [
    (f) =>
      `Across ${f.county} County the groundwater rises through limestone and is hard, ${source(f)}.`,
    (f) =>
      `Hard water is behind most of the stubborn spots on ${f.city} windows; ${f.county} County's water picks up calcium from the limestone beneath it, ${source(f)}.`,
    (f) =>
      `White spots on the lower panes? In ${f.city} that is almost always sprinkler water, hard from the limestone aquifer under ${f.county} County, ${source(f)}.`,
  ],
  [
    () =>
      `When a sprinkler wets a window and the water dries in the sun, the minerals stay behind as white spots.`,
    () => `Each pass of a sprinkler leaves another ring of minerals on the glass.`,
    () => `Sprinkler droplets evaporate in the sun, and the calcium they carried stays put.`,
  ],
  [
    () =>
      `Left for a season, the spots bond to the glass and need proper stain removal rather than a wipe.`,
    () =>
      `After a few months the spots etch in, which is why hard water stain removal is part of what we do.`,
  ],
];

const features: Record<Feature, ParagraphCopy> = {
  lakes: [
    [
      (f) =>
        `Lakefront homes in ${f.city} often water their lawns from the lake, and lake-facing windows catch that spray.`,
      (f) =>
        `Lake water brings its own window chores in ${f.city}, starting with irrigation pumped from a lake, which spots glass just as tap water does.`,
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
        `Orange staining is a well-water problem, and plenty of ${f.city} lots run their sprinklers off a private well.`,
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
};

const seasons: ParagraphCopy = [
  [
    (f) =>
      `Through the year in ${f.city}: oak pollen in early spring and lovebug flights in May and again in September.`,
    (f) =>
      `Lovebugs swarm across ${f.county} County twice a year, in May and in September, and spring pollen yellows every surface.`,
    (f) =>
      `${f.city} windows have a busy calendar, with pollen when the oaks bloom and two lovebug seasons, in late spring and late summer.`,
  ],
  [
    () =>
      `Then come the frequent afternoon thunderstorms of summer and the hurricane season, which runs from June through November.`,
    () =>
      `From June to November the storms of the rainy and hurricane seasons splash grit and debris onto the glass.`,
    () =>
      `Summer brings an afternoon thunderstorm on many days, inside a hurricane season that lasts from June to November.`,
  ],
];

export const CONDITION_COPY = { setting, hardWater, features, seasons } as const;
