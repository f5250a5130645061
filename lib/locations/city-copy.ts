import { getCounty } from "@/content/counties";
import {
  BUSINESS_COPY,
  CONDITION_COPY,
  FEATURE_SALT,
  SERVICE_AREA_WEATHER,
  SETTING_FACT,
  shoreCopyKey,
  type ParagraphCopy,
  type Variants,
} from "@/content/location-conditions";
import {
  getLocationDetail,
  recordsHardWater,
  saltExposure,
  type LocationDetail,
} from "@/content/location-details";
import { localBenefitText, type NamedPlace } from "@/content/location-page";
import { getLocation, LOCATIONS, type Location } from "@/content/locations";
import { PLANS, type Plan } from "@/content/plans";
import { bearingDegrees, compassDirection, distanceMiles } from "@/lib/geo/distance";
import { nearestLocations, type Neighbour } from "@/lib/geo/nearest";
import { INLAND_MILES, milesToTidalWater, tidalDistanceText } from "@/lib/geo/tidal-water";
import { otherCountyZips, unservedZipsOf } from "@/lib/service-area/lookup";
import { pageViolations, ruleViolations } from "./page-rules";
import { chooseWordings, type Piece } from "./wording";

/** How many nearby service cities a city page lists (and highlights on its map). */
export const NEARBY_COUNT = 6;
/** The "Local Experts" block names a second neighbour only within this straight-line distance. */
export const LOCAL_NEIGHBOUR_MILES = 10;

export type Fact = { label: string; value: string };

export type CityCopy = {
  heading: string;
  /** Plain-text paragraphs of the long local description, in reading order. */
  paragraphs: string[];
  /** Computed facts about where the city is, for a definition list. */
  facts: Fact[];
  /** The plan that suits the city's conditions, and why. */
  plan: { plan: Plan; reason: string };
  nearby: Neighbour[];
  /** The neighbours the "Local Experts" block names, nearest first, with their counties. */
  localNeighbours: NamedPlace[];
  /** The ZIP codes of the city's county we do not serve, "Lacoochee (33537)": the Local Experts block names them. */
  countyExceptions: string[];
};

const miles = (value: number) => {
  const whole = Math.max(1, Math.round(value));
  return `${whole} mile${whole === 1 ? "" : "s"}`;
};

const listOf = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

const towards = (from: Location, to: Location) => compassDirection(bearingDegrees(from, to));

const named = (location: Location): NamedPlace => ({
  name: location.name,
  county: location.county,
});

/** The nearest service city of the same county, then the next nearest within LOCAL_NEIGHBOUR_MILES of any county. */
function localNeighbours(location: Location): NamedPlace[] {
  const ranked = nearestLocations(location, LOCATIONS.length).map(
    (neighbour) => neighbour.location,
  );
  const first = ranked.find((candidate) => candidate.county === location.county);
  const second = ranked.find(
    (candidate) =>
      candidate !== first && distanceMiles(location, candidate) <= LOCAL_NEIGHBOUR_MILES,
  );
  return [first, second].filter((place) => place !== undefined).map(named);
}

/** The measured distance to tidal water, as printed: "less than a mile", "9 miles". */
const tidalText = (location: Location) => tidalDistanceText(milesToTidalWater(location));

/** The city's county and, for a town whose ZIP codes reach into another county, that one too. */
function countiesOf(location: Location): string {
  const others = otherCountyZips(location).map(({ county }) => county);
  return others.length > 0
    ? `${listOf([location.county, ...others])} counties`
    : `${location.county} County`;
}

function facts(location: Location, detail: LocationDetail): Fact[] {
  const county = getCounty(location.county);
  const seat = getLocation(county.seatSlug);
  const tampa = getLocation("tampa");
  const rows: Fact[] = [
    {
      label: "County",
      value:
        seat && seat.slug !== location.slug
          ? `${county.name} (county seat ${seat.name}, ${miles(distanceMiles(location, seat))} ${towards(location, seat)} in a straight line)`
          : `${county.name} (${location.name} is the county seat)`,
    },
  ];
  for (const { county: other, zips } of otherCountyZips(location)) {
    rows.push({
      label: "Over the county line",
      value: `ZIP code${zips.length > 1 ? "s" : ""} ${listOf(zips)} ${zips.length > 1 ? "are" : "is"} in ${other} County`,
    });
  }
  if (tampa && county.seatSlug !== tampa.slug) {
    rows.push({
      label: "Downtown Tampa",
      value: `${miles(distanceMiles(location, tampa))} ${towards(location, tampa)} in a straight line`,
    });
  }
  const { shore } = detail;
  const tidal = tidalText(location);
  const setting =
    shore.kind === "barrier-island"
      ? SETTING_FACT["barrier-island"](shore)
      : shore.kind === "gulf"
        ? SETTING_FACT.gulf(shore)
        : shore.kind === "bay"
          ? SETTING_FACT.bay(shore)
          : shore.kind === "river"
            ? SETTING_FACT.river(shore, tidal)
            : milesToTidalWater(location) >= INLAND_MILES
              ? SETTING_FACT.inland(tidal)
              : SETTING_FACT.nearTide(tidal);
  rows.push({ label: "Setting", value: setting });
  rows.push({ label: "Main roads", value: listOf(detail.roads) });
  return rows;
}

function planFor(
  location: Location,
  detail: LocationDetail,
): { plan: Plan; pieces: Variants<string> } {
  const byFrequency = (frequency: Plan["frequency"]) =>
    PLANS.find((plan) => plan.frequency === frequency) ?? PLANS[0];
  const city = location.name;
  if (detail.shore.kind === "barrier-island") {
    return {
      plan: byFrequency("monthly"),
      pieces: [
        `Salt builds up quickly on ${city}'s beachfront glass; monthly visits never let it take hold.`,
        `On the beach in ${city}, a monthly clean keeps salt from ever getting a grip on the glass.`,
      ],
    };
  }
  const inland = milesToTidalWater(location) >= INLAND_MILES;
  if (!inland || detail.features.length > 1) {
    return {
      plan: byFrequency("quarterly"),
      pieces: [
        `One visit a season keeps pace with the pollen, lovebugs and storms ${city} windows go through.`,
        `Four cleans a year, one per season, suit what ${city} windows face between spring pollen and fall storms.`,
      ],
    };
  }
  return {
    plan: byFrequency("biannual"),
    pieces: [
      `Away from the salt of the beaches, a spring clean and a fall clean keep most ${city} homes clear.`,
      `With no beach salt to fight, most ${city} homes stay clear on two cleans a year, in spring and fall.`,
    ],
  };
}

const render = <Facts>(paragraph: ParagraphCopy<Facts>, facts: Facts): Piece[] =>
  paragraph.map(([first, ...rest]): Variants<string> => [
    first(facts),
    ...rest.map((write) => write(facts)),
  ]);

/** The shore paragraph the city's recorded shore (or, without one, its measured distance to tidal water) calls for: salt only on a salt shore. */
function shorePieces(location: Location, detail: LocationDetail): Piece[] {
  const city = location.name;
  const { shore } = detail;
  const key = shoreCopyKey(shore, milesToTidalWater(location), INLAND_MILES);
  if (key === "inland" || key === "near-tide") {
    return render(CONDITION_COPY[key === "inland" ? "inland" : "nearTide"], {
      city,
      tidal: tidalText(location),
    });
  }
  const water =
    shore.kind === "barrier-island" ? shore.behind : "water" in shore ? shore.water : "";
  return render(CONDITION_COPY.onShore[key], { city, water });
}

function businessPiece(location: Location, detail: LocationDetail): string {
  if (detail.shops === "main-roads")
    return BUSINESS_COPY.mainRoads(location.name, listOf(detail.roads));
  const nearby = detail.shops.mostlyHomesNear.map((slug) => getLocation(slug)?.name ?? slug);
  return BUSINESS_COPY.mostlyHomes(location.name, listOf(nearby));
}

/** Every paragraph of a city's text as pieces: fixed sentences and alternative wordings of the same facts. */
function cityPieces(location: Location): {
  paragraphs: Piece[][];
  plan: ReturnType<typeof planFor>;
} {
  const detail = getLocationDetail(location.slug);
  const city = location.name;
  const salt = saltExposure(detail.shore);
  for (const feature of detail.features) {
    if (FEATURE_SALT[feature] && salt === "little")
      throw new Error(
        `${city}: the "${feature}" copy speaks of salt, but its shore records little`,
      );
  }
  return {
    paragraphs: [
      [detail.place, getCounty(location.county).lay],
      shorePieces(location, detail),
      render(CONDITION_COPY.sprinklers[recordsHardWater(detail) ? "wells" : "mains"], { city }),
      ...detail.features.map((feature) => render(CONDITION_COPY.features[feature], { city })),
      render(CONDITION_COPY.seasons, {
        city,
        county: location.county,
        hurricaneSeason: SERVICE_AREA_WEATHER.hurricaneSeason,
      }),
      [businessPiece(location, detail)],
    ],
    plan: planFor(location, detail),
  };
}

const alternatives = (piece: Piece): readonly string[] =>
  typeof piece === "string" ? [piece] : piece;

/** Refuses to build a city page whose possible wordings break a rule of docs/pages.md, "City pages". */
function assertTrue(location: Location, texts: readonly string[]) {
  const problems = [...new Set(texts.flatMap((text) => ruleViolations(location, text)))];
  if (problems.length > 0)
    throw new Error(`The ${location.name} page would print untrue text:\n${problems.join("\n")}`);
}

const factText = (fact: Fact) => `${fact.label} ${fact.value}`;

let wordings: Map<string, { paragraphs: string[]; planReason: string }> | undefined;

/** Chooses the wordings of all city pages together, so that no two read alike; computed once. */
function allWordings() {
  if (wordings) return wordings;
  const composed = LOCATIONS.map((location) => ({ location, ...cityPieces(location) }));
  const pages = composed.map(({ location, paragraphs, plan }) => [
    ...paragraphs.flat(),
    plan.pieces,
    ...facts(location, getLocationDetail(location.slug)).map(factText),
  ]);
  composed.forEach(({ location }, page) =>
    assertTrue(location, [
      ...(pages[page] ?? []).flatMap(alternatives),
      localBenefitText(location.county, localNeighbours(location), countyExceptions(location)),
    ]),
  );
  const choices = chooseWordings(pages);
  wordings = new Map();
  composed.forEach(({ location, paragraphs, plan }, page) => {
    const choice = choices[page] ?? [];
    let index = 0;
    const pick = (piece: Piece) => {
      const chosen = typeof piece === "string" ? piece : (piece[choice[index] ?? 0] ?? piece[0]);
      index += 1;
      return chosen;
    };
    const text = paragraphs.map((paragraph) => paragraph.map(pick).join(" "));
    wordings?.set(location.slug, { paragraphs: text, planReason: pick(plan.pieces) });
  });
  return wordings;
}

/** The ZIP codes of the city's county that we do not serve, as the Local Experts block names them. */
function countyExceptions(location: Location): string[] {
  return unservedZipsOf(location.county).map((zip) => `${zip.place} (${zip.zip})`);
}

/** The local text of a city page, composed from the city's facts and computed geography. */
export function cityCopy(location: Location): CityCopy {
  const detail = getLocationDetail(location.slug);
  const chosen = allWordings().get(location.slug);
  if (!chosen) throw new Error(`No city copy for ${location.slug}`);
  const copy: CityCopy = {
    heading: `Window cleaning in ${location.name}, ${countiesOf(location)}`,
    paragraphs: chosen.paragraphs,
    facts: facts(location, detail),
    plan: { plan: planFor(location, detail).plan, reason: chosen.planReason },
    nearby: nearestLocations(location, NEARBY_COUNT),
    localNeighbours: localNeighbours(location),
    countyExceptions: countyExceptions(location),
  };
  const problems = pageViolations(location, [
    copy.heading,
    ...copy.paragraphs,
    ...copy.facts.map(factText),
  ]);
  if (problems.length > 0)
    throw new Error(`The ${location.name} page would leave out:\n${problems.join("\n")}`);
  return copy;
}
