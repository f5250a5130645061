import "server-only";
import type { LatLon } from "@/lib/geo/distance";
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
export type SourceId = "coordinates" | "zips" | "shoreline" | "river";

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
  licence: string;
  licenceUrl: string;
  /** Version and date, as precise as the data gives them. */
  edition: string;
  /** Where the page takes some of its facts from instead (the ZIP corrections). */
  corrections?: readonly { name: string; url: string }[];
};

export function citySource(id: SourceId): Source {
  const zips = zipDataSource();
  const shore = TIDAL_SHORELINE_SOURCE;
  const sources: Record<SourceId, Omit<Source, "id">> = {
    coordinates: {
      used: "Town points",
      name: "Wikipedia, after the Census Gazetteer or USGS GNIS",
      url: "https://en.wikipedia.org/",
      licence: "CC BY-SA 4.0",
      licenceUrl: "https://creativecommons.org/licenses/by-sa/4.0/",
      edition: "four decimals",
    },
    zips: {
      used: "ZIP codes",
      name: zips.data,
      url: zips.dataUrl,
      licence: zips.licence,
      licenceUrl: zips.licenceUrl,
      edition: `${zips.packageName} ${zips.version}`,
    },
    shoreline: {
      used: "Tidal water",
      name: `OpenStreetMap coastline, ${shore.attribution}`,
      url: shore.dataUrl,
      licence: shore.licence,
      licenceUrl: shore.licenceUrl,
      edition: `data of ${shore.dataDate}`,
    },
    river: {
      used: "Tidal river",
      name: TIDAL_RIVER_SOURCE.data,
      url: TIDAL_RIVER_SOURCE.dataUrl,
      licence: TIDAL_RIVER_SOURCE.licence,
      licenceUrl: TIDAL_RIVER_SOURCE.licenceUrl,
      edition: TIDAL_RIVER_SOURCE.edition,
    },
  };
  return { id, ...sources[id] };
}
