import type postgres from "postgres";
import { z } from "zod";
import { priceSheetSchema } from "../quote/locked-price.ts";
import { attributionSchema } from "../quote/schema.ts";

/** A quote_requests row as the function hands it on (camelCase, numbers as numbers). */
export const storedLeadSchema = z
  .object({
    id: z.string(),
    idempotency_key: z.string(),
    created_at: z.date(),
    updated_at: z.date(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    message: z.string(),
    pane_count: z.string(),
    frequency: z.string(),
    add_on_interior: z.boolean(),
    add_on_screens: z.boolean(),
    add_on_tracks: z.boolean(),
    is_post_construction: z.string().nullable(),
    stories: z.string().nullable(),
    // postgres.js returns numeric as a string, so no precision is lost on the way.
    total_price: z.union([z.string(), z.number()]).transform(Number),
    source_page: z.string().nullable(),
    // jsonb: postgres.js returns it parsed; null for a lead sent without any.
    attribution: z.nullable(attributionSchema),
    // postgres.js returns a date as a Date at midnight UTC; as text it is already "YYYY-MM-DD".
    visit_earliest_date: z
      .union([z.date().transform((date) => date.toISOString().slice(0, 10)), z.string()])
      .nullable(),
    visit_part_of_day: z.string().nullable(),
    status: z.string(),
    webhook_status: z.string(),
    // bigint: postgres.js returns it as text.
    version: z.union([z.string(), z.number()]).transform(Number),
    // Null on a row stored before the price lock was kept here.
    price_sheet: z.nullable(priceSheetSchema),
  })
  .transform((row) => ({
    id: row.id,
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
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
    totalPrice: row.total_price,
    sourcePage: row.source_page,
    attribution: row.attribution,
    visitWindow:
      row.visit_earliest_date && row.visit_part_of_day
        ? {
            earliestDate: row.visit_earliest_date,
            partOfDay: row.visit_part_of_day,
          }
        : null,
    status: row.status,
    /** Bumped by every change the function makes; the CRM gets it with the lead. */
    version: row.version,
    webhookStatus: row.webhook_status,
    priceSheet: row.price_sheet,
  }));

export type StoredLead = z.infer<typeof storedLeadSchema>;

/** The lead as it stands now, or undefined once it is gone. */
export async function readLead(sql: postgres.Sql, id: string): Promise<StoredLead | undefined> {
  const [row] = await sql`select * from public.quote_requests where id = ${id}`;
  return row ? storedLeadSchema.parse(row) : undefined;
}
