import { getLocationDetail, saltExposure } from "@/content/location-details";
import type { Location } from "@/content/locations";
import { SITE } from "@/content/site";
import { reclaimedWaterOf, TOWN_QUESTIONS, type TownFacts } from "@/content/town-questions";
import { formatDays, formatTime } from "@/lib/opening-hours";
import { servedZips } from "@/lib/service-area/lookup";
import { cityOfTown, serviceCityOf, townName } from "@/lib/service-area/rule";
import type { SourceId } from "./sources";

/** A question on a city page, its answer, and the sources the page lists for it. */
export type AnsweredQuestion = {
  id: string;
  question: string;
  answer: string;
  sources: SourceId[];
};

/** The towns the ZIP check sends to a city: served codes of other towns, nearer it than any other of ours. */
export function zipTownsOf(location: Location): TownFacts["zipTowns"] {
  const sent = servedZips().filter(
    (zip) => !cityOfTown(zip) && serviceCityOf(zip).location.slug === location.slug,
  );
  return [...Map.groupBy(sent, townName)].map(([town, zips]) => ({
    town,
    zips: zips.map((zip) => zip.zip),
  }));
}

/** "8 AM Mon–Fri and 9 AM Sat": when the day's first visit can be, from the opening hours. */
const firstSlot = () =>
  SITE.openingHours
    .map((hours) => `${formatTime(hours.opens)} ${formatDays(hours.days)}`)
    .join(" and ");

function townFacts(location: Location): TownFacts {
  const detail = getLocationDetail(location.slug);
  return {
    city: location.name,
    county: location.county,
    features: detail.features,
    salt: saltExposure(detail.shore),
    zipTowns: zipTownsOf(location),
    firstSlot: firstSlot(),
    reclaimed: reclaimedWaterOf(location.slug),
  };
}

/** The questions a city's facts call for, answered (content/town-questions.ts). */
export function townQuestions(location: Location): AnsweredQuestion[] {
  const town = townFacts(location);
  return TOWN_QUESTIONS.filter((entry) => entry.asks(town)).map((entry) => ({
    id: entry.id,
    question: entry.question(town),
    answer: entry.answer(town),
    sources: [
      ...("computedFrom" in entry ? entry.computedFrom : []),
      ...(typeof entry.sources === "function" ? entry.sources(town) : entry.sources),
    ],
  }));
}
