import "server-only";
import { LOCATIONS, locationPath, type Location } from "@/content/locations";
import { distanceMiles, type LatLon } from "@/lib/geo/distance";
import { serviceCircle } from "@/lib/geo/service-circle";
import { processSingleton } from "@/lib/process-state";
import { isServed, serviceCityOf, townName, wholeMiles } from "./rule";
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

/** The answer for a known ZIP code (docs/pages.md, "Service area check"). */
export function answerFor(zip: ZipPlace): ZipAnswer {
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

/** The answer for a five-digit code, or undefined when no such ZIP code exists. */
export function checkZip(zip: string): ZipAnswer | undefined {
  const found = findZip(zip);
  return found && answerFor(found);
}

export type CityZips = { location: Location; zips: { zip: string; town: string }[] };

/** The served ZIP codes under their service city, cities in alphabetical order (the /service-area page). */
export function servedZipsByCity(): CityZips[] {
  const byCity = new Map<string, CityZips>(
    LOCATIONS.map((location) => [location.slug, { location, zips: [] }]),
  );
  for (const zip of servedZips()) {
    byCity.get(serviceCityOf(zip).location.slug)?.zips.push({ zip: zip.zip, town: townName(zip) });
  }
  return [...byCity.values()].sort((a, b) => a.location.name.localeCompare(b.location.name));
}

/**
 * What would make the rule contradict the city list, one line each: a city whose own point is
 * nearest an unserved ZIP code, or a city with no served ZIP code to list. The /service-area page
 * fails the build on any (docs/decisions.md, "Service area by ZIP code").
 */
export function cityCoverageProblems(): string[] {
  const problems: string[] = [];
  const zips = [...everyZip()];
  for (const { location, zips: listed } of servedZipsByCity()) {
    const own = nearestZipTo(location, zips);
    if (own && !isServed(own))
      problems.push(`${location.name}: its nearest ZIP code, ${own.zip}, is not served`);
    if (listed.length === 0) problems.push(`${location.name}: no served ZIP code belongs to it`);
  }
  return problems;
}

function nearestZipTo(point: LatLon, zips: readonly ZipPlace[]): ZipPlace | undefined {
  let best: { zip: ZipPlace; miles: number } | undefined;
  for (const zip of zips) {
    const miles = distanceMiles(point, zip);
    if (!best || miles < best.miles) best = { zip, miles };
  }
  return best?.zip;
}

/**
 * The owner's e-mail line for a service address whose ZIP code we do not serve, "ZIP 33901 is 80
 * miles outside the service area"; null when the address has no ZIP code, an unknown one, or a
 * served one (docs/leads.md, "Notifications").
 */
export function outsideAreaLine(address: string): string | null {
  const zip = zipInAddress(address);
  const answer = zip ? checkZip(zip) : undefined;
  return answer && !answer.served ? zipOutsideLine(answer.zip, answer.milesOutside) : null;
}
