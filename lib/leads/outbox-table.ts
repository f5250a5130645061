import "server-only";
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { transaction } from "./database";

/**
 * What the embedded inbox's two outboxes do alike to their rows: the CRM deliveries (outbox.ts)
 * and the e-mails (lib/mail/mail-outbox.ts). A row is owed (`pending`) until it is sent or becomes
 * a dead letter. A sender leases the due rows it claims, so no other sender (the relay, a
 * `npm run leads -- flush`) takes them, and a crashed sender's rows come back when the lease runs
 * out. Each outbox is a subclass that adds what its rows are for.
 */

/** Retries stop this long after a row was queued (or queued again by `leads retry`). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** Which owed rows a claim leases. */
export type ClaimRequest = {
  limit: number;
  now?: number;
  /** A manual flush: due or not, whatever the backoff says. */
  ignoreSchedule?: boolean;
  /** Rows already tried in this flush. */
  exclude?: readonly number[];
  /** Only this lead's rows (`leads retry`). */
  leadId?: string | null;
};

/** How one outbox is read for a claim; its rows are `o` in the SQL. */
export type ClaimSource = {
  table: "outbox" | "mail_outbox";
  /** The columns read, e.g. `o.id, o.status`. */
  columns: string;
  /** Tables joined to `o`, e.g. the lead a row belongs to. */
  join?: string;
  /** A further condition on `o` an owed row must meet to be claimed. */
  claimable?: string;
  /** How long a claimed row stays its sender's: its call's deadline plus margin. */
  leaseMs: number;
};

export type FailureOutcome = "retry" | "dead";

/** What a failed attempt did: `retryable` and `retryInMs` from the sender, the reason kept. */
export type AttemptFailure = { error: string; retryable: boolean; retryInMs: number };

export abstract class OutboxTable<const S extends readonly [string, ...string[]]> {
  /** The fields every outbox row has, for a subclass's row schema; `ROW_SELECT` reads them. */
  static readonly ROW_FIELDS = {
    id: z.number().int(),
    leadId: z.string(),
    /** Attempts made so far: the next is number `attempts + 1`. */
    attempts: z.number().int(),
    createdAt: z.string(),
    /** Why the last attempt failed; null once sent. */
    lastError: z.string().nullable(),
    sentAt: z.string().nullable(),
  };

  /** The SQL that reads `ROW_FIELDS` from the table as `o`. */
  static readonly ROW_SELECT = `o.id, o.lead_id AS leadId, o.attempts, o.created_at AS createdAt,
    o.last_error AS lastError, o.sent_at AS sentAt`;

  protected constructor(
    protected readonly db: DatabaseSync,
    private readonly source: ClaimSource,
    /** Every status a row can have, `pending`, `sent` and `dead` among them. */
    private readonly statuses: S,
  ) {}

  /**
   * Leases up to `limit` owed rows that are due and not leased, soonest due first, and returns them
   * as read. Call it inside a transaction: what the caller reads with them is of the same moment.
   */
  protected leaseDue({
    limit,
    now = Date.now(),
    ignoreSchedule = false,
    exclude = [],
    leadId = null,
  }: ClaimRequest) {
    const { table, columns, join = "", claimable = "TRUE", leaseMs } = this.source;
    const rows = this.db
      .prepare(
        `SELECT ${columns} FROM ${table} o ${join}
         WHERE o.status = 'pending' AND o.leased_until <= $now
           AND ($ignoreSchedule = 1 OR o.next_attempt_at <= $now)
           AND o.id NOT IN (SELECT value FROM json_each($exclude))
           AND ($leadId IS NULL OR o.lead_id = $leadId)
           AND ${claimable}
         ORDER BY o.next_attempt_at, o.id LIMIT $limit`,
      )
      .all({
        now,
        ignoreSchedule: ignoreSchedule ? 1 : 0,
        exclude: JSON.stringify(exclude),
        leadId,
        limit,
      });
    const lease = this.db.prepare(`UPDATE ${table} SET leased_until = ? WHERE id = ?`);
    for (const row of rows) lease.run(now + leaseMs, Number(row.id));
    return rows;
  }

  /** Records a claimed row as sent by this attempt; call it inside `changeRow`. */
  protected markSent(id: number, now: number): void {
    this.db
      .prepare(
        `UPDATE ${this.source.table} SET status = 'sent', attempts = attempts + 1,
           leased_until = 0, last_error = NULL, sent_at = ? WHERE id = ?`,
      )
      .run(new Date(now).toISOString(), id);
  }

  /**
   * Records a failed attempt: a retryable one is scheduled `retryInMs` later unless that passes its
   * give-up time; anything else becomes a dead letter with its reason. Returns which it became.
   */
  recordFailure(id: number, failure: AttemptFailure, now = Date.now()): FailureOutcome {
    const { table } = this.source;
    return this.changeRow(id, () => {
      const row = this.db.prepare(`SELECT give_up_at FROM ${table} WHERE id = ?`).get(id);
      const giveUpAt = typeof row?.give_up_at === "number" ? row.give_up_at : now;
      const retryAt = now + failure.retryInMs;
      const outcome: FailureOutcome = failure.retryable && retryAt <= giveUpAt ? "retry" : "dead";
      const reason =
        outcome === "dead" && failure.retryable
          ? `gave up after 24 hours of retries: ${failure.error}`
          : failure.error;
      this.db
        .prepare(
          `UPDATE ${table} SET status = ?, attempts = attempts + 1, leased_until = 0,
             next_attempt_at = ?, last_error = ? WHERE id = ?`,
        )
        .run(outcome === "retry" ? "pending" : "dead", retryAt, reason.slice(0, 500), id);
      return outcome;
    });
  }

  /**
   * Queues dead letters again, owed now with a fresh 24 hours: one lead's, or (null) every lead's;
   * returns how many. They keep their ids, so each lead's go out in the order they were first queued.
   */
  requeueDead(leadId: string | null, now = Date.now()): number {
    return transaction(this.db, () => {
      const leads = this.db
        .prepare(
          `UPDATE ${this.source.table} SET status = 'pending', next_attempt_at = $now,
             leased_until = 0, give_up_at = $giveUpAt
           WHERE status = 'dead' AND ($leadId IS NULL OR lead_id = $leadId)
           RETURNING lead_id`,
        )
        .all({ now, giveUpAt: now + GIVE_UP_AFTER_MS, leadId })
        .map((row) => String(row.lead_id));
      this.changed?.(leads);
      return leads.length;
    });
  }

  /** When the next owed row becomes claimable, or null when none is owed. */
  nextDueAt(): number | null {
    const { table, claimable = "TRUE" } = this.source;
    const row = this.db
      .prepare(
        `SELECT MIN(MAX(o.next_attempt_at, o.leased_until)) AS due FROM ${table} o
         WHERE o.status = 'pending' AND ${claimable}`,
      )
      .get();
    return typeof row?.due === "number" ? row.due : null;
  }

  /** How many rows are in each status. */
  counts(): Record<S[number], number> {
    const counts = Object.fromEntries(this.statuses.map((status) => [status, 0]));
    const rows = this.db
      .prepare(`SELECT status, COUNT(*) AS n FROM ${this.source.table} GROUP BY status`)
      .all();
    const status = z.enum(this.statuses);
    for (const row of rows) counts[status.parse(row.status)] = Number(row.n);
    return counts as Record<S[number], number>;
  }

  /** Changes row `id` in a transaction that then tells `changed`; throws when there is no such row. */
  protected changeRow<T>(id: number, change: () => T): T {
    return transaction(this.db, () => {
      const row = this.db.prepare(`SELECT lead_id FROM ${this.source.table} WHERE id = ?`).get(id);
      if (typeof row?.lead_id !== "string") {
        throw new Error(`No ${this.source.table} row ${id}.`);
      }
      const result = change();
      this.changed?.([row.lead_id]);
      return result;
    });
  }

  /** Rows of these leads changed status, in the transaction still open (the CRM's lead column follows). */
  protected changed?(leadIds: readonly string[]): void;
}
