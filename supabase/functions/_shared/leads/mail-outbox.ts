import type postgres from "postgres";
import { type MailTiming, queueOwnerUpdate } from "./mail-queue.ts";
import { type Attempt, claimDue, nextDueAt, type OutboxRow, recordAttempt } from "./outbox.ts";
import { storedQuote } from "./quote-store.ts";
import type { StoredQuote } from "./store-contract.ts";

type Sql = ReturnType<typeof postgres>;

/**
 * The e-mails' side of the outbox for the senders that claim them through the signed function
 * (each Node server's mail relay): they render and send with the site's own mail code and report
 * each outcome back. The claim is the CRM's (outbox.ts: SKIP LOCKED and a lease), so two senders
 * never hold the same e-mail; the lease outlasts the site's 30 s send deadline.
 */
export const MAIL_LEASE_MS = 60_000;
export const MAX_MAIL_CLAIM = 20;

/** A claimed e-mail: its outbox row's lease and count, with what the sender renders. */
export type MailJob = Pick<OutboxRow, "id" | "leaseId" | "kind" | "seq" | "attempts"> & {
  /** The lead as the shared store hands it to the site (store-contract.ts), with its version. */
  lead: StoredQuote & { version: number };
  /** The visitor's saved-quote token, for their confirmation's link (erased once it is sent). */
  quoteToken: string | null;
};

export type MailReport = {
  id: string;
  leaseId: string;
  /** The lead's version the e-mail carried. */
  version: number;
  outcome: Attempt;
};

export function mailOutbox(sql: Sql, timing: MailTiming) {
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
        leaseMs: MAIL_LEASE_MS,
      });
      const jobs: MailJob[] = [];
      for (const row of rows) {
        const [stored] = await sql`
          select q.*, o.quote_token from public.quote_requests q, public.lead_outbox o
          where q.id = ${row.leadId} and o.id = ${row.id}`;
        if (!stored) {
          await recordAttempt(sql, row, {
            ok: false,
            retryable: false,
            error: "The lead is no longer stored",
          });
          continue;
        }
        const { quote, lead } = storedQuote(stored);
        jobs.push({
          id: row.id,
          leaseId: row.leaseId,
          kind: row.kind,
          seq: row.seq,
          attempts: row.attempts,
          lead: { ...quote, version: lead.version },
          quoteToken: typeof stored.quote_token === "string" ? stored.quote_token : null,
        });
      }
      return jobs;
    },

    /**
     * Records a sender's outcome (only while it holds the lease), in one transaction with what it
     * changes: the e-mail's version, and, for an owner's e-mail sent while the lead changed, the
     * "Quote updated" it owes (the lead's row locked first: outbox.ts, lockLead).
     */
    async report(report: MailReport) {
      const [row] = await sql`
        select id, lead_id, channel, kind, seq, version, attempts from public.lead_outbox
        where id = ${report.id} and channel = 'mail'`;
      if (!row) return "lost_lease" as const;
      const leadId = String(row.lead_id);
      return await recordAttempt(
        sql,
        {
          id: String(row.id),
          leadId,
          channel: "mail",
          kind: String(row.kind),
          seq: Number(row.seq),
          version: Number(row.version),
          attempts: Number(row.attempts),
          leaseId: report.leaseId,
        },
        report.outcome,
        {
          alongside: async (tx, recorded) => {
            if (recorded !== "sent") return;
            await tx`update public.lead_outbox set version = ${report.version} where id = ${report.id}`;
            if (row.kind === "visitor") return;
            const [lead] = await tx`select version from public.quote_requests where id = ${leadId}`;
            if (lead && Number(lead.version) !== report.version) {
              await queueOwnerUpdate(tx, leadId, Number(lead.version), timing);
            }
          },
        },
      );
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
