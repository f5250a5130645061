import { PANE_RANGES, type PaneRange } from "../content/pricing.ts";

/** The calculator's fixed answers. Zod-free, so the calculator's first load does not carry the schema. */

/**
 * The contact step's fields in the order the form shows them, which is also the validation order
 * (docs/calculator.md): the first invalid field on screen is the one whose message shows.
 */
export const CONTACT_FIELDS = ["name", "phone", "email", "address", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const STORIES = ["1", "2", "3", "4+"] as const;
export type Stories = (typeof STORIES)[number];

export const POST_CONSTRUCTION_ANSWERS = ["yes", "no"] as const;
export type PostConstruction = (typeof POST_CONSTRUCTION_ANSWERS)[number];

/** The campaign parameters a lead keeps from its visit's landing page (docs/leads.md, "Attribution"). */
export const CAMPAIGN_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "gbraid",
  "wbraid",
] as const;

/** The part of the day a visitor may ask for on the saved-quote page (docs/pages.md, "Saved quote"). */
export const PARTS_OF_DAY = ["morning", "afternoon", "any"] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** A calendar date as the API writes it: "YYYY-MM-DD". */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const PANE_RANGE_IDS: readonly PaneRange[] = PANE_RANGES.map((range) => range.id);
