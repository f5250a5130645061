import { LOCATIONS, type Location } from "@/content/locations";
import {
  bearingDegrees,
  compassDirection,
  distanceMiles,
  wholeMiles,
  type CompassDirection,
} from "./distance";

export type Neighbour = {
  location: Location;
  /** Great-circle miles, rounded to a whole mile for copy. */
  miles: number;
  /** Which way the neighbour lies, seen from the origin. */
  direction: CompassDirection;
};

/** Service cities ordered by straight-line distance from `origin` (itself excluded). */
export function nearestLocations(origin: Location, count: number): Neighbour[] {
  return LOCATIONS.filter((candidate) => candidate.slug !== origin.slug)
    .map((candidate) => ({ candidate, exact: distanceMiles(origin, candidate) }))
    .sort((a, b) => a.exact - b.exact || a.candidate.name.localeCompare(b.candidate.name))
    .slice(0, Math.max(0, count))
    .map(({ candidate, exact }) => ({
      location: candidate,
      miles: wholeMiles(exact),
      direction: compassDirection(bearingDegrees(origin, candidate)),
    }));
}
