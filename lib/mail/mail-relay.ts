import "server-only";
import type { MailSettings } from "@/lib/env";
import { retryDelay } from "@shared/leads/backoff";
import { QueueRelay, flushQueue, recordAttempt, type SendResult } from "@/lib/leads/relay";
import { composeMail, type ComposedMail } from "./compose";
import type { MailJob, MailOutbox } from "./mail-outbox";
import { sendMail, type MailOutcome } from "./transport";

/**
 * The mail relay: sends what the mail outbox owes over SMTP, with the CRM relay's backoff for up
 * to 24 hours; a 5xx reply becomes a dead letter with the server's reply, for `leads -- list --failed`.
 */

export type SendMail = (smtpUrl: string, mail: ComposedMail) => Promise<MailOutcome>;
/** The log events of a sent, a retried and a dead-lettered e-mail (docs/leads.md, "Notifications"). */
export const MAIL_EVENTS = { sent: "mail.sent", retry: "mail.retry", dead: "mail.dead_letter" };

/** `compose` renders an e-mail (composeMail; a test's may fail, standing for a template's bug). */
type MailSendOptions = { send?: SendMail; random?: () => number; compose?: typeof composeMail };

/**
 * Renders one e-mail and sends it over SMTP_URL, for both senders (this one and the shared
 * store's, mail-sender.ts). A rendering failure is a bug, not the server's fault: the
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

/** Renders one claimed e-mail from the lead as it stands, sends it and records what happened. */
export async function sendMailJob(
  outbox: MailOutbox,
  settings: MailSettings,
  job: MailJob,
  { send = sendMail, random = Math.random, compose = composeMail }: MailSendOptions = {},
): Promise<SendResult> {
  const attempt = job.attempts + 1;
  const outcome = await composeAndSend(send, settings, () => compose(job, settings));
  return recordAttempt(outcome, {
    sent: () => outbox.recordSent(job, settings),
    failed: (failure) => outbox.recordFailure(job.id, failure),
    retryInMs: () => retryDelay(attempt, random),
    events: MAIL_EVENTS,
    context: { leadId: job.leadId, mail: job.kind, attempt },
  });
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
