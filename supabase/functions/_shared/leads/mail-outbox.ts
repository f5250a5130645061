import type postgres from "postgres";
import { type MailTiming, queueOwnerUpdate } from "./mail-queue.ts";
import { type Attempt, claimDue, nextDueAt, recordAttempt } from "./outbox.ts";
import { MAX_MAIL_CLAIM } from "./store-contract.ts";

/**
 * The e-mails' side of the outbox for the senders that claim them, directly or through the lead
 * function (each Node server's, lib/mail/mail-sender.ts): they render and send with the site's own
 * mail code and report each outcome back. The claim is the CRM's (outbox.ts: SKIP LOCKED and a
 * lease), so two senders never hold the same e-mail.
 */
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
    async claim(limit: number) {
      const rows = await claimDue(sql, {
        channel: "mail",
        limit: Math.min(limit, MAX_MAIL_CLAIM),
        inOrder: false,
      });
      // The lead as the shared store hands it to the site (store-contract.ts), with its version.
      return rows.map(({ stored, ...job }) => ({
        ...job,
        lead: { ...stored.quote, version: stored.lead.version },
      }));
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
