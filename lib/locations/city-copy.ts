import { getCounty } from "@/content/counties";
import {
  CONDITION_COPY,
  mostlyHomesCopy,
  FEATURE_SALT,
  SETTING_FACT,
  shoreCopyKey,
  type ParagraphCopy,
} from "@/content/location-conditions";
import { getLocationDetail, saltExposure, type LocationDetail } from "@/content/location-details";
import { localBenefitText, type NamedPlace } from "@/content/location-page";
import { getLocation, LOCATIONS, type Location } from "@/content/locations";
import type { Plan } from "@/content/plans";
import { getPlan } from "@/lib/plans/plan-page";
import {
  bearingDegrees,
  compassDirection,
  distanceMiles,
  milesText,
  wholeMiles,
} from "@/lib/geo/distance";
import { nearestLocations, type Neighbour } from "@/lib/geo/nearest";
import { INLAND_MILES, milesToTidalWater, tidalDistanceText } from "@/lib/geo/tidal-water";
import { otherCountyZips, townZips, zipsNear } from "@/lib/service-area/lookup";
import { townName } from "@/lib/service-area/rule";
import { correctionSources, type ZipPlace } from "@/lib/service-area/zip-data";
import { ZIP_CORRECTIONS } from "@/content/zip-corrections";
import { citySource, DATA_SOURCE_IDS, tidalSources, type Source, type SourceId } from "./sources";
import { pageViolations, ruleViolations, TIDAL_FACT_LABEL } from "./page-rules";
import { townQuestions, type AnsweredQuestion } from "./town-questions";

/** How many nearby service cities a city page lists (and highlights on its map). */
export const NEARBY_COUNT = 6;
/** The hero's county sentence names a second neighbour only within this straight-line distance. */
export const LOCAL_NEIGHBOUR_MILES = 10;

/** A fact for the "at a glance" list; `sources` name where its figures come from. */
export type Fact = { label: string; value: string; sources: SourceId[] };
/** A paragraph and the sources of its figures (none for a paragraph without one). */
export type Paragraph = { text: string; sources: SourceId[] };

export type CityCopy = {
  heading: string;
  /** Plain-text paragraphs of the long local description, in reading order. */
  paragraphs: Paragraph[];
  /** The city's own ZIP codes (or, for a town no code is named after, those within a few miles). */
  zips: Paragraph[];
  /** The questions its residents ask that its facts call for, answered (content/town-questions.ts). */
  questions: AnsweredQuestion[];
  /** For a town of homes, where its offices and shop windows are (the commercial service's line). */
  business?: string;
  /** Every source a figure of the page names, datasets first, in the order of DATA_SOURCE_IDS. */
  sources: Source[];
  facts: Fact[];
  /** The plan that suits the city's conditions. */
  plan: Plan;
  nearby: Neighbour[];
  /** The neighbours the hero's county sentence names, nearest first, with their counties. */
  localNeighbours: NamedPlace[];
};

const listOf = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

/** "12 miles northeast in a straight line". */
const straightLine = (from: Location, to: Location) =>
  `${milesText(wholeMiles(distanceMiles(from, to)))} ${compassDirection(bearingDegrees(from, to))} in a straight line`;

/** The nearest service city of the same county, then the next nearest within LOCAL_NEIGHBOUR_MILES of any county (the hero's county sentence). */
function localNeighbours(location: Location): NamedPlace[] {
  const ranked = nearestLocations(location, LOCATIONS.length).map(
    (neighbour) => neighbour.location,
  );
  const first = ranked.find((candidate) => candidate.county === location.county);
  const second = ranked.find(
    (candidate) =>
      candidate !== first && distanceMiles(location, candidate) <= LOCAL_NEIGHBOUR_MILES,
  );
  return [first, second]
    .filter((place) => place !== undefined)
    .map(({ name, county }) => ({ name, county }));
}

/** The measured distance to tidal water, as printed: "less than a mile", "9 miles". */
const tidalText = (location: Location) => tidalDistanceText(milesToTidalWater(location));

/** The city's county and, for a town some of whose ZIP codes are filed under another county, that one too. */
function countiesOf(location: Location): string {
  const others = otherCountyZips(location)
    .filter(({ place }) => !place)
    .map(({ county }) => county);
  return others.length > 0
    ? `${listOf([location.county, ...others])} counties`
    : `${location.county} County`;
}

function facts(location: Location, detail: LocationDetail): Fact[] {
  const county = getCounty(location.county);
  const seat = getLocation(county.seatSlug);
  const tampa = getLocation("tampa");
  const rows: Fact[] = [
    seat && seat.slug !== location.slug
      ? {
          label: "County",
          value: `${county.name} (county seat ${seat.name}, ${straightLine(location, seat)})`,
          sources: ["coordinates"],
        }
      : {
          label: "County",
          value: `${county.name} (${location.name} is the county seat)`,
          sources: [],
        },
  ];
  for (const { county: other, zips, place } of otherCountyZips(location)) {
    const codes = `ZIP code${zips.length > 1 ? "s" : ""} ${listOf(zips)}`;
    rows.push({
      label: "Over the county line",
      value: place
        ? `${codes} ${zips.length > 1 ? "reach" : "reaches"} into ${place}, in ${other} County`
        : `${codes} ${zips.length > 1 ? "are" : "is"} in ${other} County`,
      sources: ["zips"],
    });
  }
  if (tampa && county.seatSlug !== tampa.slug) {
    rows.push({
      label: "Downtown Tampa",
      value: straightLine(location, tampa),
      sources: ["coordinates"],
    });
  }
  const { shore } = detail;
  const setting =
    shore.kind === "barrier-island"
      ? SETTING_FACT["barrier-island"](shore)
      : shore.kind === "gulf"
        ? SETTING_FACT.gulf(shore)
        : shore.kind === "bay"
          ? SETTING_FACT.bay(shore)
          : shore.kind === "river"
            ? SETTING_FACT.river(shore)
            : undefined;
  if (setting) rows.push({ label: "Setting", value: setting, sources: [] });
  // A town without a shore of its own (or a river town) has its measured distance, and whether it
  // is inland, in its shore paragraph: the list does not say it twice. Under a mile, the setting says it.
  if (shore.kind !== "river" && shore.kind !== "none" && milesToTidalWater(location) >= 1)
    rows.push({
      label: TIDAL_FACT_LABEL,
      value: `${tidalText(location)} in a straight line`,
      sources: tidalSources(location),
    });
  rows.push({ label: "Main roads", value: listOf(detail.roads), sources: [] });
  return rows;
}

/** The plan a city's conditions call for: monthly against beachfront salt, twice a year far inland with little recorded, a season's visit otherwise. */
function planFor(location: Location, detail: LocationDetail): Plan {
  if (detail.shore.kind === "barrier-island") return getPlan("monthly");
  const inland = milesToTidalWater(location) >= INLAND_MILES;
  return getPlan(!inland || detail.features.length > 1 ? "quarterly" : "biannual");
}

const render = <Facts>(paragraph: ParagraphCopy<Facts>, facts: Facts): string =>
  paragraph.map((write) => write(facts)).join(" ");

/** The shore paragraph the city's recorded shore (or, without one, its measured distance to tidal water) calls for: salt only on a salt shore. */
function shoreParagraph(location: Location, detail: LocationDetail): string {
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

/** Only a town of homes says where its businesses are; elsewhere its main roads (a fact) say it. */
function businessPiece(location: Location, detail: LocationDetail): string | undefined {
  if (detail.shops === "main-roads") return undefined;
  const nearby = detail.shops.mostlyHomesNear.map((slug) => getLocation(slug)?.name ?? slug);
  return mostlyHomesCopy(location.name, listOf(nearby));
}

/**
 * The paragraphs of a city's local text, each on something recorded or measured for it: where it
 * is, its shore (or its distance to tidal water), and each recorded feature that no town question
 * answers. A topic with nothing local to say has no paragraph.
 */
function cityParagraphs(location: Location): Paragraph[] {
  const detail = getLocationDetail(location.slug);
  const city = location.name;
  const salt = saltExposure(detail.shore);
  for (const feature of detail.features) {
    if (FEATURE_SALT[feature] && salt === "little")
      throw new Error(
        `${city}: the "${feature}" copy speaks of salt, but its shore records little`,
      );
  }
  // Without a shore of its own, the shore paragraph prints the measured distance to tidal water.
  const measured = detail.shore.kind === "river" || detail.shore.kind === "none";
  return [
    { text: detail.place, sources: [] },
    {
      text: shoreParagraph(location, detail),
      sources: measured ? tidalSources(location) : [],
    },
    // A feature a town question answers (wells, a main street, towers) has no paragraph besides.
    ...detail.features.flatMap((feature) => {
      const paragraph = CONDITION_COPY.features[feature];
      return paragraph ? [{ text: render(paragraph, { city }), sources: [] }] : [];
    }),
  ];
}

const factText = (fact: Fact) => `${fact.label} ${fact.value}`;

/** The city's own ZIP codes, or for a town no code is named after, the served codes within a few miles. */
function cityZips(location: Location): Paragraph[] {
  const city = location.name;
  const own = townZips(location).map((zip) => zip.zip);
  const named = (zip: ZipPlace) => `${zip.zip} (${townName(zip)})`;
  return [
    own.length > 0 && own.every((zip) => ZIP_CORRECTIONS[zip]?.place === city)
      ? {
          // GeoNames names them after another town (content/zip-corrections.ts).
          text: `The Postal Service names ${listOf(own)} ${city}, and we serve ${own.length === 1 ? "it" : "both"}.`,
          sources: ["zips"],
        }
      : own.length > 0
        ? {
            text: `The postal data names ${own.length === 1 ? "one ZIP code" : `${own.length} ZIP codes`} after ${city}, and we serve ${own.length === 1 ? "it" : "all of them"}: ${listOf(own)}.`,
            sources: ["zips"],
          }
        : {
            text: `No ZIP code in the postal data is named after ${city}; the served ZIP codes nearest it are ${listOf(zipsNear(location).map(named))}.`,
            sources: ["zips", "coordinates"],
          },
  ];
}

/** The sources of the ZIP corrections behind the codes a page prints (none: no list). */
function printedCorrections(printed: readonly string[]) {
  const sources = correctionSources(printed.join(" ").match(/\b\d{5}\b/g) ?? []);
  return sources.length > 0 ? sources : undefined;
}

/** The local text of a city page, composed from the city's facts and computed geography. */
export function cityCopy(location: Location): CityCopy {
  const detail = getLocationDetail(location.slug);
  const paragraphs = cityParagraphs(location);
  const plan = planFor(location, detail);
  const pageFacts = facts(location, detail);
  const zips = cityZips(location);
  const questions = townQuestions(location);
  // The nearby list's distances come from the coordinates, so every page names them.
  const used = new Set<SourceId>([
    "coordinates",
    ...[...paragraphs, ...pageFacts, ...zips, ...questions].flatMap((block) => block.sources),
  ]);
  const copy: CityCopy = {
    heading: `Window cleaning in ${location.name}, ${countiesOf(location)}`,
    paragraphs,
    zips,
    questions,
    business: businessPiece(location, detail),
    // The datasets first, in their order; the pages the town questions rest on after them, as used.
    sources: [...new Set([...DATA_SOURCE_IDS.filter((id) => used.has(id)), ...used])].map((id) =>
      id === "zips"
        ? {
            ...citySource(id),
            corrections: printedCorrections([
              ...zips.map((line) => line.text),
              ...questions.map((entry) => entry.answer),
              ...pageFacts.map(factText),
            ]),
          }
        : citySource(id),
    ),
    facts: pageFacts,
    plan,
    nearby: nearestLocations(location, NEARBY_COUNT),
    localNeighbours: localNeighbours(location),
  };
  // A page whose text breaks a rule of docs/pages.md, "City pages", is never built.
  const printed = [
    ...paragraphs.map((paragraph) => paragraph.text),
    ...zips.map((line) => line.text),
    ...questions.flatMap((entry) => [entry.question, entry.answer]),
    ...(copy.business ? [copy.business] : []),
    ...pageFacts.map(factText),
    localBenefitText(location.county, copy.localNeighbours),
  ];
  const problems = [
    ...new Set(printed.flatMap((text) => ruleViolations(location, text))),
    ...pageViolations(location, [
      copy.heading,
      ...paragraphs.map((p) => p.text),
      ...pageFacts.map(factText),
    ]),
  ];
  if (problems.length > 0)
    throw new Error(
      `The ${location.name} page would print untrue or incomplete text:\n${problems.join("\n")}`,
    );
  return copy;
}
