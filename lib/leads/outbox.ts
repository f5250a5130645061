import "server-only";
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { transaction } from "./database";
import { parseLeadRow } from "./lead-table";
import { leadPayload } from "./payload";

/**
 * The outbox: one row per delivery owed to the lead function (a lead's create, then each update),
 * written in the same transaction as the lead itself, so an acknowledged lead is never missing
 * one. The relay (relay.ts) works through it; this module is only its bookkeeping.
 */

export const DELIVERY_KINDS = ["create", "update"] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const DELIVERY_STATUSES = ["pending", "sent", "dead"] as const;

/** Retries stop this long after a delivery was queued (or queued again by `leads retry`). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** A claimed row belongs to its sender this long (an 8 s call plus margin); a crashed sender's rows come back. */
export const LEASE_MS = 15_000;

const deliveryRowSchema = z
  .object({
    id: z.number().int(),
    lead_id: z.string(),
    idempotency_key: z.string(),
    kind: z.enum(DELIVERY_KINDS),
    payload: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    created_at: z.string(),
    give_up_at: z.number().int(),
    last_error: z.string().nullable(),
    sent_at: z.string().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    leadId: row.lead_id,
    /** The lead's key: the same on its create, its updates and every retry, so the function dedupes. */
    idempotencyKey: row.idempotency_key,
    kind: row.kind,
    /**
     * As JSON: read from `deliveriesOf`, the lead as it stood when this delivery was queued; from
     * `claim`, the lead as it stands now, with its version (see `currentPayload`).
     */
    payload: row.payload,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at,
    giveUpAt: row.give_up_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
  }));

export type Delivery = z.output<typeof deliveryRowSchema>;

const DELIVERY_COLUMNS = `o.id, o.lead_id, l.idempotency_key, o.kind, o.payload, o.status, o.attempts,
  o.created_at, o.give_up_at, o.last_error, o.sent_at`;

/** A lead's oldest owed delivery: its later ones wait, so updates reach the function after the create. */
const HEAD_OF_LEAD = `NOT EXISTS (SELECT 1 FROM outbox p
  WHERE p.lead_id = o.lead_id AND p.status = 'pending' AND p.id < o.id)`;

/** Queues a delivery; call it inside the transaction that writes the lead. */
export function enqueueDelivery(
  db: DatabaseSync,
  delivery: { leadId: string; kind: DeliveryKind; payload: unknown },
  now = Date.now(),
): void {
  db.prepare(
    `INSERT INTO outbox (lead_id, kind, payload, status, created_at, next_attempt_at, give_up_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
  ).run(
    delivery.leadId,
    delivery.kind,
    JSON.stringify(delivery.payload),
    new Date(now).toISOString(),
    now,
    now + GIVE_UP_AFTER_MS,
  );
  refreshForwardStatus(db, delivery.leadId);
}

/** The lead's CRM column follows its deliveries: any owed → pending, any dead → failed, else forwarded. */
export function refreshForwardStatus(db: DatabaseSync, leadId: string): void {
  db.prepare(
    `UPDATE leads SET
       forward_status = CASE
         WHEN EXISTS (SELECT 1 FROM outbox WHERE lead_id = $id AND status = 'pending') THEN 'pending'
         WHEN EXISTS (SELECT 1 FROM outbox WHERE lead_id = $id AND status = 'dead') THEN 'failed'
         WHEN EXISTS (SELECT 1 FROM outbox WHERE lead_id = $id) THEN 'forwarded'
         ELSE forward_status END,
       forward_error = (SELECT last_error FROM outbox
                         WHERE lead_id = $id AND status != 'sent' AND last_error IS NOT NULL
                         ORDER BY status = 'dead' DESC, id DESC LIMIT 1),
       forwarded_at = (SELECT MAX(sent_at) FROM outbox WHERE lead_id = $id)
     WHERE id = $id`,
  ).run({ id: leadId });
}

export type FailureOutcome = "retry" | "dead";

/** What a failed attempt did: `retryable` and `retryInMs` from the sender, the reason kept. */
export type AttemptFailure = { error: string; retryable: boolean; retryInMs: number };

/**
 * Records a failed attempt on a row of `table` (this outbox, or the mail outbox): a retryable one
 * is scheduled `retryInMs` later unless that passes its give-up time; anything else becomes a
 * dead letter with its reason. Call it inside a transaction.
 */
export function recordFailedAttempt(
  db: DatabaseSync,
  table: "outbox" | "mail_outbox",
  id: number,
  failure: AttemptFailure,
  now: number,
): FailureOutcome {
  const row = db.prepare(`SELECT give_up_at FROM ${table} WHERE id = ?`).get(id);
  const giveUpAt = typeof row?.give_up_at === "number" ? row.give_up_at : now;
  const retryAt = now + failure.retryInMs;
  const outcome: FailureOutcome = failure.retryable && retryAt <= giveUpAt ? "retry" : "dead";
  const reason =
    outcome === "dead" && failure.retryable
      ? `gave up after 24 hours of retries: ${failure.error}`
      : failure.error;
  db.prepare(
    `UPDATE ${table} SET status = ?, attempts = attempts + 1, leased_until = 0,
       next_attempt_at = ?, last_error = ? WHERE id = ?`,
  ).run(outcome === "retry" ? "pending" : "dead", retryAt, reason.slice(0, 500), id);
  return outcome;
}

/**
 * What a claimed delivery sends: the lead as it stands at send time (docs/leads.md, "The order of
 * deliveries"), never the snapshot taken when the row was queued, so a retry or a requeued dead
 * letter cannot carry an older state (and `settleSuperseded` sends each state once). `version` is the lead's newest outbox row id: every change
 * of a lead queues a row in its own transaction, so the id grows with each state, and the function
 * refuses to go back to a lower one (supabase/README.md, "Versions") when an old call arrives late.
 */
function currentPayload(db: DatabaseSync, delivery: Delivery): string {
  const lead = parseLeadRow(db.prepare("SELECT * FROM leads WHERE id = ?").get(delivery.leadId));
  const newest = db
    .prepare("SELECT MAX(id) AS version FROM outbox WHERE lead_id = ?")
    .get(delivery.leadId);
  const version = typeof newest?.version === "number" ? newest.version : delivery.id;
  return JSON.stringify({ ...leadPayload(lead, delivery.kind), version });
}

export class LeadOutbox {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * Leases up to `limit` deliveries that are due: the oldest owed one of each lead only, so a
   * lead's updates go after its create. `ignoreSchedule` (a manual flush) skips the backoff wait.
   * Each carries the lead as it stands now (`currentPayload`), read in the same transaction; owed
   * deliveries a newer one supersedes are settled first (`settleSuperseded`).
   */
  claim({
    limit,
    now = Date.now(),
    ignoreSchedule = false,
    exclude = [],
    leadId = null,
  }: {
    limit: number;
    now?: number;
    ignoreSchedule?: boolean;
    exclude?: readonly number[];
    /** Only this lead's deliveries (`leads retry`). */
    leadId?: string | null;
  }): Delivery[] {
    if (limit <= 0) return [];
    return transaction(this.db, () => {
      this.settleSuperseded(now);
      const rows = this.db
        .prepare(
          `SELECT ${DELIVERY_COLUMNS} FROM outbox o JOIN leads l ON l.id = o.lead_id
           WHERE o.status = 'pending' AND o.leased_until <= $now
             AND ($ignoreSchedule = 1 OR o.next_attempt_at <= $now)
             AND o.id NOT IN (SELECT value FROM json_each($exclude))
             AND ($leadId IS NULL OR o.lead_id = $leadId)
             AND ${HEAD_OF_LEAD}
           ORDER BY o.next_attempt_at, o.id LIMIT $limit`,
        )
        .all({
          now,
          ignoreSchedule: ignoreSchedule ? 1 : 0,
          exclude: JSON.stringify(exclude),
          leadId,
          limit,
        })
        .map((row) => deliveryRowSchema.parse(row));
      const lease = this.db.prepare("UPDATE outbox SET leased_until = ? WHERE id = ?");
      for (const row of rows) lease.run(now + LEASE_MS, row.id);
      return rows.map((row) => ({ ...row, payload: currentPayload(this.db, row) }));
    });
  }

  /**
   * Each state of a lead is sent once: an owed delivery (not in flight) whose lead has a newer row,
   * still owed (it will carry the same state) or already sent (it carried it), is settled as sent
   * without a call. Only a newer dead letter leaves it to go: it then carries the state the dead
   * one could not. Call it inside the claim's transaction.
   */
  private settleSuperseded(now: number): void {
    const settled = this.db
      .prepare(
        `UPDATE outbox SET status = 'sent', leased_until = 0, last_error = NULL, sent_at = $at
         WHERE status = 'pending' AND leased_until <= $now
           AND (SELECT n.status FROM outbox n WHERE n.lead_id = outbox.lead_id
                ORDER BY n.id DESC LIMIT 1) IN ('pending', 'sent')
           AND id < (SELECT MAX(n.id) FROM outbox n WHERE n.lead_id = outbox.lead_id)
         RETURNING lead_id`,
      )
      .all({ at: new Date(now).toISOString(), now });
    for (const leadId of new Set(settled.map((row) => String(row.lead_id)))) {
      refreshForwardStatus(this.db, leadId);
    }
  }

  recordSent(id: number, now = Date.now()): void {
    this.change(id, (leadId) => {
      this.db
        .prepare(
          `UPDATE outbox SET status = 'sent', attempts = attempts + 1, leased_until = 0,
             last_error = NULL, sent_at = ? WHERE id = ?`,
        )
        .run(new Date(now).toISOString(), id);
      return leadId;
    });
  }

  /**
   * Records a failed attempt: a retryable one is scheduled `retryInMs` later unless that passes its
   * give-up time; anything else becomes a dead letter with its reason. Returns which it became.
   */
  recordFailure(id: number, failure: AttemptFailure, now = Date.now()): FailureOutcome {
    return this.change(id, () => recordFailedAttempt(this.db, "outbox", id, failure, now));
  }

  /**
   * Queues dead letters again, with a fresh 24 hours: one lead's, or (null) every lead's; returns
   * how many. They keep their ids, so each lead's go out in the order they were first queued.
   */
  requeueDead(leadId: string | null, now = Date.now()): number {
    return transaction(this.db, () => {
      const leads = this.db
        .prepare(
          "SELECT DISTINCT lead_id FROM outbox WHERE status = 'dead' AND ($leadId IS NULL OR lead_id = $leadId)",
        )
        .all({ leadId })
        .map((row) => String(row.lead_id));
      const { changes } = this.db
        .prepare(
          `UPDATE outbox SET status = 'pending', next_attempt_at = $now, leased_until = 0,
             give_up_at = $giveUpAt
           WHERE status = 'dead' AND ($leadId IS NULL OR lead_id = $leadId)`,
        )
        .run({ now, giveUpAt: now + GIVE_UP_AFTER_MS, leadId });
      for (const id of leads) refreshForwardStatus(this.db, id);
      return Number(changes);
    });
  }

  /** When the next owed delivery becomes claimable, or null when nothing is owed. */
  nextDueAt(): number | null {
    const row = this.db
      .prepare(
        `SELECT MIN(MAX(o.next_attempt_at, o.leased_until)) AS due FROM outbox o
         WHERE o.status = 'pending' AND ${HEAD_OF_LEAD}`,
      )
      .get();
    return typeof row?.due === "number" ? row.due : null;
  }

  /** Every delivery of one lead, oldest first. */
  deliveriesOf(leadId: string): Delivery[] {
    return this.db
      .prepare(
        `SELECT ${DELIVERY_COLUMNS} FROM outbox o JOIN leads l ON l.id = o.lead_id
         WHERE o.lead_id = ? ORDER BY o.id`,
      )
      .all(leadId)
      .map((row) => deliveryRowSchema.parse(row));
  }

  counts(): Record<(typeof DELIVERY_STATUSES)[number], number> {
    const counts = { pending: 0, sent: 0, dead: 0 };
    const rows = this.db.prepare("SELECT status, COUNT(*) AS n FROM outbox GROUP BY status").all();
    for (const row of rows) {
      const status = z.enum(DELIVERY_STATUSES).parse(row.status);
      counts[status] = Number(row.n);
    }
    return counts;
  }

  private change<T>(id: number, fn: (leadId: string) => T): T {
    return transaction(this.db, () => {
      const row = this.db.prepare("SELECT lead_id FROM outbox WHERE id = ?").get(id);
      if (typeof row?.lead_id !== "string") throw new Error(`No outbox row ${id}.`);
      const result = fn(row.lead_id);
      refreshForwardStatus(this.db, row.lead_id);
      return result;
    });
  }
}
