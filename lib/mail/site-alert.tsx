import "server-only";
import { hostname } from "node:os";
import type { MailSettings } from "@/lib/env";
import { formatWhen, type Fact } from "@/lib/leads/report";
import { parts } from "./compose";
import { OwnerEmail } from "./emails/OwnerEmail";
import { headerText } from "./header-text";
import { sendMail, type MailOutcome } from "./transport";

/**
 * The owner's e-mails about the site itself (a failed backup, low disk space: docs/leads.md,
 * "Health"), sent straight over SMTP, never queued in the store's outbox: the store or its disk
 * may be what failed.
 */
export type SiteAlert = {
  /** In the Message-ID: `backup-failed`, `low-space`. */
  kind: string;
  subject: string;
  intro: string;
  facts: readonly Fact[];
  command?: { when: string; line: string };
};

export async function sendSiteAlert(
  mail: Pick<MailSettings, "smtpUrl" | "from" | "notifyTo">,
  alert: SiteAlert,
  now = new Date(),
): Promise<MailOutcome> {
  const host = hostname();
  const domain = mail.from.address.split("@").at(-1) ?? "localhost";
  const { html, text } = await parts(
    <OwnerEmail
      title={alert.subject}
      intro={alert.intro}
      facts={[
        ...alert.facts,
        { label: "Server", value: host },
        { label: "When", value: formatWhen(now.toISOString()) },
      ]}
      command={alert.command}
    />,
  );
  return sendMail(mail.smtpUrl, {
    messageId: `<${alert.kind}.${now.getTime()}.${process.pid}@${domain}>`,
    from: { name: headerText(mail.from.name, 100), address: mail.from.address },
    to: mail.notifyTo,
    subject: `${alert.subject} (${headerText(host, 40)})`,
    // RFC 3834: an automatic e-mail must not set off an automatic reply.
    headers: { "Auto-Submitted": "auto-generated" },
    html,
    text,
  });
}
