import "server-only";
import type { MailSettings } from "@/lib/env";
import { retryDelay } from "@/lib/leads/backoff";
import { QueueRelay, flushQueue, type SendResult } from "@/lib/leads/relay";
import { log } from "@/lib/log";
import { composeMail, type ComposedMail } from "./compose";
import type { MailJob, MailOutbox } from "./mail-outbox";
import { sendMail, type MailOutcome } from "./transport";

/**
 * The mail relay: sends what the mail outbox owes over SMTP, with the CRM relay's backoff for up
 * to 24 hours; a 5xx reply becomes a dead letter with the server's reply, for `leads -- list --failed`.
 */

export type SendMail = (smtpUrl: string, mail: ComposedMail) => Promise<MailOutcome>;
type MailSendOptions = { send?: SendMail; random?: () => number };

/** Renders one claimed e-mail from the lead as it stands, sends it and records what happened. */
export async function sendMailJob(
  outbox: MailOutbox,
  settings: MailSettings,
  job: MailJob,
  { send = sendMail, random = Math.random }: MailSendOptions = {},
): Promise<SendResult> {
  const attempt = job.attempts + 1;
  const context = { leadId: job.leadId, mail: job.kind, attempt };
  let outcome: MailOutcome;
  try {
    outcome = await send(settings.smtpUrl, await composeMail(job, settings));
  } catch (error) {
    // Rendering failed: a bug, not the server's fault; it is kept, retried, and logged.
    outcome = { ok: false, retryable: true, error: `Could not render: ${String(error)}` };
  }
  if (outcome.ok) {
    outbox.recordSent(job, settings);
    log("info", "mail.sent", context);
    return "sent";
  }
  const retryInMs = retryDelay(attempt, random);
  const result = outbox.recordFailure(job.id, { ...outcome, retryInMs });
  if (result === "retry") {
    log("warn", "mail.retry", { ...context, retryInMs, reason: outcome.error });
  } else {
    log("error", "mail.dead_letter", { ...context, reason: outcome.error });
  }
  return result;
}

/** Every owed e-mail (of one lead, or all) sent now, whatever its schedule (`leads flush`). */
export function flushMail(
  outbox: MailOutbox,
  settings: MailSettings,
  { leadId = null, ...options }: MailSendOptions & { leadId?: string | null } = {},
): Promise<Record<SendResult, number>> {
  return flushQueue(
    (limit, exclude) => outbox.claim({ limit, ignoreSchedule: true, exclude, leadId }),
    (job) => sendMailJob(outbox, settings, job, options),
  );
}

export function mailRelay(
  outbox: MailOutbox,
  settings: MailSettings,
  options: MailSendOptions & { pollMs?: number } = {},
): QueueRelay<MailJob> {
  return new QueueRelay(
    "mail_relay",
    {
      claim: (limit) => outbox.claim({ limit }),
      nextDueAt: () => outbox.nextDueAt(),
      send: (job) => sendMailJob(outbox, settings, job, options),
    },
    { pollMs: options.pollMs },
  );
}
