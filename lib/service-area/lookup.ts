import "server-only";
import { LOCATIONS, locationPath, type Location } from "@/content/locations";
import { SITE } from "@/content/site";
import { distanceMiles, nearest, wholeMiles, type LatLon } from "@/lib/geo/distance";
import { serviceCircle } from "@/lib/geo/service-circle";
import { processSingleton } from "@/lib/process-state";
import { cityOfTown, isServed, serviceCityOf, townName } from "./rule";
import { everyZip, findZip, type ZipPlace } from "./zip-data";
import { zipOutsideLine } from "./messages";
import { zipInAddress, type ZipAnswer } from "./zip-code";

/** Every ZIP code we serve, in code order; worked out once per process from the data and the rule. */
export function servedZips(): readonly ZipPlace[] {
  return processSingleton("servedZips", () =>
    [...everyZip()].filter(isServed).sort((a, b) => a.zip.localeCompare(b.zip)),
  );
}

/**
 * How far a point lies outside the service area: to the circle's edge, or to the nearest point of
 * a served ZIP code beyond it (a town of ours past the edge), whichever is nearer.
 */
export function exactMilesOutside(point: LatLon): number {
  const { centre, radiusMiles } = serviceCircle();
  let nearest = distanceMiles(centre, point) - radiusMiles;
  for (const zip of servedZips()) nearest = Math.min(nearest, distanceMiles(zip, point));
  return Math.max(0, nearest);
}

/** The answer for a five-digit code (docs/pages.md, "Service area check"), or undefined for none. */
export function checkZip(code: string): ZipAnswer | undefined {
  const zip = findZip(code);
  if (!zip) return undefined;
  const served = isServed(zip);
  const { location, exactMiles } = serviceCityOf(zip);
  return {
    zip: zip.zip,
    place: townName(zip),
    state: zip.state,
    served,
    city: { name: location.name, path: locationPath(location) },
    miles: wholeMiles(exactMiles),
    milesOutside: served ? 0 : wholeMiles(exactMilesOutside(zip)),
  };
}

/** A ZIP code as /service-area lists it: `town` is its postal town, `own` false for a town's nearest ZIP code of another town. */
export type ListedZip = { zip: string; town: string; own: boolean };
export type TownZips = { town: string; location?: Location; zips: ListedZip[] };

/** A town of ours that no ZIP code is named after lists the served ZIP codes within this many miles. */
export const NEAR_TOWN_MILES = 3;

/**
 * The served ZIP codes under their postal towns, alphabetical; a city of ours that no ZIP code is
 * named after lists those near it (docs/pages.md, "Service area").
 */
export function servedZipsByTown(): TownZips[] {
  const byTown = new Map<string, TownZips>();
  for (const zip of servedZips()) {
    const town = townName(zip);
    const group = byTown.get(town) ?? { town, location: cityOfTown(zip), zips: [] };
    group.zips.push({ zip: zip.zip, town, own: true });
    byTown.set(town, group);
  }
  for (const location of LOCATIONS) {
    if (byTown.has(location.name)) continue;
    byTown.set(location.name, {
      town: location.name,
      location,
      zips: zipsNear(location).map((zip) => ({ zip: zip.zip, town: townName(zip), own: false })),
    });
  }
  return [...byTown.values()].sort((a, b) => a.town.localeCompare(b.town));
}

/**
 * The ZIP codes of a county (as the data files them) that the rule leaves out, in code order: a
 * page may say it works all over a county only while this is empty, or name them all.
 */
export function unservedZipsOf(county: string): ZipPlace[] {
  return [...everyZip()]
    .filter((zip) => zip.state === SITE.region.code && zip.county === county && !isServed(zip))
    .sort((a, b) => a.zip.localeCompare(b.zip));
}

/** The served ZIP codes whose postal town is the city (GeoNames' place name), in code order. */
export function townZips(location: Location): ZipPlace[] {
  return servedZips().filter((zip) => cityOfTown(zip)?.slug === location.slug);
}

/**
 * The other counties a city's ZIP codes lie in, with those codes: filed there (Lutz's 33559 in
 * Pasco), or reaching into a place there (Odessa's 33556 into Keystone, Hillsborough; `place`).
 */
export function otherCountyZips(
  location: Location,
): { county: string; zips: string[]; place?: string }[] {
  const own = townZips(location);
  const filed = own.filter((zip) => zip.county !== location.county);
  return [
    ...[...Map.groupBy(filed, (zip) => zip.county)].map(([county, zips]) => ({
      county,
      zips: zips.map((zip) => zip.zip),
    })),
    ...own.flatMap(({ zip, reachesInto }) =>
      reachesInto && reachesInto.county !== location.county
        ? [{ ...reachesInto, zips: [zip] }]
        : [],
    ),
  ];
}

/** The served ZIP codes whose points lie within NEAR_TOWN_MILES of a city's point, nearest first. */
export function zipsNear(location: Location): ZipPlace[] {
  return servedZips()
    .map((zip) => ({ zip, miles: distanceMiles(location, zip) }))
    .filter(({ miles }) => miles <= NEAR_TOWN_MILES)
    .sort((a, b) => a.miles - b.miles)
    .map(({ zip }) => zip);
}

/**
 * Each city whose own point is nearest an unserved ZIP code: the /service-area page fails the
 * build on any (docs/decisions.md, "Service area by ZIP code").
 */
export function cityCoverageProblems(): string[] {
  const zips = [...everyZip()];
  return LOCATIONS.flatMap((location) => {
    const own = nearest(location, zips)?.item;
    return own && !isServed(own)
      ? [`${location.name}: its nearest ZIP code, ${own.zip}, is not served`]
      : [];
  });
}

/** The owner's e-mail line for an unserved ZIP code's address (docs/leads.md, "Notifications"). */
export function outsideAreaLine(address: string): string | null {
  const zip = zipInAddress(address);
  const answer = zip ? checkZip(zip) : undefined;
  return answer && !answer.served ? zipOutsideLine(answer.zip, answer.milesOutside) : null;
}
