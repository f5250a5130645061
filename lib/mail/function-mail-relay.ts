import "server-only";
import { z } from "zod";
import type { MailSettings } from "@/lib/env";
import { callFunctionOutbox, type SupabaseConfig } from "@/lib/leads/forward";
import { Poller } from "@/lib/leads/poller";
import { savedQuoteUrl } from "@/lib/leads/saved-quote";
import { leadOf } from "@/lib/leads/shared-store";
import { DEAD_LETTER_MAIL } from "@shared/leads/mail-queue";
import { storedQuoteSchema } from "@shared/leads/store-contract";
import { log } from "@/lib/log";
import { composeMail } from "./compose";
import { MAIL_KINDS } from "./mail-outbox";
import { MAIL_EVENTS, composeAndSend, type SendMail } from "./mail-relay";
import { sendMail } from "./transport";

/**
 * The site's sender for the e-mails queued in PostgreSQL (supabase/README.md, "The outbox"; the
 * function queues them with LEAD_MAIL=queue): it claims due e-mails through the signed function,
 * renders each with the site's own mail code from the lead as it stands, sends it over SMTP_URL
 * and reports the outcome back. The claim is FOR UPDATE SKIP LOCKED with a lease, so any number of
 * servers can run one at once and each e-mail is sent by one of them; backoff and dead letters
 * (a 5xx reply) are kept in PostgreSQL.
 */

const functionMailJobSchema = z.object({
  id: z.string(),
  leaseId: z.string(),
  kind: z.enum([...MAIL_KINDS, DEAD_LETTER_MAIL]),
  seq: z.number().int(),
  attempts: z.number().int(),
  // The lead as the shared store hands it out (supabase/functions/_shared/leads/store-contract.ts), with its version.
  lead: storedQuoteSchema.extend({ version: z.number().int() }),
  // The visitor's saved-quote token, on their confirmation until it is sent (docs/leads.md).
  quoteToken: z.string().nullable(),
  // A dead_letter e-mail's CRM row (docs/notifications.md, "When the CRM refuses a lead").
  deadLetter: z
    .object({ event: z.string(), error: z.string(), owedSince: z.iso.datetime() })
    .nullable()
    .default(null),
});

export type FunctionMailJob = z.infer<typeof functionMailJobSchema>;

/** Renders, sends and reports one claimed e-mail; what it became, as the function recorded it. */
export async function sendFunctionMail(
  config: SupabaseConfig,
  settings: MailSettings,
  job: FunctionMailJob,
  send: SendMail = sendMail,
): Promise<string> {
  const outcome = await composeAndSend(send, settings, () =>
    composeMail(
      {
        lead: leadOf(job.lead),
        kind: job.kind,
        seq: job.seq,
        quoteUrl: job.quoteToken === null ? null : savedQuoteUrl(job.lead.id, job.quoteToken),
        deadLetter: job.deadLetter,
      },
      settings,
    ),
  );
  const context = { leadId: job.lead.id, mail: job.kind, attempt: job.attempts + 1 };
  const reported = await callFunctionOutbox(config, {
    action: "report-mail",
    id: job.id,
    leaseId: job.leaseId,
    version: job.lead.version,
    outcome: outcome.ok
      ? { ok: true }
      : { ok: false, retryable: outcome.retryable, error: outcome.error.slice(0, 1000) },
  });
  if (!reported.ok || !("recorded" in reported.answer)) {
    // Not recorded: the lease runs out and the e-mail is claimed again (the same Message-ID).
    log("error", "mail.report_failed", { ...context, reason: reported.ok ? "" : reported.error });
    return "unreported";
  }
  const recorded = reported.answer.recorded;
  if (recorded === "sent") log("info", MAIL_EVENTS.sent, context);
  else if (!outcome.ok) {
    // The embedded sender's events (mail-relay.ts); anything else, e.g. `mail.lost_lease`, as named.
    const event =
      recorded === "retry" || recorded === "dead" ? MAIL_EVENTS[recorded] : `mail.${recorded}`;
    log(recorded === "retry" ? "warn" : "error", event, { ...context, reason: outcome.error });
  }
  return recorded;
}

/** Claims what is due (at most `limit`), through the function; none when it cannot be reached. */
export async function claimFunctionMail(
  config: SupabaseConfig,
  limit: number,
): Promise<FunctionMailJob[]> {
  const claimed = await callFunctionOutbox(config, { action: "claim-mail", limit });
  if (!claimed.ok || !("mail" in claimed.answer)) {
    log("warn", "mail_relay.claim_failed", { reason: claimed.ok ? "" : claimed.error });
    return [];
  }
  const jobs: FunctionMailJob[] = [];
  for (const item of claimed.answer.mail) {
    const job = functionMailJobSchema.safeParse(item);
    if (job.success) jobs.push(job.data);
    else log("error", "mail_relay.bad_job", { reason: job.error.issues[0]?.message ?? "" });
  }
  return jobs;
}

/**
 * Each Node server's loop (lib/leads/poller.ts): claims due e-mails (up to `concurrency`), sends
 * them, and claims again at once while there were some, else after `pollMs` (or a `kick`).
 * `drainOnce` is the same for a serverless host's scheduled call.
 */
export class FunctionMailRelay {
  private readonly poller: Poller;

  constructor(
    private readonly config: SupabaseConfig,
    private readonly settings: MailSettings,
    private readonly options: { pollMs?: number; concurrency?: number; send?: SendMail } = {},
  ) {
    this.poller = new Poller({
      name: "mail_relay",
      everyMs: options.pollMs ?? 10_000,
      runAtStart: true,
      task: () => this.drainOnce(),
    });
  }

  start(): void {
    this.poller.start();
  }

  /** An e-mail is due now (a lead was just stored): look at once. */
  kick(): void {
    this.poller.kick();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** Sends everything due now; resolves with how many e-mails it handled. */
  async drainOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const jobs = await claimFunctionMail(this.config, this.options.concurrency ?? 8);
      if (jobs.length === 0) return handled;
      await Promise.all(
        jobs.map((job) => sendFunctionMail(this.config, this.settings, job, this.options.send)),
      );
      handled += jobs.length;
    }
  }
}
