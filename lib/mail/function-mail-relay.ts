import "server-only";
import { z } from "zod";
import type { MailSettings } from "@/lib/env";
import { callFunctionOutbox, type SupabaseConfig } from "@/lib/leads/forward";
import { Poller } from "@/lib/leads/poller";
import { savedQuoteUrl } from "@/lib/leads/saved-quote";
import { leadOf } from "@/lib/leads/lead-store";
import { storedQuoteSchema } from "@shared/leads/store-contract";
import { log } from "@/lib/log";
import { MAIL_KINDS } from "@shared/leads/mail-queue";
import { composeMail, type ComposedMail } from "./compose";
import { sendMail, type MailOutcome } from "./transport";

/**
 * The site's sender for the e-mails queued in PostgreSQL (supabase/README.md, "The outbox"): it
 * claims due e-mails through a port (the embedded store's outbox in this process, or the signed
 * lead function on Supabase),
 * renders each with the site's own mail code from the lead as it stands, sends it over SMTP_URL
 * and reports the outcome back. The claim is FOR UPDATE SKIP LOCKED with a lease, so any number of
 * servers can run one at once and each e-mail is sent by one of them; backoff and dead letters
 * (a 5xx reply) are kept in PostgreSQL.
 */

export type SendMail = (smtpUrl: string, mail: ComposedMail) => Promise<MailOutcome>;
/** The log events of a sent, a retried and a dead-lettered e-mail (docs/leads.md, "Notifications"). */
export const MAIL_EVENTS = { sent: "mail.sent", retry: "mail.retry", dead: "mail.dead_letter" };

/**
 * Renders one e-mail and sends it over SMTP_URL. A rendering failure is a bug, not the server's fault: the
 * e-mail is kept, retried and logged like a server's temporary refusal.
 */
export async function composeAndSend(
  send: SendMail,
  settings: MailSettings,
  compose: () => Promise<ComposedMail>,
): Promise<MailOutcome> {
  let mail: ComposedMail;
  try {
    mail = await compose();
  } catch (error) {
    return { ok: false, retryable: true, error: `Could not render: ${String(error)}` };
  }
  // A sender answers every failure of its own as an outcome (transport.ts): none is a render's.
  return send(settings.smtpUrl, mail);
}

const functionMailJobSchema = z.object({
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

export type FunctionMailJob = z.infer<typeof functionMailJobSchema>;

type MailReport = {
  id: string;
  leaseId: string;
  version: number;
  outcome: { ok: true } | { ok: false; retryable: boolean; error: string };
};

/** Where the sender claims e-mails and reports what became of each. */
export type MailPort = {
  /** Up to `limit` due e-mails, leased to this sender (unchecked: each is parsed). */
  claim(limit: number): Promise<unknown[]>;
  /** What the outbox recorded ("sent", "retry", "dead", "lost_lease"…). */
  report(report: MailReport): Promise<string>;
  /** When the next e-mail falls due, where the port can say (the embedded store's outbox). */
  nextDueAt?(): Promise<Date | null>;
};

/** The shared store's e-mails, through the lead function's signed outbox commands. */
export function functionMailPort(config: SupabaseConfig): MailPort {
  return {
    async claim(limit) {
      const claimed = await callFunctionOutbox(config, { action: "claim-mail", limit });
      if (!claimed.ok) throw new Error(claimed.error);
      if (!("mail" in claimed.answer)) throw new Error("the function answered no e-mails");
      return claimed.answer.mail;
    },
    async report(report) {
      const reported = await callFunctionOutbox(config, { action: "report-mail", ...report });
      if (!reported.ok) throw new Error(reported.error);
      if (!("recorded" in reported.answer)) throw new Error("the function recorded nothing");
      return reported.answer.recorded;
    },
  };
}

/** Renders, sends and reports one claimed e-mail; what it became, as the outbox recorded it. */
export async function sendFunctionMail(
  port: MailPort,
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

/** Claims what is due (at most `limit`); none when the outbox cannot be reached. */
export async function claimFunctionMail(port: MailPort, limit: number): Promise<FunctionMailJob[]> {
  let claimed: unknown[];
  try {
    claimed = await port.claim(limit);
  } catch (error) {
    log("warn", "mail_relay.claim_failed", { reason: String(error) });
    return [];
  }
  const jobs: FunctionMailJob[] = [];
  for (const item of claimed) {
    const job = functionMailJobSchema.safeParse(item);
    if (job.success) jobs.push(job.data);
    else log("error", "mail_relay.bad_job", { reason: job.error.issues[0]?.message ?? "" });
  }
  return jobs;
}

/**
 * Each Node server's loop (lib/leads/poller.ts): claims due e-mails (up to `concurrency`), sends
 * them, and claims again at once while there were some, else when the next one falls due (where
 * the port can say), after `pollMs` at most, or at a `kick`.
 * `drainOnce` is the same for a serverless host's scheduled call.
 */
export class FunctionMailRelay {
  private readonly poller: Poller;

  constructor(
    private readonly port: MailPort,
    private readonly settings: MailSettings,
    private readonly options: { pollMs?: number; concurrency?: number; send?: SendMail } = {},
  ) {
    this.poller = new Poller({
      name: "mail_relay",
      everyMs: options.pollMs ?? 10_000,
      runAtStart: true,
      task: () => this.drainOnce(),
      nextRunAt: port.nextDueAt?.bind(port),
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
      const jobs = await claimFunctionMail(this.port, this.options.concurrency ?? 8);
      if (jobs.length === 0) return handled;
      await Promise.all(
        jobs.map((job) => sendFunctionMail(this.port, this.settings, job, this.options.send)),
      );
      handled += jobs.length;
    }
  }
}
