import * as z from "zod/mini";
import { priceSheetSchema } from "../quote/locked-price.ts";
import { storedQuoteSchema } from "./store-contract.ts";

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * A quote_requests row as the site reads it (`quote`: store-contract.ts, storedQuoteSchema) and as
 * the function hands it on (`lead`: what the CRM gets, webhook.ts, with its CRM status and price
 * sheet). No row fails the parse.
 */
export function storedQuote(row: Record<string, unknown> = {}) {
  const quote = storedQuoteSchema.parse({
    id: row.id,
    idempotencyKey: row.idempotency_key,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    message: row.message,
    paneCount: row.pane_count,
    frequency: row.frequency,
    addOns: {
      interior: row.add_on_interior,
      screens: row.add_on_screens,
      tracks: row.add_on_tracks,
    },
    isPostConstruction: row.is_post_construction,
    stories: row.stories,
    // numeric comes as a string from postgres.js, so no precision is lost on the way.
    totalPrice: Number(row.total_price),
    clientTotalPrice: row.client_total_price,
    sourcePage: row.source_page,
    attribution: row.attribution,
    spamReason: row.spam_reason,
    // A date comes as a Date at midnight UTC.
    visitEarliestDate: row.visit_earliest_date && String(iso(row.visit_earliest_date)).slice(0, 10),
    visitPartOfDay: row.visit_part_of_day,
    webhookStatus: row.webhook_status,
    webhookError: row.webhook_error,
    webhookAttemptedAt: iso(row.webhook_attempted_at),
  });
  const {
    clientTotalPrice: _client,
    spamReason: _spam,
    visitEarliestDate: earliestDate,
    visitPartOfDay: partOfDay,
    webhookError: _error,
    webhookAttemptedAt: _attempted,
    ...kept
  } = quote;
  const lead = {
    ...kept,
    visitWindow: earliestDate && partOfDay ? { earliestDate, partOfDay } : null,
    status: String(row.status),
    /** Bumped by every change the function makes; the CRM gets it with the lead. */
    version: Number(row.version),
    // Null on a row stored before the price lock was kept here.
    priceSheet: z.nullable(priceSheetSchema).parse(row.price_sheet),
  };
  return { quote, lead };
}

export type StoredLead = ReturnType<typeof storedQuote>["lead"];
