/** A point on the Earth in decimal degrees (WGS84). */
export type LatLon = { lat: number; lon: number };

export const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in statute miles (haversine). */
export function distanceMiles(from: LatLon, to: LatLon): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLon = toRadians(to.lon - from.lon);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The candidate nearest a point, with its exact distance (the first in order on a tie). */
export function nearest<T extends LatLon>(point: LatLon, candidates: Iterable<T>) {
  let best: { item: T; miles: number } | undefined;
  for (const item of candidates) {
    const miles = distanceMiles(point, item);
    if (!best || miles < best.miles) best = { item, miles };
  }
  return best;
}

/** Distances are stated in whole miles, and something less than one mile away is "1 mile". */
export const wholeMiles = (miles: number) => Math.max(1, Math.round(miles));

/** "1 mile", "85 miles", "2,449 miles". */
export const milesText = (count: number) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? "mile" : "miles"}`;

/** Initial bearing from one point to another, in degrees clockwise from north (0–360). */
export function bearingDegrees(from: LatLon, to: LatLon): number {
  const φ1 = toRadians(from.lat);
  const φ2 = toRadians(to.lat);
  const Δλ = toRadians(to.lon - from.lon);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

const COMPASS = [
  "north",
  "northeast",
  "east",
  "southeast",
  "south",
  "southwest",
  "west",
  "northwest",
] as const;
export type CompassDirection = (typeof COMPASS)[number];

/** The nearest of the eight compass directions for a bearing. */
export function compassDirection(bearing: number): CompassDirection {
  const index = Math.round((((bearing % 360) + 360) % 360) / 45) % COMPASS.length;
  return COMPASS[index] ?? "north";
}
