import type postgres from "postgres";
import { type MailTiming, queueOwnerUpdate } from "./mail-queue.ts";
import { type Attempt, claimDue, nextDueAt, type OutboxRow, recordAttempt } from "./outbox.ts";
import { storedQuote } from "./stored-lead.ts";
import type { StoredQuote } from "./store-contract.ts";

/**
 * The e-mails' side of the outbox for the senders that claim them, directly or through the signed
 * function (each Node server's, lib/mail/mail-sender.ts): they render and send with the site's own
 * mail code and report each outcome back. The claim is the CRM's (outbox.ts: SKIP LOCKED and a
 * lease), so two senders never hold the same e-mail.
 */
export const MAX_MAIL_CLAIM = 20;

/** What a `dead_letter` e-mail tells the owner of the CRM row it is about (owedSince: ISO 8601). */
export type DeadLetter = { event: string; error: string; owedSince: string };

/** A claimed e-mail: its outbox row's lease and count, with what the sender renders. */
export type MailJob = Pick<OutboxRow, "id" | "leaseId" | "kind" | "seq" | "attempts"> & {
  /** The lead as the shared store hands it to the site (store-contract.ts), with its version. */
  lead: StoredQuote & { version: number };
  /** The visitor's saved-quote token, for their confirmation's link (erased once it is sent). */
  quoteToken: string | null;
  /** A `dead_letter` e-mail's CRM row; null on every other kind. */
  deadLetter: DeadLetter | null;
};

export type MailReport = {
  id: string;
  leaseId: string;
  /** The lead's version the e-mail carried. */
  version: number;
  outcome: Attempt;
};

export function mailOutbox(sql: postgres.Sql, timing: MailTiming) {
  return {
    /**
     * When the next e-mail can be claimed (due, or its lease run out), or null when none is owed:
     * a sender sets one timer for it instead of asking again and again.
     */
    nextDueAt: () => nextDueAt(sql, "mail"),

    /** Leases up to `limit` due e-mails, each with its lead as it stands now. */
    async claim(limit: number): Promise<MailJob[]> {
      const rows = await claimDue(sql, {
        channel: "mail",
        limit: Math.min(limit, MAX_MAIL_CLAIM),
        inOrder: false,
      });
      if (rows.length === 0) return [];
      const claimed = await sql`
        select q.*, o.id::text as job_id, o.lease_id::text as job_lease, o.kind as job_kind,
          o.seq as job_seq, o.attempts as job_attempts, o.quote_token, d.kind as dead_event,
          d.last_error as dead_error, d.created_at as dead_since
        from public.lead_outbox o
        join public.quote_requests q on q.id = o.lead_id
        left join public.lead_outbox d on d.id = o.dead_letter_of
        where o.id in ${sql(rows.map((row) => row.id))}
        order by o.due_at, o.id`;
      return claimed.map((row) => {
        const { quote, lead } = storedQuote(row);
        const deadSince = row.dead_since as Date | null;
        return {
          id: String(row.job_id),
          leaseId: String(row.job_lease),
          kind: String(row.job_kind),
          seq: Number(row.job_seq),
          attempts: Number(row.job_attempts),
          lead: { ...quote, version: lead.version },
          quoteToken: row.quote_token ?? null,
          deadLetter: deadSince && {
            event: String(row.dead_event),
            error: String(row.dead_error ?? "no reason given"),
            owedSince: deadSince.toISOString(),
          },
        };
      });
    },

    /**
     * Records a sender's outcome (only while it holds the lease), in one transaction with what it
     * changes: the e-mail's version, and, for an owner's e-mail sent while the lead changed, the
     * "Quote updated" it owes.
     */
    report: ({ id, leaseId, version, outcome }: MailReport) =>
      recordAttempt(sql, { id, leaseId, channel: "mail" }, outcome, {
        alongside: async (tx, recorded, row) => {
          if (recorded !== "sent") return;
          await tx`update public.lead_outbox set version = ${version} where id = ${id}`;
          // Only the owner's quote e-mails owe a "Quote updated" for a change they missed.
          if (row.kind === "owner" || row.kind === "owner_update") {
            await queueOwnerUpdate(tx, row.leadId, timing, version);
          }
        },
      }),
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
