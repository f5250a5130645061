import type postgres from "postgres";
import { REPLAY_WINDOW_MS } from "./store-contract.ts";
import { queueCrmPost } from "./outbox.ts";

type Transaction = postgres.TransactionSql;

/** The replay window as an interval: a held confirmation keeps its link's token this long. */
export const replayWindow = (tx: Transaction) =>
  tx`make_interval(secs => ${REPLAY_WINDOW_MS / 1000})`;

/** `idOrPrefix` as a LIKE pattern that matches it only at the start, its own `%`, `_`, `\` literal. */
export const prefixPattern = (idOrPrefix: string) =>
  `${idOrPrefix.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;

/**
 * The owner's verdict on a spam-flagged lead: it is a real one (docs/leads.md, "Bot traps and
 * limits"). In one transaction, under the lead's row lock: the flag is cleared; the lead is queued
 * for the CRM as it stands, as its create would have been; the held confirmation is owed now with
 * a fresh 24 hours, with its saved-quote token while the replay window lasts. Only a flagged lead
 * is released, so once.
 */
export async function releaseInTransaction(
  tx: Transaction,
  idOrPrefix: string,
  { webhookConfigured }: { webhookConfigured: boolean },
) {
  const rows = await tx`
    select id, name, spam_reason, version from public.quote_requests
    where id::text like ${prefixPattern(idOrPrefix)} escape '\\'
    order by id limit 2 for update`;
  if (rows.length > 1) return { status: "ambiguous" } as const;
  const [row] = rows;
  if (!row) return { status: "not_found" } as const;
  const id = String(row.id);
  if (row.spam_reason === null) return { status: "not_spam", id } as const;
  await tx`
    update public.quote_requests
    set spam_reason = null, webhook_status = ${webhookConfigured ? "pending" : "not_configured"}
    where id = ${id}`;
  // The CRM never heard of the lead: its first post is a create, of the version it is at now.
  if (webhookConfigured) {
    await queueCrmPost(tx, { id, version: Number(row.version) }, "lead.created");
  }
  const [mail] = await tx`
    update public.lead_outbox
    set status = 'pending', due_at = now(), give_up_at = now() + interval '24 hours',
        last_error = null, leased_until = null, lease_id = null,
        quote_token = case when created_at > now() - ${replayWindow(tx)} then quote_token end
    where lead_id = ${id} and channel = 'mail' and kind = 'visitor' and status = 'held'
    returning quote_token is not null as with_link`;
  return {
    status: "released",
    id,
    name: String(row.name),
    /** The trap's reason, now cleared. */
    reason: String(row.spam_reason),
    /** Whether its CRM post was queued (CRM_WEBHOOK_URL is set on the function). */
    forwarded: webhookConfigured,
    /** Whether a held confirmation was queued, and with the saved-quote link. */
    confirmation: { released: mail !== undefined, withLink: mail?.with_link === true },
  } as const;
}

/** What the owner's release of a flagged lead did; `not_spam`: the lead is not flagged. */
export type ReleaseResult = Awaited<ReturnType<typeof releaseInTransaction>>;

/**
 * Erases the raw tokens kept past the replay window (retention.ts, RETENTION.rawTokenMs): an
 * Idempotency-Key's first answer's, and a confirmation's not sent by then (a held one released
 * later goes without the link). Only the hash, on the lead, remains. `at`: the moment it counts
 * from (now).
 */
export async function forgetExpiredTokens(
  tx: Transaction,
  at: postgres.Fragment = tx`now()`,
): Promise<void> {
  await tx`
    update public.lead_idempotency_keys set answer = answer - 'token'
    where key in (
      select key from public.lead_idempotency_keys
      where created_at <= ${at} - ${replayWindow(tx)} and answer->>'token' is not null
      for update skip locked)`;
  // Other leads' rows: never waited for (a row locked now is erased by a later run), so this takes
  // no outbox row before its lead's (outbox.ts, recordAttempt).
  await tx`
    update public.lead_outbox set quote_token = null
    where id in (
      select id from public.lead_outbox
      where channel = 'mail' and status in ('held', 'pending') and quote_token is not null
        and created_at <= ${at} - ${replayWindow(tx)}
      for update skip locked)`;
}
