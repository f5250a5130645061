import "server-only";
import { z } from "zod";
import type postgres from "postgres";
import type { MailSettings } from "@/lib/env";
import { DueTimer } from "@/lib/leads/due-timer";
import { savedQuoteUrl } from "@/lib/leads/saved-quote";
import { leadOf } from "@/lib/leads/shared-store";
import { mailOutbox } from "@shared/leads/mail-outbox";
import type { MailTiming } from "@shared/leads/mail-queue";
import { storedQuoteSchema } from "@shared/leads/store-contract";
import { log } from "@/lib/log";
import { composeMail } from "./compose";
import { MAIL_KINDS } from "./mail-outbox";
import { MAIL_EVENTS, composeAndSend, type SendMail } from "./mail-relay";
import { sendMail } from "./transport";

/**
 * The site's sender for the e-mails queued in PostgreSQL (supabase/README.md, "The outbox"): it
 * claims due e-mails through a port (the lead function's signed calls, lib/mail/function-mail-port.ts,
 * or PostgreSQL itself, `directMailPort`), renders each with the site's own mail code from the lead
 * as it stands, sends it over SMTP_URL and reports the outcome back. The claim is FOR UPDATE SKIP
 * LOCKED with a lease, so any number of servers can run one at once and each e-mail is sent by one
 * of them; backoff and dead letters (a 5xx reply) are kept in PostgreSQL.
 *
 * It never polls (docs/leads.md, "Notifications"): it claims at start, after each change this
 * server stored (`kick`), and when the last claim said the next e-mail falls due; with nothing
 * owed it sets no timer and asks nothing.
 */

export const claimedMailSchema = z.object({
  id: z.string(),
  leaseId: z.string(),
  kind: z.enum(MAIL_KINDS),
  seq: z.number().int(),
  attempts: z.number().int(),
  // The lead as the shared store hands it out (supabase/functions/_shared/leads/store-contract.ts), with its version.
  lead: storedQuoteSchema.extend({ version: z.number().int() }),
  // The visitor's saved-quote token, on their confirmation until it is sent (docs/leads.md).
  quoteToken: z.string().nullable(),
});

export type ClaimedMail = z.infer<typeof claimedMailSchema>;

/** A claimed e-mail's outcome, reported while its sender holds the lease. */
export type MailReport = {
  id: string;
  leaseId: string;
  /** The lead's version the e-mail carried. */
  version: number;
  outcome: { ok: true } | { ok: false; retryable: boolean; error: string };
};

/**
 * Where the sender claims and reports: the outbox in PostgreSQL, reached through the lead function
 * or directly. `claim` throws when the outbox cannot be asked; `report` answers what the outbox
 * recorded (`sent`, `retry`, `dead`, `lost_lease`) and throws when it cannot be told.
 */
export type MailPort = {
  claim(limit: number): Promise<{ jobs: ClaimedMail[]; nextDueAt: Date | null }>;
  report(report: MailReport): Promise<string>;
};

/** The outbox in PostgreSQL itself (`sql` connects as the tables' owner), with the site's timing. */
export function directMailPort(sql: ReturnType<typeof postgres>, timing: MailTiming): MailPort {
  const outbox = mailOutbox(sql, timing);
  return {
    async claim(limit) {
      const jobs = (await outbox.claim(limit)).map((job) => claimedMailSchema.parse(job));
      return { jobs, nextDueAt: await outbox.nextDueAt() };
    },
    report: (report) => outbox.report(report),
  };
}

/** Renders, sends and reports one claimed e-mail; what it became, as the outbox recorded it. */
export async function sendClaimedMail(
  port: MailPort,
  settings: MailSettings,
  job: ClaimedMail,
  send: SendMail = sendMail,
): Promise<string> {
  const outcome = await composeAndSend(send, settings, () =>
    composeMail(
      {
        lead: leadOf(job.lead),
        kind: job.kind,
        seq: job.seq,
        quoteUrl: job.quoteToken === null ? null : savedQuoteUrl(job.lead.id, job.quoteToken),
      },
      settings,
    ),
  );
  const context = { leadId: job.lead.id, mail: job.kind, attempt: job.attempts + 1 };
  let recorded: string;
  try {
    recorded = await port.report({
      id: job.id,
      leaseId: job.leaseId,
      version: job.lead.version,
      outcome: outcome.ok
        ? { ok: true }
        : { ok: false, retryable: outcome.retryable, error: outcome.error.slice(0, 1000) },
    });
  } catch (error) {
    // Not recorded: the lease runs out and the e-mail is claimed again (the same Message-ID).
    log("error", "mail.report_failed", { ...context, reason: String(error) });
    return "unreported";
  }
  if (recorded === "sent") log("info", MAIL_EVENTS.sent, context);
  else if (!outcome.ok) {
    // The embedded sender's events (mail-relay.ts); anything else, e.g. `mail.lost_lease`, as named.
    const event =
      recorded === "retry" || recorded === "dead" ? MAIL_EVENTS[recorded] : `mail.${recorded}`;
    log(recorded === "retry" ? "warn" : "error", event, { ...context, reason: outcome.error });
  }
  return recorded;
}

/** After a claim that failed (the outbox unreachable), the next one this much later. */
export const CLAIM_RETRY_MS = 60_000;

/**
 * Each Node server's sender (the due timer: lib/leads/due-timer.ts): claims due e-mails (up to
 * `concurrency`), sends them, and claims again at once while there were some; then sleeps until
 * the last claim's `nextDueAt`, or, with none owed, until a `kick`. `drainOnce` is the same for a
 * serverless host's scheduled call (lib/leads/drain.ts).
 */
export class MailSender {
  private readonly timer: DueTimer;

  constructor(
    private readonly port: MailPort,
    private readonly settings: MailSettings,
    private readonly options: { concurrency?: number; send?: SendMail; retryMs?: number } = {},
  ) {
    this.timer = new DueTimer({
      name: "mail_sender",
      runAtStart: true,
      retryMs: options.retryMs ?? CLAIM_RETRY_MS,
      task: async () => (await this.drain()).nextDueAt,
    });
  }

  start(): void {
    this.timer.start();
  }

  /** An e-mail may be due now or later (this server stored a change): look at once. */
  kick(): void {
    this.timer.kick();
  }

  /** Whether a wake-up is set: false when nothing is owed. */
  get waiting(): boolean {
    return this.timer.waiting;
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** Sends everything due now; resolves with how many e-mails it handled (a failed claim logged). */
  async drainOnce(): Promise<number> {
    try {
      return (await this.drain()).handled;
    } catch (error) {
      log("warn", "mail_sender.claim_failed", { reason: String(error) });
      return 0;
    }
  }

  /** Sends everything due now; throws when a claim fails, with what it had handled logged. */
  private async drain(): Promise<{ handled: number; nextDueAt: Date | null }> {
    let handled = 0;
    for (;;) {
      const { jobs, nextDueAt } = await this.port.claim(this.options.concurrency ?? 8);
      if (jobs.length === 0) return { handled, nextDueAt };
      await Promise.all(
        jobs.map((job) => sendClaimedMail(this.port, this.settings, job, this.options.send)),
      );
      handled += jobs.length;
    }
  }
}
