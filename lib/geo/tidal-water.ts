import rivers from "@/content/datasets/tidal-rivers.json" with { type: "json" };
import shoreline from "@/content/datasets/tidal-shoreline.json" with { type: "json" };
import { EARTH_RADIUS_MILES, milesText, type LatLon } from "./distance";

/** How far a point is from tidal water (docs/pages.md, "City pages: data and sources"). */

const RADIANS = Math.PI / 180;

/** Where the measurement comes from, for the page that prints it. */
export const TIDAL_SHORELINE_SOURCE = shoreline.source;
/** The tidal reach of a river the coastline stops at the mouth of (the Hillsborough, up to Tampa's dam). */
export const TIDAL_RIVER_SOURCE = rivers.source;

/**
 * Straight-line miles from a point to the nearest tidal shore, and whether that shore is a tidal
 * river's (its own source). Within the few miles that matter, a plane around the point (longitude
 * scaled by the cosine of its latitude) is exact to well under the data's 10 m, so each shore
 * segment's nearest point is found on that plane.
 */
export function nearestTidalWater(point: LatLon): { miles: number; river: boolean } {
  const scale = Math.cos(point.lat * RADIANS);
  const project = ([lon = 0, lat = 0]: readonly number[]) => [
    (lon - point.lon) * scale,
    lat - point.lat,
  ];
  const nearestOn = (lines: readonly (readonly (readonly number[])[])[]) => {
    let nearest = Infinity;
    for (const line of lines) {
      const points = line.map(project);
      for (const [index, [bx = 0, by = 0]] of points.entries()) {
        const [ax = 0, ay = 0] = points[index - 1] ?? [bx, by];
        const dx = bx - ax;
        const dy = by - ay;
        const length = dx * dx + dy * dy;
        const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
        nearest = Math.min(nearest, Math.hypot(ax + t * dx, ay + t * dy));
      }
    }
    return nearest * RADIANS * EARTH_RADIUS_MILES;
  };
  const coast = nearestOn(shoreline.lines);
  if (!Number.isFinite(coast))
    throw new Error("content/datasets/tidal-shoreline.json has no shore");
  const river = nearestOn(rivers.lines);
  return river < coast ? { miles: river, river: true } : { miles: coast, river: false };
}

/** Straight-line miles from a point to the nearest tidal water, coast or tidal river. */
export const milesToTidalWater = (point: LatLon): number => nearestTidalWater(point).miles;

/** A city is called inland only this far, or farther, from tidal water (docs/pages.md, "City pages"). */
export const INLAND_MILES = 5;

/** A measured distance to tidal water as a page prints it: "less than a mile", "1 mile", "9 miles". */
export function tidalDistanceText(miles: number): string {
  return miles < 1 ? "less than a mile" : milesText(Math.round(miles));
}
