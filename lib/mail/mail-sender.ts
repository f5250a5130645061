import "server-only";
import { z } from "zod";
import type postgres from "postgres";
import type { MailSettings } from "@/lib/env";
import { callFunctionOutbox, type SupabaseConfig } from "@/lib/leads/forward";
import { savedQuoteUrl } from "@/lib/leads/saved-quote";
import { dueTimer, type DueTimer } from "@shared/leads/due-timer";
import { mailOutbox, type MailReport } from "@shared/leads/outbox";
import { DEAD_LETTER_MAIL, MAIL_KINDS, type MailTiming } from "@shared/leads/mail-queue";
import { storedQuoteSchema } from "@shared/leads/store-contract";
import { log } from "@/lib/log";
import { composeMail } from "./compose";
import { sendMail, type MailOutcome } from "./transport";

/**
 * The site's sender for the e-mails queued in PostgreSQL (docs/leads.md, "Notifications"): it
 * claims due e-mails through a port (the lead function's outbox calls, `functionMailPort`, or
 * PostgreSQL itself, `directMailPort`; the claim's lease lets any number of servers send), renders
 * each from the lead as it stands, sends it over SMTP_URL and reports the outcome back.
 */

export const claimedMailSchema = z.object({
  id: z.string(),
  leaseId: z.string(),
  kind: z.enum([...MAIL_KINDS, DEAD_LETTER_MAIL]),
  seq: z.number().int(),
  attempts: z.number().int(),
  // The lead as the shared store hands it out (supabase/functions/_shared/leads/store-contract.ts), with its version.
  lead: storedQuoteSchema.extend({ version: z.number().int() }),
  // The visitor's saved-quote token, on their confirmation until it is sent (docs/leads.md).
  quoteToken: z.string().nullable(),
  // The lead's version the owner was last told of: a "Quote updated" lists what changed since.
  toldVersion: z.number().int().nullable().default(null),
  // A dead_letter e-mail's CRM row (docs/notifications.md, "When the CRM refuses a lead").
  deadLetter: z
    .object({ event: z.string(), error: z.string(), owedSince: z.iso.datetime() })
    .nullable()
    .default(null),
});

export type ClaimedMail = z.infer<typeof claimedMailSchema>;

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

/** The outbox through the lead function's calls (supabase/README.md, "The outbox"), on Supabase. */
export function functionMailPort(config: SupabaseConfig): MailPort {
  return {
    async claim(limit) {
      const claimed = await callFunctionOutbox(config, { action: "claim-mail", limit });
      if (!claimed.ok) throw new Error(claimed.error);
      if (!("mail" in claimed.answer)) throw new Error("The lead function answered no e-mails");
      const jobs: ClaimedMail[] = [];
      for (const item of claimed.answer.mail) {
        const job = claimedMailSchema.safeParse(item);
        if (job.success) jobs.push(job.data);
        else log("error", "mail_sender.bad_job", { reason: job.error.issues[0]?.message ?? "" });
      }
      const due = claimed.answer.nextDueAt;
      return { jobs, nextDueAt: due === null ? null : new Date(due) };
    },
    async report(report) {
      const reported = await callFunctionOutbox(config, { action: "report-mail", ...report });
      if (!reported.ok) throw new Error(reported.error);
      if (!("recorded" in reported.answer)) throw new Error("The lead function recorded nothing");
      return reported.answer.recorded;
    },
  };
}

/**
 * Renders one claimed e-mail from the lead as it stands, sends it and reports the outcome; what it
 * became, as the outbox recorded it. A rendering failure is a bug, not the mail server's fault:
 * the e-mail is kept, retried and logged like a server's temporary refusal.
 */
async function sendClaimedMail(port: MailPort, settings: MailSettings, job: ClaimedMail) {
  const quoteUrl = job.quoteToken === null ? null : savedQuoteUrl(job.lead.id, job.quoteToken);
  const outcome: MailOutcome = await composeMail(
    {
      lead: job.lead,
      kind: job.kind,
      seq: job.seq,
      quoteUrl,
      deadLetter: job.deadLetter,
      toldVersion: job.toldVersion,
    },
    settings,
  ).then(
    (mail) => sendMail(settings.smtpUrl, mail),
    (error: unknown) => ({
      ok: false,
      retryable: true,
      error: `Could not render: ${String(error)}`,
    }),
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
    return;
  }
  if (recorded === "sent") log("info", "mail.sent", context);
  else if (!outcome.ok) {
    // `mail.retry`, `mail.dead_letter` (docs/leads.md, "Logs"), or as recorded, e.g. `mail.lost_lease`.
    const event = `mail.${recorded === "dead" ? "dead_letter" : recorded}`;
    log(recorded === "retry" ? "warn" : "error", event, { ...context, reason: outcome.error });
  }
}

/**
 * Sends everything due now: claims up to 8 e-mails, sends them, and claims again at once while
 * there were some. Answers how many it handled and when the next e-mail falls due; throws when a
 * claim fails.
 */
export async function sendDueMail(port: MailPort, settings: MailSettings) {
  let handled = 0;
  for (;;) {
    const { jobs, nextDueAt } = await port.claim(8);
    if (jobs.length === 0) return { handled, nextDueAt };
    await Promise.all(jobs.map((job) => sendClaimedMail(port, settings, job)));
    handled += jobs.length;
  }
}

/** Each Node server's sender: sends what is due at start, on a kick, and when the next falls due. */
export function mailSender(port: MailPort, settings: MailSettings): DueTimer {
  return dueTimer({
    task: async () => (await sendDueMail(port, settings)).nextDueAt,
    failed: (error) => log("error", "mail_sender.failed", { reason: String(error) }),
  });
}
