import "server-only";
import { TIDAL_SHORELINE_SOURCE } from "@/lib/geo/tidal-water";
import { zipDataSource } from "@/lib/service-area/zip-data";

/**
 * Where each figure of a city page comes from (docs/pages.md, "Data and sources"): every block
 * that prints a figure names its sources by these ids, and the page lists each one it uses.
 */
export type SourceId = "coordinates" | "zips" | "shoreline";

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
};

export function citySource(id: SourceId): Source {
  switch (id) {
    case "coordinates":
      return {
        id,
        used: "Each town's point on the map, from which every distance between towns is computed",
        name: "The town's English Wikipedia article, citing the US Census Bureau Gazetteer or USGS GNIS",
        url: "https://en.wikipedia.org/",
        licence: "CC BY-SA 4.0",
        licenceUrl: "https://creativecommons.org/licenses/by-sa/4.0/",
        edition: "coordinates to four decimals, in content/locations.ts",
      };
    case "zips": {
      const zips = zipDataSource();
      return {
        id,
        used: "ZIP codes, their towns, counties and points",
        name: zips.data,
        url: zips.dataUrl,
        licence: zips.licence,
        licenceUrl: zips.licenceUrl,
        edition: `${zips.packageName} package, version ${zips.version}`,
      };
    }
    case "shoreline":
      return {
        id,
        used: "The distance to the nearest tidal water, measured in a straight line",
        name: `${TIDAL_SHORELINE_SOURCE.data}, ${TIDAL_SHORELINE_SOURCE.attribution}`,
        url: TIDAL_SHORELINE_SOURCE.dataUrl,
        licence: TIDAL_SHORELINE_SOURCE.licence,
        licenceUrl: TIDAL_SHORELINE_SOURCE.licenceUrl,
        edition: `${TIDAL_SHORELINE_SOURCE.packageName} ${TIDAL_SHORELINE_SOURCE.version}, data of ${TIDAL_SHORELINE_SOURCE.dataDate}`,
      };
  }
}
