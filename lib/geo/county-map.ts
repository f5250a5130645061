import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { geoContains, geoMercator, geoPath, type GeoProjection } from "d3-geo";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { COUNTIES } from "@/content/counties";
import { LOCATIONS, type County, type Location } from "@/content/locations";
import { processSingleton } from "@/lib/process-state";

/** The SVG width in user units; the height follows the counties' shape. The component scales it. */
const MAP_WIDTH = 400;
const PADDING = 8;

type CountyFeature = Feature<Polygon | MultiPolygon, { name: string }>;
type Atlas = Topology<{ counties: GeometryCollection<{ name: string }> }>;

/** Reads us-atlas (US Census county outlines, 1:10m) and keeps the counties of our service cities. */
const loadCountyFeatures = () =>
  processSingleton("countyFeatures", () => {
    const file = path.join(process.cwd(), "node_modules/us-atlas/counties-10m.json");
    // The pinned package's TopoJSON, as its README documents it.
    const atlas = JSON.parse(readFileSync(file, "utf8")) as Atlas;
    const wanted = new Set<unknown>(COUNTIES.map((county) => county.fips));
    const features = new Map<string, CountyFeature>();
    for (const geometry of atlas.objects.counties.geometries) {
      if (!wanted.has(geometry.id)) continue;
      const shape = feature(atlas, geometry);
      const type = shape.type === "Feature" ? shape.geometry.type : shape.type;
      if (type !== "Polygon" && type !== "MultiPolygon") {
        throw new Error(`County ${geometry.id} is not a polygon`);
      }
      features.set(String(geometry.id), shape as CountyFeature);
    }
    return features;
  });

export type MapCounty = { name: County; fips: string; d: string; labelX: number; labelY: number };
export type MapCity = { slug: string; name: string; x: number; y: number };
export type ServiceAreaMapData = {
  width: number;
  height: number;
  counties: MapCounty[];
  cities: MapCity[];
};

const round = (value: number) => Math.round(value * 10) / 10;

/** County outlines and city dots projected into SVG space (Mercator fitted to the counties), built once. */
export const serviceAreaMap = (): ServiceAreaMapData =>
  processSingleton("serviceAreaMap", () => {
    const features = loadCountyFeatures();
    const collection: FeatureCollection<Polygon | MultiPolygon> = {
      type: "FeatureCollection",
      features: [...features.values()],
    };
    const projection = geoMercator().fitWidth(MAP_WIDTH - 2 * PADDING, collection);
    const [[, top], [, bottom]] = geoPath(projection).bounds(collection);
    const [tx, ty] = projection.translate();
    projection.translate([tx + PADDING, ty - top + PADDING]);
    const height = Math.ceil(bottom - top + 2 * PADDING);
    const toPath = geoPath(projection).digits(0);
    const cities = LOCATIONS.map((location) => {
      const point = projection([location.lon, location.lat]);
      if (!point) throw new Error(`Cannot project ${location.name}`);
      // Whole units: the map is drawn at about one unit per pixel.
      return {
        slug: location.slug,
        name: location.name,
        x: Math.round(point[0]),
        y: Math.round(point[1]),
      };
    });
    const counties = COUNTIES.map((county) => {
      const shape = features.get(county.fips);
      if (!shape) throw new Error(`us-atlas has no county ${county.fips} (${county.name})`);
      const [labelX, labelY] = labelSpot(
        county.name,
        shape,
        toPath.bounds(shape),
        projection,
        cities,
      );
      return { name: county.name, fips: county.fips, d: toPath(shape) ?? "", labelX, labelY };
    });
    return { width: MAP_WIDTH, height, counties, cities };
  });

/**
 * Where to print a county's name: the point on a grid over the county whose label box lies inside
 * the county and farthest from any city dot (nearer the middle on ties), so labels never cover dots.
 */
function labelSpot(
  name: string,
  shape: CountyFeature,
  [[left, top], [right, bottom]]: [[number, number], [number, number]],
  projection: GeoProjection,
  cities: readonly MapCity[],
): [number, number] {
  // The name's box in map units (15px semibold text, about 0.6em a letter).
  const halfWidth = name.length * 4.6;
  const halfHeight = 9;
  const inside = (x: number, y: number) => {
    const point = projection.invert?.([x, y]);
    return point !== null && point !== undefined && geoContains(shape, point);
  };
  const centre: [number, number] = [(left + right) / 2, (top + bottom) / 2];
  let best: { spot: [number, number]; score: number } | undefined;
  for (let y = top + halfHeight; y <= bottom - halfHeight; y += 4) {
    for (let x = left + halfWidth; x <= right - halfWidth; x += 4) {
      const xs = [x - halfWidth, x + halfWidth];
      const ys = [y - halfHeight, y + halfHeight];
      if (!xs.every((cx) => ys.every((cy) => inside(cx, cy)))) continue;
      const clearance = Math.min(
        ...cities.map((city) =>
          Math.hypot(
            Math.max(0, Math.abs(city.x - x) - halfWidth),
            Math.max(0, Math.abs(city.y - y) - halfHeight),
          ),
        ),
      );
      // Clearance counts up to 20 units; beyond that, staying central matters more.
      const score = Math.min(clearance, 20) * 100 - Math.hypot(x - centre[0], y - centre[1]);
      if (!best || score > best.score) best = { spot: [x, y], score };
    }
  }
  const [x, y] = best?.spot ?? centre;
  // Text is drawn from its baseline: shift down by a third of the height to centre it optically.
  return [round(x), round(y + halfHeight / 2)];
}

/** Which of our counties' outlines contains a city's coordinates (undefined when it falls in the water). */
export function countyContaining(location: Location): County | undefined {
  const features = loadCountyFeatures();
  return COUNTIES.find((county) => {
    const shape = features.get(county.fips);
    return shape !== undefined && geoContains(shape, [location.lon, location.lat]);
  })?.name;
}

export type CityLabel = { x: number; y: number; anchor: "start" | "middle" | "end" };

/**
 * Where to print a city's name beside its dot (16-unit bold text): right, left, above or below,
 * whichever box stays inside the map and covers the fewest other dots.
 */
export function cityLabel(city: MapCity, map: ServiceAreaMapData): CityLabel {
  const width = city.name.length * 9.5;
  // Right, left, above, below: the anchor's offset from the dot, then its box's edges.
  const candidates = (
    [
      [12, 5, "start", 10, -10, 14 + width, 8],
      [-12, 5, "end", -14 - width, -10, -10, 8],
      [0, -14, "middle", -width / 2, -28, width / 2, -10],
      [0, 26, "middle", -width / 2, 10, width / 2, 30],
    ] as const
  ).map(([dx, dy, anchor, left, top, right, bottom]) => ({
    x: city.x + dx,
    y: city.y + dy,
    anchor,
    box: [city.x + left, city.y + top, city.x + right, city.y + bottom] as const,
  }));
  const cost = ({ box: [left, top, right, bottom] }: (typeof candidates)[number]) => {
    const outside = left < 0 || top < 0 || right > map.width || bottom > map.height ? 100 : 0;
    const covered = map.cities.filter(
      (other) =>
        other.slug !== city.slug &&
        other.x > left - 6 &&
        other.x < right + 6 &&
        other.y > top - 6 &&
        other.y < bottom + 6,
    ).length;
    return outside + covered;
  };
  const best = candidates.reduce((winner, candidate) =>
    cost(candidate) < cost(winner) ? candidate : winner,
  );
  return { x: best.x, y: best.y, anchor: best.anchor };
}
