import {
  getLocationDetail,
  isGulfFront,
  recordsHardWater,
  saltExposure,
} from "@/content/location-details";
import { LOCATIONS, type Location } from "@/content/locations";
import { bearingDegrees, compassDirection, distanceMiles, wholeMiles } from "@/lib/geo/distance";
import { INLAND_MILES, milesToTidalWater, tidalDistanceText } from "@/lib/geo/tidal-water";
import { otherCountyZips, unservedZipsOf } from "@/lib/service-area/lookup";

/**
 * The rules that keep a city page's text true (docs/pages.md, "City pages"), checked on each of its
 * sentences, and on the whole page (a town whose ZIP codes lie in two counties says so).
 */

/** Splits text into sentences; "St." and an initial such as "E." do not end one. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<!\bSt\.)(?<!\b[A-Z]\.)(?<=[.!?])\s+(?=[A-Z])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const BY_NAME = new Map<string, Location>(LOCATIONS.map((location) => [location.name, location]));
// Longest first, so "Palm Harbor" is one place, not also a shorter name inside it. A name followed
// by another capitalised word, or after "Lake"/"Old", is something else: "Tampa Bay", "Clearwater
// Harbor", "Trinity Boulevard", "Lake Seminole", "Old Tampa Bay".
const NAMES = [...BY_NAME.keys()].sort((a, b) => b.length - a.length).map(escape);
const PLACE = new RegExp(`(?<!\\b(?:Lake|Old) )\\b(?:${NAMES.join("|")})\\b(?! [A-Z])`, "g");

/** The service cities a sentence names as places, in reading order. */
export function placesNamed(sentence: string): Location[] {
  return [...sentence.matchAll(PLACE)].flatMap(([name]) => BY_NAME.get(name) ?? []);
}

const COUNTY_NAMES = /\b(Pasco|Pinellas|Hillsborough|Hernando) County\b/g;
const ACROSS_THE_LINE = /across the line, (.+?) in (Pasco|Pinellas|Hillsborough|Hernando) County/g;

/** A place named in a sentence that names a county lies in a county it names, or is named "across the line, A in Y County". */
function countyRule(sentence: string): string[] {
  const problems: string[] = [];
  let rest = sentence;
  for (const [clause, names = "", county] of sentence.matchAll(ACROSS_THE_LINE)) {
    for (const location of placesNamed(names)) {
      if (location.county !== county)
        problems.push(
          `${location.name} is named in ${county} County but lies in ${location.county}`,
        );
    }
    rest = rest.replace(clause, "");
  }
  const counties = new Set([...rest.matchAll(COUNTY_NAMES)].map((match) => match[1]));
  if (counties.size === 0) return problems;
  for (const location of placesNamed(rest)) {
    if (!counties.has(location.county))
      problems.push(
        `${location.name} (${location.county} County) is named under ${[...counties].join(" and ")} County`,
      );
  }
  return problems;
}

const COUNTY_WIDE =
  /\b(?:all over|throughout|all of|every part of|across all of) (Pasco|Pinellas|Hillsborough|Hernando) County\b/g;

/** "All over X County" holds only where every ZIP code of X is served, or the sentence names those that are not. */
function countyWideRule(sentence: string): string[] {
  return [...sentence.matchAll(COUNTY_WIDE)].flatMap(([, county = ""]) =>
    unservedZipsOf(county)
      .filter((zip) => !sentence.includes(zip.zip))
      .map(
        (zip) =>
          `claims all of ${county} County, but ${zip.zip} (${zip.place}) is not served and not named`,
      ),
  );
}

/** "Inland" only where the city's point is at least INLAND_MILES from tidal water, measured. */
function inlandRule(city: Location, sentence: string): string[] {
  if (!/\binland\b/i.test(sentence)) return [];
  const measured = milesToTidalWater(city);
  return measured >= INLAND_MILES
    ? []
    : [
        `${city.name} is called inland, but it is ${measured.toFixed(1)} miles from tidal water (under ${INLAND_MILES})`,
      ];
}

/** The label of the fact that gives a city's distance to tidal water. */
export const TIDAL_FACT_LABEL = "Distance to tidal water";
const TIDAL = [
  /\b(less than a mile|\d+ miles?) in a straight line from the nearest tidal water\b/g,
  new RegExp(`${TIDAL_FACT_LABEL} (less than a mile|\\d+ miles?) in a straight line`, "g"),
];
const withoutTidal = (sentence: string) =>
  TIDAL.reduce((rest, pattern) => rest.replace(pattern, ""), sentence);

/** A distance to tidal water is the measured one. */
function tidalRule(city: Location, sentence: string): string[] {
  const expected = tidalDistanceText(milesToTidalWater(city));
  return TIDAL.flatMap((pattern) => [...sentence.matchAll(pattern)])
    .filter(([, printed]) => printed !== expected)
    .map(
      ([, printed]) => `tidal water is printed ${printed} from ${city.name}, measured ${expected}`,
    );
}

/** A distance says how it was measured: in a straight line (or by road, with its source). */
function straightLineRule(sentence: string): string[] {
  return MILES_ANY.test(sentence) && !/\bstraight[- ]line\b|\bby road\b/i.test(sentence)
    ? ["a distance that does not say it is a straight line"]
    : [];
}
const MILES_ANY = /\b\d+ (?:miles?|mi)\b|\bless than a mile\b/;

// "On the Gulf beaches" and "the Gulf of Mexico" name the Gulf without setting anything on it.
const GULF_FRONT =
  /\bGulf[- ]coast\b|\bon the Gulf\b(?! of\b| beach)|\bGulf shore\b|\bGulf[- ]front\b/i;

/** "Gulf-coast" wording describes only a city whose recorded shore is on the Gulf. */
function gulfRule(city: Location, sentence: string): string[] {
  if (!GULF_FRONT.test(sentence)) return [];
  const subject = placesNamed(sentence)[0] ?? city;
  return isGulfFront(getLocationDetail(subject.slug).shore)
    ? []
    : [`${subject.name} is set on the Gulf but its recorded shore is not`];
}

const HARD_WATER = /\bhard[- ]water\b|\bis hard\b|limestone|calcium|aquifer/i;

/** Salt reaching the glass and hard water are claimed only where the city's facts record them. */
function waterRule(city: Location, sentence: string): string[] {
  const detail = getLocationDetail(city.slug);
  return [
    // Where little salt is recorded, salt is spoken of only as something of the beaches.
    saltExposure(detail.shore) === "little" &&
      /\bsalt/i.test(sentence) &&
      !/beach/i.test(sentence) &&
      `salt is claimed for ${city.name}, whose facts record little salt`,
    !recordsHardWater(detail) &&
      HARD_WATER.test(sentence) &&
      `hard water is claimed for ${city.name}, whose facts record none`,
  ].filter((problem) => typeof problem === "string");
}

const MILES =
  /\b(\d+) (?:miles?|mi)\b(?: (north|northeast|east|southeast|south|southwest|west|northwest)\b)?/g;

/** Every "N miles" printed is the rounded distance (and compass direction) to the one other city its sentence names. */
function distanceRule(city: Location, sentence: string): string[] {
  const figures = [...withoutTidal(sentence).matchAll(MILES)];
  if (figures.length === 0) return [];
  const named = new Set(placesNamed(sentence));
  const others = [...named].filter((location) => location.slug !== city.slug);
  if (others.length !== figures.length)
    return [`${figures.length} distance(s) printed for ${others.length} other place(s)`];
  return figures.flatMap(([, miles, direction], index) => {
    const other = others[index];
    if (!other) return [];
    const expected = wholeMiles(distanceMiles(city, other));
    const towards = compassDirection(bearingDegrees(city, other));
    return [
      Number(miles) !== expected &&
        `${city.name} to ${other.name} is printed ${miles} miles, computed ${expected}`,
      direction !== undefined &&
        direction !== towards &&
        `${other.name} is printed ${direction} of ${city.name}, computed ${towards}`,
    ].filter((problem) => typeof problem === "string");
  });
}

/** Every rule broken by a text of a city page, one message per problem (empty when the text is true). */
export function ruleViolations(city: Location, text: string): string[] {
  return sentences(text).flatMap((sentence) =>
    [
      ...countyRule(sentence),
      ...gulfRule(city, sentence),
      ...waterRule(city, sentence),
      ...distanceRule(city, sentence),
      ...countyWideRule(sentence),
      ...inlandRule(city, sentence),
      ...tidalRule(city, sentence),
      ...straightLineRule(sentence),
    ].map((problem) => `${problem}: "${sentence}"`),
  );
}

/**
 * What a city page must say somewhere in its texts: for a town whose ZIP codes lie in another
 * county too (Odessa's 33556 in Hillsborough, Lutz's 33559 in Pasco), that county and those codes.
 */
export function pageViolations(city: Location, texts: readonly string[]): string[] {
  return otherCountyZips(city).flatMap(({ county, zips }) =>
    texts.some(
      (text) => text.includes(`${county} County`) && zips.every((zip) => text.includes(zip)),
    )
      ? []
      : [`${city.name}'s ZIP code(s) ${zips.join(", ")} lie in ${county} County, unsaid`],
  );
}
