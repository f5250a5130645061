import type postgres from "postgres";
import type { MailTiming } from "./mail-queue.ts";
import { type Attempt, claimDue, nextDueAt, recordAttempt } from "./outbox.ts";
import { MAX_MAIL_CLAIM } from "./store-contract.ts";

/**
 * The e-mails' side of the outbox for the senders that claim them, directly or through the lead
 * function (each Node server's, lib/mail/mail-sender.ts): they render and send with the site's own
 * mail code and report each outcome back (`version`: the lead's version the e-mail carried). The
 * claim is the CRM's (outbox.ts: SKIP LOCKED and a lease), so two senders never hold the same e-mail.
 */
export type MailReport = { id: string; leaseId: string; version: number; outcome: Attempt };

export function mailOutbox(sql: postgres.Sql, timing: MailTiming) {
  return {
    /** When the next e-mail can be claimed, or null: a sender sets one timer for it. */
    nextDueAt: () => nextDueAt(sql, "mail"),
    /** Leases up to `limit` due e-mails, each with its lead as the store hands it to the site. */
    claim: async (limit: number) =>
      (await claimDue(sql, "mail", Math.min(limit, MAX_MAIL_CLAIM))).map(({ stored, ...job }) => ({
        ...job,
        lead: { ...stored.quote, version: stored.lead.version },
      })),
    report: ({ id, leaseId, version, outcome }: MailReport) =>
      recordAttempt(sql, { id, leaseId, version, channel: "mail", timing }, outcome),
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
