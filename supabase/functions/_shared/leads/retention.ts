import type postgres from "postgres";
import { forgetExpiredTokens } from "./release.ts";
import { MAX_LIMIT_WINDOW_MS, REPLAY_WINDOW_MS } from "./store-contract.ts";

type Sql = ReturnType<typeof postgres>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long the lead store keeps what is not a lead; why each, in docs/leads.md, "Retention".
 * purgeExpired removes what is past it. The leads themselves (public.quote_requests) are the
 * owner's records and are kept: nothing here deletes or changes one.
 */
export const RETENTION = {
  /** Raw saved-quote tokens (a key's first answer, a confirmation not sent yet): replay window. */
  rawTokenMs: REPLAY_WINDOW_MS,
  /** Idempotency-Key records, to look into a reported duplicate (the lead keeps its own key). */
  idempotencyMs: 7 * DAY_MS,
  /**
   * Settled outbox rows (sent; capped), but for those the next change or alert reads: the owner's
   * e-mail's row, the newest "Quote updated" and dead-letter alert, and a CRM row an alert is about.
   */
  settledOutboxMs: 30 * DAY_MS,
  /** Rate-limit buckets: idle for the longest window a limit may have, a bucket is full again. */
  rateLimitIdleMs: MAX_LIMIT_WINDOW_MS,
} as const;

/** A retention period as the privacy notice words it: whole days from two days up, else hours. */
export const retentionInWords = (ms: number): string =>
  ms >= 2 * DAY_MS ? `${Math.round(ms / DAY_MS)} days` : `${Math.round(ms / HOUR_MS)} hours`;

/**
 * Removes what RETENTION no longer keeps, as of `now` (the database's clock when not given), in
 * one transaction. Rows locked at the time are skipped (a later run takes them), so it never waits
 * for a lead's transaction nor takes an outbox row before its lead's (outbox.ts, recordAttempt).
 */
export async function purgeExpired(sql: Sql, now?: Date) {
  return await sql.begin(async (tx) => {
    const at = tx`coalesce(${now ?? null}::timestamptz, now())`;
    const before = (ms: number) => tx`${at} - make_interval(secs => ${ms / 1000})`;
    await forgetExpiredTokens(tx, at);
    /** Deletes the rows of `table` (as `o`) that `due` picks and nobody holds now. */
    const purge = (table: string, due: postgres.Fragment) => tx`
      delete from ${tx(table)} where ctid in (
        select o.ctid from ${tx(table)} o where ${due} for update of o skip locked)`;
    const keys = await purge(
      "public.lead_idempotency_keys",
      tx`o.created_at <= ${before(RETENTION.idempotencyMs)}`,
    );
    const outbox = await purge(
      "public.lead_outbox",
      tx`o.status in ('sent', 'capped')
        and coalesce(o.sent_at, o.created_at) <= ${before(RETENTION.settledOutboxMs)}
        and not (o.channel = 'mail' and o.kind in ('owner', 'owner_update', 'dead_letter')
          and not exists (
            select 1 from public.lead_outbox n
            where n.lead_id = o.lead_id and n.channel = o.channel and n.kind = o.kind
              and n.id > o.id))
        and not exists (select 1 from public.lead_outbox a where a.dead_letter_of = o.id)`,
    );
    const buckets = await purge(
      "public.rate_limit_buckets",
      tx`o.refilled_at <= ${before(RETENTION.rateLimitIdleMs)}`,
    );
    // How many records of each kind it removed (tokens are erased in place, not counted).
    return {
      idempotencyRecords: keys.count,
      outboxRows: outbox.count,
      rateLimitBuckets: buckets.count,
    };
  });
}

export type Purged = Awaited<ReturnType<typeof purgeExpired>>;
