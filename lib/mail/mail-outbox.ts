import "server-only";
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { transaction } from "@/lib/leads/database";
import { parseLeadRow, selectLeads, type Lead } from "@/lib/leads/lead-table";
import { GIVE_UP_AFTER_MS, OutboxTable, type ClaimRequest } from "@/lib/leads/outbox-table";
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

const mailRowSchema = z.object({
  ...OutboxTable.ROW_FIELDS,
  kind: z.enum(MAIL_KINDS),
  /** 0, or the number of a "Quote updated" e-mail: part of its Message-ID. */
  seq: z.number().int(),
  status: z.enum(MAIL_STATUSES),
  dueAt: z.number().int(),
  /** The visitor's saved-quote link, until their confirmation is sent. */
  quoteUrl: z.string().nullable(),
});

export type MailRow = z.output<typeof mailRowSchema>;
/** A claimed e-mail and the lead it is about, as it stands now. */
export type MailJob = MailRow & { lead: Lead };

const MAIL_COLUMNS = `${OutboxTable.ROW_SELECT}, o.kind, o.seq, o.status,
  o.next_attempt_at AS dueAt, o.quote_url AS quoteUrl`;

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

export class MailOutbox extends OutboxTable<typeof MAIL_STATUSES> {
  constructor(db: DatabaseSync) {
    super(
      db,
      { table: "mail_outbox", columns: MAIL_COLUMNS, leaseMs: MAIL_LEASE_MS },
      MAIL_STATUSES,
    );
  }

  /** Leases up to `limit` e-mails that are due (all owed ones, with `ignoreSchedule`), with their leads. */
  claim(request: ClaimRequest): MailJob[] {
    if (request.limit <= 0) return [];
    return transaction(this.db, () => {
      const readLead = this.db.prepare(selectLeads("WHERE id = ?"));
      return this.leaseDue(request).map((row) => {
        const mail = mailRowSchema.parse(row);
        return { ...mail, lead: parseLeadRow(readLead.get(mail.leadId)) };
      });
    });
  }

  /**
   * Records an e-mail as sent, with the version of the lead it carried. When the lead changed
   * while it was being sent, the change is owed to the owner in a "Quote updated".
   */
  recordSent(job: MailJob, timing: MailTiming, now = Date.now()): void {
    this.changeRow(job.id, () => {
      this.markSent(job.id, now);
      this.db
        .prepare("UPDATE mail_outbox SET sent_version = ?, quote_url = NULL WHERE id = ?")
        .run(job.lead.updatedAt, job.id);
      if (job.kind === "visitor") return;
      const current = this.db.prepare("SELECT updated_at FROM leads WHERE id = ?").get(job.leadId);
      if (current?.updated_at !== job.lead.updatedAt) {
        queueOwnerUpdate(this.db, job.leadId, timing, now);
      }
    });
  }

  /** Every e-mail of one lead, oldest first. */
  mailOf(leadId: string): MailRow[] {
    return this.db
      .prepare(`SELECT ${MAIL_COLUMNS} FROM mail_outbox o WHERE o.lead_id = ? ORDER BY o.id`)
      .all(leadId)
      .map((row) => mailRowSchema.parse(row));
  }
}
