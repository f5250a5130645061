/**
 * What the browser may know about ZIP codes: their shape, where to ask about one, and the answer's
 * shape. No ZIP data here: this module ships to visitors (docs/pages.md, "Service area check").
 */

/** A US ZIP code: five digits. */
export const ZIP_CODE = /^\d{5}$/;

/** The prerendered list of the ZIP codes we serve, grouped by city (no JavaScript needed). */
export const SERVICE_AREA_PATH = "/service-area";

/** Where next.config.ts rewrites `/service-area?zip=…`: the ZIP form's answer without scripts. */
export const ZIP_ANSWER_PATH = "/service-area/answer";

/**
 * What a ZIP code field holds so far: a ZIP code once its fifth digit is in (a ZIP+4 being typed,
 * "33611-12", still is), "partial" while it can become one, "malformed" once it cannot.
 */
export function readZipField(value: string): { zip: string } | "partial" | "malformed" {
  const zip = /^\s*(\d{5})(?:-?\d{0,4})?\s*$/.exec(value)?.[1];
  if (zip) return { zip };
  return /^\s*\d{0,4}$/.test(value) ? "partial" : "malformed";
}

/** An address's last five-digit group (or ZIP+4), unless it is the house number that starts it. */
export function zipInAddress(address: string): string | null {
  const groups = [...address.matchAll(/(?<![\d-])(\d{5})(?:-?\d{4})?(?![\d-])/g)];
  const last = groups.at(-1);
  if (!last || address.slice(0, last.index).trim() === "") return null;
  return last[1] ?? null;
}

/** GET /api/service-area's answer for a known ZIP code (docs/pages.md, "Service area check"). */
export type ZipAnswer = {
  zip: string;
  /** The ZIP code's town, spelled as our city list spells it when it is one of our cities. */
  place: string;
  state: string;
  served: boolean;
  /** The service city of the ZIP code's own town, else the nearest service city, and its page. */
  city: { name: string; path: string };
  /** Straight-line miles from the ZIP code's point to that city's, whole. */
  miles: number;
  /** Whole miles to the nearest point of the service area; 0 when served. */
  milesOutside: number;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const isWholeNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

/**
 * The answer read from a response body, or null when it is not one. Checked by hand, not with
 * zod: the schema library would more than double the hero's script for six fields.
 */
export function parseZipAnswer(body: unknown): ZipAnswer | null {
  if (!isRecord(body) || !isRecord(body.city)) return null;
  const { zip, place, state, served, miles, milesOutside, city } = body;
  if (typeof zip !== "string" || !ZIP_CODE.test(zip)) return null;
  if (typeof place !== "string" || typeof state !== "string" || typeof served !== "boolean")
    return null;
  if (!isWholeNumber(miles) || !isWholeNumber(milesOutside)) return null;
  if (typeof city.name !== "string" || typeof city.path !== "string" || !city.path.startsWith("/"))
    return null;
  return {
    zip,
    place,
    state,
    served,
    city: { name: city.name, path: city.path },
    miles,
    milesOutside,
  };
}
