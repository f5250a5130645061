import type postgres from "postgres";
import { forgetExpiredTokens } from "./release.ts";
import { MAX_LIMIT_WINDOW_MS, REPLAY_WINDOW_MS } from "./store-contract.ts";

type Sql = ReturnType<typeof postgres>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the lead store keeps what is not a lead (docs/leads.md, "Retention"), each with why;
 * purgeExpired removes what is past it. The leads themselves (public.quote_requests) are the
 * owner's records and are kept: nothing here deletes or changes one.
 */
export const RETENTION = {
  /**
   * Raw saved-quote tokens (in an Idempotency-Key's first answer; on a confirmation not sent yet):
   * the replay window. After it no replay answers with the token and no e-mail carries the link,
   * so only its hash, on the lead, is kept.
   */
  rawTokenMs: REPLAY_WINDOW_MS,
  /**
   * Idempotency-Key records (the request's hash and first answer): 7 days. Replays are answered
   * for the first 24 hours only; after that a repeated key is told "already received", which the
   * lead's own key (quote_requests.idempotency_key) answers without the record, so it only serves
   * to look into a reported duplicate, for a week.
   */
  idempotencyMs: 7 * DAY_MS,
  /**
   * Settled outbox rows (sent; a capped confirmation): 30 days after they settled, so `leads show`
   * answers "did the CRM get it, did the e-mail go?" for a month. Kept as long as the lead instead:
   * the owner's e-mail's row and the newest "Quote updated" and dead-letter alert, which the next
   * change or alert reads (whether the owner's e-mail went; the next one's number, so no two share
   * a Message-ID), and a CRM row an alert is about. Dead and held rows wait for the owner (retry,
   * release) and are not settled.
   */
  settledOutboxMs: 30 * DAY_MS,
  /**
   * Signed requests' nonces: until they expire, when the request's timestamp is outside the
   * signature's window and a replay is refused for that alone.
   */
  nonceMs: 0,
  /**
   * Rate-limit buckets: idle for the longest window a limit may have, a bucket is full again, so
   * forgetting it changes nothing.
   */
  rateLimitIdleMs: MAX_LIMIT_WINDOW_MS,
} as const;

/** How many records of each kind one purge removed (tokens are erased in place, not counted). */
export type Purged = {
  idempotencyRecords: number;
  outboxRows: number;
  nonces: number;
  rateLimitBuckets: number;
};

/**
 * Removes what RETENTION no longer keeps, as of `now` (the database's clock when not given), in
 * one transaction. The drains call it on their schedule: the lead function's `drain` command
 * (each server's minute drain, the serverless drain route) and the embedded store's drain loop.
 * Rows locked at the time are skipped (a later run takes them), so it never waits for a lead's
 * transaction nor takes an outbox row before its lead's (outbox.ts, recordAttempt).
 */
export async function purgeExpired(sql: Sql, now?: Date): Promise<Purged> {
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
    const nonces = await purge(
      "public.signed_request_nonces",
      tx`o.expires_at <= ${before(RETENTION.nonceMs)}`,
    );
    const buckets = await purge(
      "public.rate_limit_buckets",
      tx`o.refilled_at <= ${before(RETENTION.rateLimitIdleMs)}`,
    );
    return {
      idempotencyRecords: keys.count,
      outboxRows: outbox.count,
      nonces: nonces.count,
      rateLimitBuckets: buckets.count,
    };
  });
}
