import "server-only";
import type { LatLon } from "@/lib/geo/distance";
import { QUESTION_SOURCES, type QuestionSourceId } from "@/content/town-questions";
import {
  nearestTidalWater,
  TIDAL_RIVER_SOURCE,
  TIDAL_SHORELINE_SOURCE,
} from "@/lib/geo/tidal-water";
import { zipDataSource } from "@/lib/service-area/zip-data";

/**
 * Where each figure of a city page comes from (docs/pages.md, "Data and sources"): every block
 * that prints a figure names its sources by these ids, and the page lists each one it uses.
 */
export const DATA_SOURCE_IDS = ["zips", "shoreline", "river", "coordinates"] as const;
export type DataSourceId = (typeof DATA_SOURCE_IDS)[number];
export type SourceId = DataSourceId | QuestionSourceId;

/** The sources of a measured distance to tidal water: the coastline's, or the tidal river's where that is nearer. */
export const tidalSources = (point: LatLon): SourceId[] => [
  nearestTidalWater(point).river ? "river" : "shoreline",
  "coordinates",
];

export type Source = {
  id: SourceId;
  /** What the page took from it. */
  used: string;
  name: string;
  url: string;
  /** A dataset's name and year (or version) as a city page prints them; licence and full edition are the hub's. */
  short?: { name: string; edition?: string };
  /** A dataset's (a page an answer rests on has none): its licence and edition (version and date, as precise as the data gives them). */
  licence?: { name: string; url: string; edition: string };
  /** Where the page takes some of its facts from instead (the ZIP corrections). */
  corrections?: readonly { name: string; url: string }[];
  /** A page's words in the answer that link to it. */
  anchor?: string;
};

const isPageSource = (id: SourceId): id is QuestionSourceId => id in QUESTION_SOURCES;

export function citySource(id: SourceId): Source {
  if (!isPageSource(id)) return dataSource(id);
  const page = QUESTION_SOURCES[id];
  const { used, url, publisher, anchor } = page;
  return { id, used, name: publisher, url, anchor };
}

function dataSource(id: DataSourceId): Source {
  const zips = zipDataSource();
  const shore = TIDAL_SHORELINE_SOURCE;
  const sources: Record<
    DataSourceId,
    Pick<Source, "used" | "name" | "url"> & {
      short: NonNullable<Source["short"]>;
      licence: string;
      licenceUrl: string;
      edition: string;
    }
  > = {
    coordinates: {
      used: "Town points",
      name: "Wikipedia, after the Census Gazetteer or USGS GNIS",
      url: "https://en.wikipedia.org/",
      short: { name: "Wikipedia" },
      licence: "CC BY-SA 4.0",
      licenceUrl: "https://creativecommons.org/licenses/by-sa/4.0/",
      edition: "four decimals",
    },
    zips: {
      used: "ZIP codes",
      name: zips.data,
      url: zips.dataUrl,
      short: { name: "GeoNames", edition: `${zips.packageName} ${zips.version}` },
      licence: zips.licence,
      licenceUrl: zips.licenceUrl,
      edition: `${zips.packageName} ${zips.version}`,
    },
    shoreline: {
      used: "Tidal water",
      name: `OpenStreetMap coastline, ${shore.attribution}`,
      url: shore.dataUrl,
      short: { name: shore.attribution, edition: shore.dataDate.slice(0, 4) },
      licence: shore.licence,
      licenceUrl: shore.licenceUrl,
      edition: `data of ${shore.dataDate}`,
    },
    river: {
      used: "Tidal river",
      name: TIDAL_RIVER_SOURCE.data,
      url: TIDAL_RIVER_SOURCE.dataUrl,
      short: { name: TIDAL_RIVER_SOURCE.data, edition: TIDAL_RIVER_SOURCE.edition },
      licence: TIDAL_RIVER_SOURCE.licence,
      licenceUrl: TIDAL_RIVER_SOURCE.licenceUrl,
      edition: TIDAL_RIVER_SOURCE.edition,
    },
  };
  const { licence, licenceUrl, edition, ...source } = sources[id];
  return { id, ...source, licence: { name: licence, url: licenceUrl, edition } };
}
