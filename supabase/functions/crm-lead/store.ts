import type postgres from "postgres";
import { z } from "zod";
import type { LeadPayload } from "./schema.ts";

type Sql = ReturnType<typeof postgres>;

/** A quote_requests row as the function hands it on (camelCase, numbers as numbers). */
const storedLeadSchema = z
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
    // postgres.js returns a date as a Date at midnight UTC; as text it is already "YYYY-MM-DD".
    visit_earliest_date: z
      .union([z.date().transform((date) => date.toISOString().slice(0, 10)), z.string()])
      .nullable(),
    visit_part_of_day: z.string().nullable(),
    status: z.string(),
    webhook_status: z.string(),
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
    visitWindow:
      row.visit_earliest_date && row.visit_part_of_day
        ? {
            earliestDate: row.visit_earliest_date,
            partOfDay: row.visit_part_of_day,
          }
        : null,
    status: row.status,
    webhookStatus: row.webhook_status,
  }));

export type StoredLead = z.infer<typeof storedLeadSchema>;
export type SaveOutcome = { lead: StoredLead; changed: boolean };

/** The delivery's id and key belong to different rows: a client bug, never fixed by retrying. */
export class LeadConflictError extends Error {
  override name = "LeadConflictError";
}
export type WebhookOutcome = { ok: true } | { ok: false; error: string };

export interface LeadStore {
  /** Creates the row for `key`, or applies an update to it; a repeated delivery changes nothing. */
  save(key: string, lead: LeadPayload, webhookConfigured: boolean): Promise<SaveOutcome>;
  recordWebhook(id: string, outcome: WebhookOutcome): Promise<void>;
}

type Row = Record<string, string | number | boolean | null>;

/** A create never overwrites: a late duplicate of it must not undo the steps 5-6 update. */
function upsert(sql: Sql, row: Row, event: LeadPayload["event"]) {
  if (event === "create") {
    return sql`
      insert into public.quote_requests ${sql(row)}
      on conflict (idempotency_key) do nothing
      returning *`;
  }
  return sql`
    insert into public.quote_requests ${sql(row)}
    on conflict (idempotency_key) do update set
      pane_count = excluded.pane_count,
      frequency = excluded.frequency,
      add_on_interior = excluded.add_on_interior,
      add_on_screens = excluded.add_on_screens,
      add_on_tracks = excluded.add_on_tracks,
      is_post_construction = excluded.is_post_construction,
      stories = excluded.stories,
      total_price = excluded.total_price,
      -- An update without a visit window keeps the one already asked for.
      visit_earliest_date = coalesce(excluded.visit_earliest_date, quote_requests.visit_earliest_date),
      visit_part_of_day = coalesce(excluded.visit_part_of_day, quote_requests.visit_part_of_day),
      webhook_status = excluded.webhook_status
    where quote_requests.id = excluded.id and (
      quote_requests.pane_count, quote_requests.frequency, quote_requests.add_on_interior,
      quote_requests.add_on_screens, quote_requests.add_on_tracks,
      quote_requests.is_post_construction, quote_requests.stories, quote_requests.total_price,
      quote_requests.visit_earliest_date, quote_requests.visit_part_of_day
    ) is distinct from (
      excluded.pane_count, excluded.frequency, excluded.add_on_interior,
      excluded.add_on_screens, excluded.add_on_tracks,
      excluded.is_post_construction, excluded.stories, excluded.total_price,
      coalesce(excluded.visit_earliest_date, quote_requests.visit_earliest_date),
      coalesce(excluded.visit_part_of_day, quote_requests.visit_part_of_day)
    )
    returning *`;
}

function isPrimaryKeyViolation(error: unknown): boolean {
  return (
    error instanceof Error &&
    "code" in error &&
    error.code === "23505" &&
    "constraint_name" in error &&
    error.constraint_name === "quote_requests_pkey"
  );
}

export function postgresLeadStore(sql: Sql): LeadStore {
  return {
    async save(key, lead, webhookConfigured) {
      const row: Row = {
        id: lead.id,
        idempotency_key: key,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        address: lead.address,
        message: lead.message,
        pane_count: lead.paneCount,
        frequency: lead.frequency,
        add_on_interior: lead.addOns.interior,
        add_on_screens: lead.addOns.screens,
        add_on_tracks: lead.addOns.tracks,
        is_post_construction: lead.isPostConstruction,
        stories: lead.stories,
        total_price: lead.totalPrice,
        source_page: lead.sourcePage,
        visit_earliest_date: lead.visitWindow?.earliestDate ?? null,
        visit_part_of_day: lead.visitWindow?.partOfDay ?? null,
        webhook_status: webhookConfigured ? "pending" : "not_configured",
      };
      const written = await upsert(sql, row, lead.event).catch((error: unknown) => {
        if (isPrimaryKeyViolation(error)) {
          throw new LeadConflictError(
            "This lead id was already stored under another Idempotency-Key",
          );
        }
        throw error;
      });
      if (written[0]) return { lead: storedLeadSchema.parse(written[0]), changed: true };
      // A new statement, so a concurrent first delivery that just committed is visible.
      const [existing] =
        await sql`select * from public.quote_requests where idempotency_key = ${key}`;
      if (!existing) throw new Error("quote_requests row vanished after its upsert");
      const stored = storedLeadSchema.parse(existing);
      if (stored.id !== lead.id) {
        throw new LeadConflictError("This Idempotency-Key was already used for another lead");
      }
      return { lead: stored, changed: false };
    },

    async recordWebhook(id, outcome) {
      await sql`
        update public.quote_requests set
          webhook_status = ${outcome.ok ? "delivered" : "failed"},
          webhook_error = ${outcome.ok ? null : outcome.error.slice(0, 500)},
          webhook_attempts = webhook_attempts + 1,
          webhook_attempted_at = now()
        where id = ${id}`;
    },
  };
}
