import type postgres from "postgres";
import { queueLeadMail, type MailTiming } from "../_shared/leads/mail-queue.ts";
import { queueCrmPost } from "../_shared/leads/outbox.ts";
import type { LeadPayload } from "./schema.ts";
import { currentPriceSheet, type PriceSheet, sheetTotal } from "../_shared/quote/locked-price.ts";
import { readLead, storedLeadSchema, type StoredLead } from "../_shared/leads/stored-lead.ts";

type Sql = ReturnType<typeof postgres>;
type Transaction = postgres.TransactionSql;

/** `stale`: the delivery carried an older version of the lead than the row's; nothing changed. */
export type SaveOutcome = { lead: StoredLead; changed: boolean; stale?: boolean };

/** The delivery's id and key belong to different rows: a client bug, never fixed by retrying. */
export class LeadConflictError extends Error {
  override name = "LeadConflictError";
}

export interface LeadStore {
  /**
   * Creates the row for `key`, priced from today's table, or applies an update to it, priced from
   * the table the row was first priced from; a repeated delivery changes nothing.
   */
  save(key: string, lead: LeadPayload, webhookConfigured: boolean): Promise<SaveOutcome>;
  /** The lead as it stands now, or undefined once it is gone. */
  read(id: string): Promise<StoredLead | undefined>;
  /** Records a signed request's nonce; false when it was seen before (a replay). */
  claimNonce(nonce: string, expiresAt: Date): Promise<boolean>;
}

type Row = Record<string, string | number | boolean | null>;

/** The quote's columns as a delivery sets them, its total priced from `sheet`. */
function quoteColumns(lead: LeadPayload, sheet: PriceSheet): Row {
  return {
    pane_count: lead.paneCount,
    frequency: lead.frequency,
    add_on_interior: lead.addOns.interior,
    add_on_screens: lead.addOns.screens,
    add_on_tracks: lead.addOns.tracks,
    is_post_construction: lead.isPostConstruction,
    stories: lead.stories,
    total_price: sheetTotal(sheet, lead.paneCount, lead.frequency, lead.addOns),
  };
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

async function rowForKey(tx: Transaction, key: string) {
  const [row] = await tx`
    select * from public.quote_requests where idempotency_key = ${key} for update`;
  return row ? storedLeadSchema.parse(row) : undefined;
}

/** A create never overwrites: a late duplicate of it must not undo the steps 5-6 update. */
async function insert(tx: Transaction, key: string, lead: LeadPayload, webhookStatus: string) {
  const sheet = currentPriceSheet();
  const row = {
    id: lead.id,
    idempotency_key: key,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    message: lead.message,
    ...quoteColumns(lead, sheet),
    source_page: lead.sourcePage,
    attribution: lead.attribution ? tx.json(lead.attribution) : null,
    visit_earliest_date: lead.visitWindow?.earliestDate ?? null,
    visit_part_of_day: lead.visitWindow?.partOfDay ?? null,
    webhook_status: webhookStatus,
    price_sheet: tx.json(sheet),
    site_version: lead.version ?? 0,
  };
  // In a savepoint: a concurrent twin of this delivery (the same key and id) that commits first
  // may surface as the primary key's violation rather than the key's "do nothing", and the
  // transaction must go on to follow it.
  const [written] = await tx
    .savepoint(
      (sp) => sp`
      insert into public.quote_requests ${sp(row)}
      on conflict (idempotency_key) do nothing
      returning *`,
    )
    .catch(async (error: unknown) => {
      if (!isPrimaryKeyViolation(error)) throw error;
      if ((await rowForKey(tx, key))?.id === lead.id) return [];
      throw new LeadConflictError("This lead id was already stored under another Idempotency-Key");
    });
  return written ? storedLeadSchema.parse(written) : undefined;
}

/**
 * An update sets the quote's fields (the contact fields are the first delivery's). The price moves
 * only when the pane range, the plan or the add-ons change, and is then priced from the row's sheet
 * (the price lock; a row stored before sheets were kept takes today's table from then on). One
 * without a visit window keeps the window already stored.
 */
async function update(
  tx: Transaction,
  stored: StoredLead,
  lead: LeadPayload,
  webhookStatus: string,
) {
  const current: Row = {
    pane_count: stored.paneCount,
    frequency: stored.frequency,
    add_on_interior: stored.addOns.interior,
    add_on_screens: stored.addOns.screens,
    add_on_tracks: stored.addOns.tracks,
    is_post_construction: stored.isPostConstruction,
    stories: stored.stories,
    total_price: stored.totalPrice,
    visit_earliest_date: stored.visitWindow?.earliestDate ?? null,
    visit_part_of_day: stored.visitWindow?.partOfDay ?? null,
  };
  const sheet = stored.priceSheet ?? currentPriceSheet();
  const quote = quoteColumns(lead, sheet);
  const priced = [
    "pane_count",
    "frequency",
    "add_on_interior",
    "add_on_screens",
    "add_on_tracks",
  ].some((column) => quote[column] !== current[column]);
  const next: Row = {
    ...quote,
    total_price: priced ? (quote.total_price ?? null) : stored.totalPrice,
    visit_earliest_date: lead.visitWindow?.earliestDate ?? current.visit_earliest_date ?? null,
    visit_part_of_day: lead.visitWindow?.partOfDay ?? current.visit_part_of_day ?? null,
  };
  const siteVersion = lead.version ?? stored.siteVersion;
  if (Object.keys(next).every((column) => next[column] === current[column])) {
    if (siteVersion > stored.siteVersion) {
      await tx`update public.quote_requests set site_version = ${siteVersion} where id = ${stored.id}`;
    }
    return { lead: stored, changed: false };
  }
  const [written] = await tx`
    update public.quote_requests
    set ${tx({ ...next, webhook_status: webhookStatus, site_version: siteVersion })},
      version = version + 1
      ${priced ? tx`, price_sheet = ${tx.json(sheet)}` : tx``}
    where id = ${stored.id}
    returning *`;
  return { lead: storedLeadSchema.parse(written), changed: true };
}

/** Creates or updates the key's row in `tx` (see LeadStore.save). */
async function saveIn(
  tx: Transaction,
  key: string,
  lead: LeadPayload,
  webhookStatus: string,
): Promise<SaveOutcome> {
  let stored = await rowForKey(tx, key);
  if (!stored) {
    const created = await insert(tx, key, lead, webhookStatus);
    if (created) return { lead: created, changed: true };
    // A concurrent first delivery of the same key committed meanwhile: this one follows it.
    stored = await rowForKey(tx, key);
    if (!stored) throw new Error("quote_requests row vanished after its insert");
  }
  if (stored.id !== lead.id) {
    throw new LeadConflictError("This Idempotency-Key was already used for another lead");
  }
  if (lead.event === "create") return { lead: stored, changed: false };
  // Never back to an older state: a retried or late delivery of one changes nothing.
  if (lead.version !== null && lead.version <= stored.siteVersion) {
    return { lead: stored, changed: false, stale: true };
  }
  return update(tx, stored, lead, webhookStatus);
}

/** `mail`: the e-mails' timing when they are queued here (LEAD_MAIL=queue), else null. */
export function postgresLeadStore(
  sql: Sql,
  { mail = null }: { mail?: MailTiming | null } = {},
): LeadStore {
  return {
    save(key, lead, webhookConfigured) {
      const webhookStatus = webhookConfigured ? "pending" : "not_configured";
      return sql.begin(async (tx): Promise<SaveOutcome> => {
        const saved = await saveIn(tx, key, lead, webhookStatus);
        if (saved.changed && webhookConfigured) await queueCrmPost(tx, saved.lead);
        if (saved.changed && mail) await queueLeadMail(tx, saved.lead, mail);
        return saved;
      });
    },

    read: (id) => readLead(sql, id),

    async claimNonce(nonce, expiresAt) {
      const claimed = await sql`
        with forgotten as (
          delete from public.signed_request_nonces where expires_at < now()
        )
        insert into public.signed_request_nonces (nonce, expires_at)
        values (${nonce}, ${expiresAt})
        on conflict (nonce) do nothing
        returning nonce`;
      return claimed.length === 1;
    },
  };
}
