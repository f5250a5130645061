import { getCounty } from "@/content/counties";
import {
  CONDITION_COPY,
  type CopyFacts,
  type ParagraphCopy,
  type Variants,
} from "@/content/location-conditions";
import { getLocationDetail, type LocationDetail } from "@/content/location-details";
import { getLocation, LOCATIONS, type Location } from "@/content/locations";
import { PLANS, type Plan } from "@/content/plans";
import { bearingDegrees, compassDirection, distanceMiles } from "@/lib/geo/distance";
import { nearestLocations, type Neighbour } from "@/lib/geo/nearest";
import { chooseWordings, type Piece } from "./wording";

/** How many nearby service cities a city page lists (and highlights on its map). */
export const NEARBY_COUNT = 6;

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
};

const miles = (value: number) => {
  const whole = Math.max(1, Math.round(value));
  return `${whole} mile${whole === 1 ? "" : "s"}`;
};

const listOf = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

const towards = (from: Location, to: Location) => compassDirection(bearingDegrees(from, to));

function nearestCoastal(location: Location): Neighbour | undefined {
  const onTheGulf = new Set(["gulf-beach", "gulf-coast"]);
  const coastal = LOCATIONS.filter((candidate) =>
    onTheGulf.has(getLocationDetail(candidate.slug).setting),
  );
  return nearestLocations(location, 1, coastal)[0];
}

function facts(location: Location, detail: LocationDetail): Fact[] {
  const county = getCounty(location.county);
  const seat = getLocation(county.seatSlug);
  const tampa = getLocation("tampa");
  const coast = nearestCoastal(location);
  const rows: Fact[] = [
    {
      label: "County",
      value:
        seat && seat.slug !== location.slug
          ? `${county.name} (county seat ${seat.name}, ${miles(distanceMiles(location, seat))} ${towards(location, seat)})`
          : `${county.name} (${location.name} is the county seat)`,
    },
  ];
  if (tampa && county.seatSlug !== tampa.slug) {
    rows.push({
      label: "Downtown Tampa",
      value: `${miles(distanceMiles(location, tampa))} ${towards(location, tampa)}`,
    });
  }
  const gulfOrNamedWater =
    detail.water === "the Gulf of Mexico" ? "" : ` by ${detail.water ?? "the water"}`;
  const setting = {
    "gulf-beach": `Barrier-island beach town, between the Gulf and ${detail.water ?? "the bay"}`,
    "gulf-coast": `On the Gulf coast${gulfOrNamedWater}`,
    "bay-front": `On the shore of ${detail.water ?? "the bay"}`,
    inland: `Inland${coast ? `; the nearest Gulf-coast city we serve is ${coast.location.name}, ${miles(coast.miles)} away` : ""}`,
  } as const;
  rows.push({ label: "Setting", value: setting[detail.setting] });
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
  if (detail.setting === "gulf-beach") {
    return {
      plan: byFrequency("monthly"),
      pieces: [
        `Salt builds up quickly on ${city}'s beachfront glass; monthly visits never let it take hold.`,
        `On the beach in ${city}, a monthly clean keeps salt from ever getting a grip on the glass.`,
      ],
    };
  }
  if (detail.setting !== "inland" || detail.features.length > 1) {
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
      `Away from the salt, a spring clean and a fall clean keep most ${city} homes clear.`,
      `With little salt to fight, most ${city} homes stay clear on two cleans a year, in spring and fall.`,
    ],
  };
}

/** Every paragraph of a city's text as pieces: fixed sentences and alternative wordings of the same facts. */
function cityPieces(location: Location): {
  paragraphs: Piece[][];
  plan: ReturnType<typeof planFor>;
} {
  const detail = getLocationDetail(location.slug);
  const coast = nearestCoastal(location);
  const copyFacts: CopyFacts = {
    city: location.name,
    county: location.county,
    water: detail.water ?? "the water",
    coastName: coast?.location.name ?? "the Gulf",
    coastMiles: coast ? miles(coast.miles) : "a few miles",
    wellsOrLakes: detail.features.includes("wells") || detail.features.includes("lakes"),
  };
  const render = (paragraph: ParagraphCopy): Piece[] =>
    paragraph.map(([first, ...rest]): Variants<string> => [
      first(copyFacts),
      ...rest.map((write) => write(copyFacts)),
    ]);
  const plan = planFor(location, detail);
  return {
    paragraphs: [
      [detail.place, getCounty(location.county).lay],
      render(CONDITION_COPY.setting[detail.setting]),
      render(CONDITION_COPY.hardWater),
      ...detail.features.map((feature) => render(CONDITION_COPY.features[feature])),
      render(CONDITION_COPY.seasons),
      [
        `For businesses in ${location.name} we clean offices, storefronts and shop windows, including along ${listOf(detail.roads)}.`,
      ],
    ],
    plan,
  };
}

let wordings: Map<string, { paragraphs: string[]; planReason: string }> | undefined;

/** Chooses the wordings of all city pages together, so that no two read alike; computed once. */
function allWordings() {
  if (wordings) return wordings;
  const composed = LOCATIONS.map((location) => ({ location, ...cityPieces(location) }));
  const pages = composed.map(({ location, paragraphs, plan }) => [
    ...paragraphs.flat(),
    plan.pieces,
    ...facts(location, getLocationDetail(location.slug)).map(
      (fact) => `${fact.label} ${fact.value}`,
    ),
  ]);
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

/** The local text of a city page, composed from the city's facts and computed geography. */
export function cityCopy(location: Location): CityCopy {
  const detail = getLocationDetail(location.slug);
  const chosen = allWordings().get(location.slug);
  if (!chosen) throw new Error(`No city copy for ${location.slug}`);
  return {
    heading: `Window cleaning in ${location.name}, ${location.county} County`,
    paragraphs: chosen.paragraphs,
    facts: facts(location, detail),
    plan: { plan: planFor(location, detail).plan, reason: chosen.planReason },
    nearby: nearestLocations(location, NEARBY_COUNT),
  };
}
