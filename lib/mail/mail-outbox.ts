import "server-only";
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { transaction } from "@/lib/leads/database";
import { parseLeadRow, selectLeads, type Lead } from "@/lib/leads/lead-table";
import {
  GIVE_UP_AFTER_MS,
  recordFailedAttempt,
  type AttemptFailure,
  type FailureOutcome,
} from "@/lib/leads/outbox";
import { MAX_CONFIRMATIONS_PER_DAY } from "./timing";

/**
 * The e-mails owed for each lead (docs/leads.md, "Notifications"), one row each, written in the
 * transaction that writes the lead or its update. An e-mail is rendered when it is sent, from the
 * lead as it stands then, so a row waiting for its time always carries the latest answers.
 *
 * - `visitor`: the confirmation, due at once; over the cap per address it is kept as `capped`;
 *   for a spam-flagged lead it is `held` until the owner releases the lead (`releaseHeldMail`).
 * - `owner`: "New quote request", due one window after the contact step, or one settle period
 *   after the visitor's last change once steps 5-6 are answered, whichever comes first.
 * - `owner_update`: "Quote updated", one per change after the owner's e-mail went, due one window
 *   after that change; later changes within the window join it (`seq` numbers them).
 */

export const MAIL_KINDS = ["owner", "owner_update", "visitor"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_STATUSES = ["pending", "sent", "dead", "capped", "held"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** When the owner's e-mails leave: MAIL_WINDOW_MS and MAIL_SETTLE_MS (lib/env.ts). */
export type MailTiming = { windowMs: number; settleMs: number };

/** A claimed e-mail is its sender's this long (the 30 s send deadline plus margin). */
export const MAIL_LEASE_MS = 45_000;

const DAY_MS = 24 * 60 * 60 * 1000;

const mailRowSchema = z
  .object({
    id: z.number().int(),
    lead_id: z.string(),
    kind: z.enum(MAIL_KINDS),
    seq: z.number().int(),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    created_at: z.string(),
    next_attempt_at: z.number().int(),
    last_error: z.string().nullable(),
    sent_at: z.string().nullable(),
    quote_url: z.string().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    leadId: row.lead_id,
    kind: row.kind,
    /** 0, or the number of a "Quote updated" e-mail: part of its Message-ID. */
    seq: row.seq,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at,
    dueAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    /** The visitor's saved-quote link, until their confirmation is sent. */
    quoteUrl: row.quote_url,
  }));

export type MailRow = z.output<typeof mailRowSchema>;
/** A claimed e-mail and the lead it is about, as it stands now. */
export type MailJob = MailRow & { lead: Lead };

const MAIL_COLUMNS = `id, lead_id, kind, seq, status, attempts, created_at, next_attempt_at,
  last_error, sent_at, quote_url`;

function insertMail(
  db: DatabaseSync,
  row: {
    leadId: string;
    kind: MailKind;
    seq: number;
    recipient: string | null;
    status: MailStatus;
    dueAt: number;
    lastError?: string;
    quoteUrl?: string | null;
  },
  now: number,
): void {
  db.prepare(
    `INSERT INTO mail_outbox (lead_id, kind, seq, recipient, status, created_at, next_attempt_at,
       give_up_at, last_error, quote_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.leadId,
    row.kind,
    row.seq,
    row.recipient,
    row.status,
    new Date(now).toISOString(),
    row.dueAt,
    row.dueAt + GIVE_UP_AFTER_MS,
    row.lastError ?? null,
    row.quoteUrl ?? null,
  );
}

const recipientKey = (email: string) => email.trim().toLowerCase();

/**
 * Queues a new lead's two e-mails; call it inside the transaction that writes the lead. `quoteUrl`
 * is the visitor's saved-quote link, for their confirmation. A spam-flagged lead's owner e-mail is
 * queued like any other (it says it is suspected spam); its confirmation is held. Returns what a
 * real lead's answer says (`linkEmailed`): whether the confirmation is on its way, false when the
 * address is over its cap. Held confirmations never count towards the cap.
 */
export function enqueueNewLeadMail(
  db: DatabaseSync,
  lead: Lead,
  timing: MailTiming,
  options: { quoteUrl?: string | null; now?: number } = {},
): boolean {
  const now = options.now ?? Date.now();
  const recipient = recipientKey(lead.email);
  const row = db
    .prepare(
      `SELECT COUNT(*) AS n FROM mail_outbox
       WHERE kind = 'visitor' AND recipient = ? AND status NOT IN ('capped', 'held')
         AND created_at > ?`,
    )
    .get(recipient, new Date(now - DAY_MS).toISOString());
  const capped = Number(row?.n ?? 0) >= MAX_CONFIRMATIONS_PER_DAY;
  insertMail(
    db,
    {
      leadId: lead.id,
      kind: "visitor",
      seq: 0,
      recipient,
      status: capped ? "capped" : lead.spamReason === null ? "pending" : "held",
      dueAt: now,
      lastError: capped
        ? `not sent: this address already had ${MAX_CONFIRMATIONS_PER_DAY} confirmations in 24 hours`
        : undefined,
      quoteUrl: capped ? null : options.quoteUrl,
    },
    now,
  );
  insertMail(
    db,
    {
      leadId: lead.id,
      kind: "owner",
      seq: 0,
      recipient: null,
      status: "pending",
      dueAt: ownerDueAt(lead, timing, Number.POSITIVE_INFINITY, now),
    },
    now,
  );
  return !capped;
}

/**
 * The owner released a spam-flagged lead: its held confirmation is owed now, with a fresh 24 hours
 * of retries (and the saved-quote link, unless more than a day has passed). Call it inside the
 * release's transaction. Returns whether a confirmation was released, and with the link.
 */
export function releaseHeldMail(
  db: DatabaseSync,
  leadId: string,
  now = Date.now(),
): { released: boolean; withLink: boolean } {
  const row = db
    .prepare(
      `UPDATE mail_outbox SET status = 'pending', next_attempt_at = ?, leased_until = 0,
         give_up_at = ? WHERE lead_id = ? AND status = 'held' RETURNING quote_url`,
    )
    .get(now, now + GIVE_UP_AFTER_MS, leadId);
  return { released: row !== undefined, withLink: typeof row?.quote_url === "string" };
}

/** Steps 5-6 answered: the visitor has finished (docs/calculator.md). */
const hasFinished = (lead: Lead) => lead.isPostConstruction !== null && lead.stories !== null;

/** The owner's first e-mail: one window after the contact step, sooner once the visitor finished. */
function ownerDueAt(lead: Lead, timing: MailTiming, current: number, now: number): number {
  const latest = Date.parse(lead.createdAt) + timing.windowMs;
  return Math.min(current, latest, hasFinished(lead) ? now + timing.settleMs : latest);
}

/**
 * A lead changed (an update committed): before the owner's e-mail went, it is rescheduled and will
 * carry the change; after, the change goes in a "Quote updated" e-mail, one per window.
 */
export function enqueueLeadChangeMail(
  db: DatabaseSync,
  lead: Lead,
  timing: MailTiming,
  now = Date.now(),
): void {
  const owner = db
    .prepare(
      "SELECT status, attempts, next_attempt_at FROM mail_outbox WHERE lead_id = ? AND kind = 'owner'",
    )
    .get(lead.id);
  if (!owner) return; // the lead came in while notifications were off
  if (owner.status === "pending") {
    // A first attempt still waiting for its time; a failing one keeps its backoff.
    if (owner.attempts === 0) {
      db.prepare(
        "UPDATE mail_outbox SET next_attempt_at = ? WHERE lead_id = ? AND kind = 'owner'",
      ).run(ownerDueAt(lead, timing, Number(owner.next_attempt_at), now), lead.id);
    }
    return;
  }
  // Refused: `leads retry` sends it again with the latest answers.
  if (owner.status === "sent") queueOwnerUpdate(db, lead.id, timing, now);
}

/** One "Quote updated" per window: a change joins an update that is still waiting and not in flight. */
function queueOwnerUpdate(db: DatabaseSync, leadId: string, timing: MailTiming, now: number): void {
  const waiting = db
    .prepare(
      `SELECT 1 FROM mail_outbox WHERE lead_id = ? AND kind = 'owner_update'
         AND status = 'pending' AND leased_until <= ?`,
    )
    .get(leadId, now);
  if (waiting) return;
  const last = db
    .prepare("SELECT MAX(seq) AS seq FROM mail_outbox WHERE lead_id = ? AND kind = 'owner_update'")
    .get(leadId);
  insertMail(
    db,
    {
      leadId,
      kind: "owner_update",
      seq: Number(last?.seq ?? 0) + 1,
      recipient: null,
      status: "pending",
      dueAt: now + timing.windowMs,
    },
    now,
  );
}

export class MailOutbox {
  constructor(private readonly db: DatabaseSync) {}

  /** Leases up to `limit` e-mails that are due (all owed ones, with `ignoreSchedule`), with their leads. */
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
    leadId?: string | null;
  }): MailJob[] {
    if (limit <= 0) return [];
    return transaction(this.db, () => {
      const rows = this.db
        .prepare(
          `SELECT ${MAIL_COLUMNS} FROM mail_outbox
           WHERE status = 'pending' AND leased_until <= $now
             AND ($ignoreSchedule = 1 OR next_attempt_at <= $now)
             AND id NOT IN (SELECT value FROM json_each($exclude))
             AND ($leadId IS NULL OR lead_id = $leadId)
           ORDER BY next_attempt_at, id LIMIT $limit`,
        )
        .all({
          now,
          ignoreSchedule: ignoreSchedule ? 1 : 0,
          exclude: JSON.stringify(exclude),
          leadId,
          limit,
        })
        .map((row) => mailRowSchema.parse(row));
      const lease = this.db.prepare("UPDATE mail_outbox SET leased_until = ? WHERE id = ?");
      const readLead = this.db.prepare(selectLeads("WHERE id = ?"));
      return rows.map((row) => {
        lease.run(now + MAIL_LEASE_MS, row.id);
        return { ...row, lead: parseLeadRow(readLead.get(row.leadId)) };
      });
    });
  }

  /**
   * Records an e-mail as sent, with the version of the lead it carried. When the lead changed
   * while it was being sent, the change is owed to the owner in a "Quote updated".
   */
  recordSent(job: MailJob, timing: MailTiming, now = Date.now()): void {
    transaction(this.db, () => {
      this.db
        .prepare(
          `UPDATE mail_outbox SET status = 'sent', attempts = attempts + 1, leased_until = 0,
             last_error = NULL, sent_at = ?, sent_version = ?, quote_url = NULL WHERE id = ?`,
        )
        .run(new Date(now).toISOString(), job.lead.updatedAt, job.id);
      if (job.kind === "visitor") return;
      const current = this.db.prepare("SELECT updated_at FROM leads WHERE id = ?").get(job.leadId);
      if (current?.updated_at !== job.lead.updatedAt) {
        queueOwnerUpdate(this.db, job.leadId, timing, now);
      }
    });
  }

  recordFailure(id: number, failure: AttemptFailure, now = Date.now()): FailureOutcome {
    return transaction(this.db, () =>
      recordFailedAttempt(this.db, "mail_outbox", id, failure, now),
    );
  }

  /** Queues refused e-mails again, one lead's or (null) all, with a fresh 24 hours; returns how many. */
  requeueDead(leadId: string | null, now = Date.now()): number {
    const { changes } = this.db
      .prepare(
        `UPDATE mail_outbox SET status = 'pending', next_attempt_at = $now, leased_until = 0,
           give_up_at = $giveUpAt WHERE status = 'dead' AND ($leadId IS NULL OR lead_id = $leadId)`,
      )
      .run({ now, giveUpAt: now + GIVE_UP_AFTER_MS, leadId });
    return Number(changes);
  }

  /** When the next owed e-mail becomes claimable, or null when none is owed. */
  nextDueAt(): number | null {
    const row = this.db
      .prepare(
        "SELECT MIN(MAX(next_attempt_at, leased_until)) AS due FROM mail_outbox WHERE status = 'pending'",
      )
      .get();
    return typeof row?.due === "number" ? row.due : null;
  }

  /** Every e-mail of one lead, oldest first. */
  mailOf(leadId: string): MailRow[] {
    return this.db
      .prepare(`SELECT ${MAIL_COLUMNS} FROM mail_outbox WHERE lead_id = ? ORDER BY id`)
      .all(leadId)
      .map((row) => mailRowSchema.parse(row));
  }

  counts(): Record<MailStatus, number> {
    const counts = { pending: 0, sent: 0, dead: 0, capped: 0, held: 0 };
    const rows = this.db
      .prepare("SELECT status, COUNT(*) AS n FROM mail_outbox GROUP BY status")
      .all();
    for (const row of rows) counts[z.enum(MAIL_STATUSES).parse(row.status)] = Number(row.n);
    return counts;
  }
}
