import { LOCATIONS, type Location } from "@/content/locations";
import { SITE } from "@/content/site";
import { distanceMiles, nearest, type LatLon } from "@/lib/geo/distance";
import { insideServiceCircle } from "@/lib/geo/service-circle";

/**
 * Which ZIP codes we serve: the area the home page's structured data declares, the service circle
 * plus each service city's town (docs/decisions.md, "Service area by ZIP code").
 */

/** A ZIP code as the rule needs it: its town, its state and its point. */
export type ZipPoint = LatLon & { place: string; state: string };

/** "Saint Petersburg" and "St. Petersburg", "Land O Lakes" and "Land O' Lakes" are one town. */
export function townKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\bsaint\b/g, "st")
    .replace(/[^a-z0-9 ]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const CITIES_BY_TOWN = new Map(LOCATIONS.map((location) => [townKey(location.name), location]));

/** The service city a ZIP code's town is, if it is one (in our state: a Largo elsewhere is not ours). */
export function cityOfTown(zip: Pick<ZipPoint, "place" | "state">): Location | undefined {
  return zip.state === SITE.region.code ? CITIES_BY_TOWN.get(townKey(zip.place)) : undefined;
}

export function isServed(zip: ZipPoint): boolean {
  return (zip.state === SITE.region.code && insideServiceCircle(zip)) || Boolean(cityOfTown(zip));
}

/** The service city a ZIP code belongs to: its town, else the nearest. */
export function serviceCityOf(zip: ZipPoint): { location: Location; exactMiles: number } {
  const own = cityOfTown(zip);
  if (own) return { location: own, exactMiles: distanceMiles(zip, own) };
  const { item, miles } = nearest(zip, LOCATIONS)!;
  return { location: item, exactMiles: miles };
}

/** The ZIP code's town as we spell it: our city list's spelling for our cities ("St. Petersburg"). */
export function townName(zip: Pick<ZipPoint, "place" | "state">): string {
  return cityOfTown(zip)?.name ?? zip.place;
}
