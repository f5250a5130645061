import type { Frequency, PaneRange } from "../_shared/content/pricing.ts";
import { type LeadDelivery, leadDeliverySchema } from "../_shared/leads/delivery-schema.ts";
import type { PartOfDay, PostConstruction, Stories } from "../_shared/quote/choices.ts";
import type { AddOnSelection } from "../_shared/quote/pricing.ts";
import { type Attribution, firstIssue } from "../_shared/quote/schema.ts";

/**
 * A delivery as the function keeps it. The rules are the site's own (leadDeliverySchema, imported
 * from supabase/functions/_shared/leads/delivery-schema.ts): the same checks, the same messages.
 */
export type LeadPayload = {
  event: LeadDelivery["event"];
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  message: string;
  paneCount: PaneRange;
  frequency: Frequency;
  addOns: AddOnSelection;
  /** Null until step 5 or 6 is answered (the site sends ""). */
  isPostConstruction: PostConstruction | null;
  stories: Stories | null;
  /** The site's own figure: compared with the function's, never stored. */
  siteTotalPrice: number;
  sourcePage: string | null;
  /** Where the visit came from (docs/leads.md, "Attribution"); null when the site sent none. */
  attribution: Attribution | null;
  visitWindow: { earliestDate: string; partOfDay: PartOfDay } | null;
  /** The lead's version as the site sent it; null from a site that sends none. */
  version: number | null;
};

/** Printable ASCII, as HTTP header values are; the site sends a UUID. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * What PostgreSQL cannot store is refused as bad input (400) rather than failing on insert (500,
 * which the site would retry for a day): text with NUL, and a date that is no real date.
 */
export function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value && typeof value === "object") return Object.values(value).some(holdsNul);
  return false;
}

/** A calendar date PostgreSQL's date type takes: "2026-02-30" passes the schema's pattern, not this. */
export function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

export type ParsedLead =
  { success: true; key: string; lead: LeadPayload } | { success: false; error: string };

/** Validates a delivery. The row's key is the Idempotency-Key header, or the lead's id without one. */
export function parseLead(body: unknown, idempotencyKey: string | null): ParsedLead {
  const parsed = leadDeliverySchema.safeParse(body);
  if (!parsed.success) return { success: false, error: firstIssue(parsed.error).message };
  if (holdsNul(parsed.data)) {
    return { success: false, error: "Text must not contain NUL characters" };
  }
  // The site's message for a date it cannot offer (lib/quote/visit-window.ts, visitWindowError).
  if (parsed.data.visitWindow && !isCalendarDate(parsed.data.visitWindow.earliestDate)) {
    return { success: false, error: "Choose an earliest date for the visit" };
  }
  const key = idempotencyKey ?? parsed.data.id;
  if (!IDEMPOTENCY_KEY.test(key)) {
    return { success: false, error: "Idempotency-Key must be 1-255 printable ASCII characters" };
  }
  const {
    totalPrice,
    message,
    isPostConstruction,
    stories,
    sourcePage,
    attribution,
    visitWindow,
    version,
    ...rest
  } = parsed.data;
  return {
    success: true,
    key,
    lead: {
      ...rest,
      id: rest.id.toLowerCase(),
      message: message ?? "",
      isPostConstruction: isPostConstruction || null,
      stories: stories || null,
      siteTotalPrice: totalPrice,
      sourcePage: sourcePage || null,
      attribution: attribution ?? null,
      visitWindow: visitWindow ?? null,
      version: version ?? null,
    },
  };
}
