import "server-only";
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { transaction } from "./database";
import { parseLeadRow } from "./lead-table";
import { GIVE_UP_AFTER_MS, OutboxTable, type ClaimRequest } from "./outbox-table";
import { leadPayload } from "./payload";

/**
 * The outbox: one row per delivery owed to the lead function (a lead's create, then each update),
 * written in the same transaction as the lead itself, so an acknowledged lead is never missing
 * one. The relay (relay.ts) works through it; this module is only its bookkeeping.
 */

export const DELIVERY_KINDS = ["create", "update"] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const DELIVERY_STATUSES = ["pending", "sent", "dead"] as const;

/** A claimed row belongs to its sender this long (an 8 s call plus margin); a crashed sender's rows come back. */
export const LEASE_MS = 15_000;

const deliveryRowSchema = z.object({
  ...OutboxTable.ROW_FIELDS,
  /** The lead's key: the same on its create, its updates and every retry, so the function dedupes. */
  idempotencyKey: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  /**
   * As JSON: read from `deliveriesOf`, the lead as it stood when this delivery was queued; from
   * `claim`, the lead as it stands now, with its version (see `currentPayload`).
   */
  payload: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  giveUpAt: z.number().int(),
});

export type Delivery = z.output<typeof deliveryRowSchema>;

const DELIVERY_COLUMNS = `${OutboxTable.ROW_SELECT}, l.idempotency_key AS idempotencyKey, o.kind,
  o.payload, o.status, o.give_up_at AS giveUpAt`;

/** A lead's oldest owed delivery: its later ones wait, so updates reach the function after the create. */
const HEAD_OF_LEAD = `NOT EXISTS (SELECT 1 FROM outbox p
  WHERE p.lead_id = o.lead_id AND p.status = 'pending' AND p.id < o.id)`;

/** Each delivery with the lead it is for: the lead's key is read from it. */
const WITH_LEAD = "JOIN leads l ON l.id = o.lead_id";

const CLAIM_SOURCE = {
  table: "outbox",
  columns: DELIVERY_COLUMNS,
  join: WITH_LEAD,
  claimable: HEAD_OF_LEAD,
  leaseMs: LEASE_MS,
} as const;

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

export class LeadOutbox extends OutboxTable<typeof DELIVERY_STATUSES> {
  constructor(db: DatabaseSync) {
    super(db, CLAIM_SOURCE, DELIVERY_STATUSES);
  }

  /**
   * Leases up to `limit` deliveries that are due: the oldest owed one of each lead only, so a
   * lead's updates go after its create. `ignoreSchedule` (a manual flush) skips the backoff wait.
   * Each carries the lead as it stands now (`currentPayload`), read in the same transaction; owed
   * deliveries a newer one supersedes are settled first (`settleSuperseded`).
   */
  claim(request: ClaimRequest): Delivery[] {
    if (request.limit <= 0) return [];
    return transaction(this.db, () => {
      const now = request.now ?? Date.now();
      this.settleSuperseded(now);
      return this.leaseDue({ ...request, now }).map((row) => {
        const delivery = deliveryRowSchema.parse(row);
        return { ...delivery, payload: currentPayload(this.db, delivery) };
      });
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
    this.changed(settled.map((row) => String(row.lead_id)));
  }

  recordSent(id: number, now = Date.now()): void {
    this.changeRow(id, () => this.markSent(id, now));
  }

  /** Every delivery of one lead, oldest first. */
  deliveriesOf(leadId: string): Delivery[] {
    return this.db
      .prepare(
        `SELECT ${DELIVERY_COLUMNS} FROM outbox o ${WITH_LEAD}
         WHERE o.lead_id = ? ORDER BY o.id`,
      )
      .all(leadId)
      .map((row) => deliveryRowSchema.parse(row));
  }

  /** The lead's CRM column follows its deliveries. */
  protected override changed(leadIds: readonly string[]): void {
    for (const leadId of new Set(leadIds)) refreshForwardStatus(this.db, leadId);
  }
}
