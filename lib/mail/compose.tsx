import "server-only";
import { render } from "@react-email/components";
import type { DeadLetter } from "@shared/leads/outbox";
import type { DEAD_LETTER_MAIL } from "@shared/leads/mail-queue";
import { OwnerEmail } from "./emails/OwnerEmail";
import { VisitorEmail } from "./emails/VisitorEmail";
import type { MailSettings } from "@/lib/env";
import type { StoredQuote } from "@shared/leads/store-contract";
import { outsideAreaLine } from "@/lib/service-area/lookup";
import { headerText } from "./header-text";
import {
  SUSPECTED_SPAM,
  VISITOR_SUBJECT,
  deadLetterFacts,
  deadLetterSubject,
  ownerFacts,
  ownerSubject,
  ownerUpdateFacts,
  retryCommand,
  spamNotice,
} from "./lead-mail";
import type { MailKind } from "@shared/leads/mail-queue";

/** Every e-mail the site renders: a lead's (mail-queue.ts), and the owner's dead-letter alert. */
export type ComposedKind = MailKind | typeof DEAD_LETTER_MAIL;

/**
 * One e-mail as nodemailer sends it: addresses, every header (nothing added), and its HTML and
 * plain-text parts.
 */
export type ComposedMail = {
  kind: ComposedKind;
  messageId: string;
  from: { name: string; address: string };
  to: string[];
  replyTo?: { name: string; address: string };
  subject: string;
  /** For "Quote updated": the owner's first e-mail, so a mail program threads them. */
  inReplyTo?: string;
  references?: string[];
  headers: Record<string, string>;
  html: string;
  text: string;
};

export type MailAddresses = Pick<MailSettings, "from" | "notifyTo">;

/**
 * The Message-ID of a lead's e-mail of one kind: the same for every attempt, so a resend after a
 * crash mid-send is recognisable as the same message.
 */
export function messageId(
  leadId: string,
  kind: ComposedKind,
  seq: number,
  from: MailAddresses["from"],
): string {
  const domain = from.address.split("@").at(-1) ?? "localhost";
  return `<${leadId}.${kind.replace("_", "-")}${seq > 0 ? `-${seq}` : ""}@${domain}>`;
}

async function parts(element: React.ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([
    render(element),
    // A fact table reads as "Label  value" lines, not run together.
    render(element, {
      plainText: true,
      htmlToTextOptions: { selectors: [{ selector: "table", format: "dataTable" }] },
    }),
  ]);
  return { html, text };
}

/**
 * Renders the e-mail of `kind` about `lead` as it stands now; a `dead_letter` one, from the CRM
 * post it is about (`deadLetter`, which it requires).
 */
export async function composeMail(
  job: {
    lead: StoredQuote;
    kind: ComposedKind;
    seq: number;
    quoteUrl?: string | null;
    deadLetter?: DeadLetter | null;
  },
  addresses: MailAddresses,
): Promise<ComposedMail> {
  const { lead, kind, seq, quoteUrl } = job;
  const common = {
    kind,
    messageId: messageId(lead.id, kind, seq, addresses.from),
    from: { name: headerText(addresses.from.name, 100), address: addresses.from.address },
  };
  if (kind === "visitor") {
    return {
      ...common,
      to: [lead.email],
      subject: VISITOR_SUBJECT,
      // RFC 3834: an automatic reply must not set off another one.
      headers: { "Auto-Submitted": "auto-generated" },
      ...(await parts(<VisitorEmail lead={lead} quoteUrl={quoteUrl ?? null} />)),
    };
  }
  if (kind === "dead_letter") {
    if (!job.deadLetter) throw new Error("A dead_letter e-mail needs the CRM row it is about");
    const title = "CRM delivery failed";
    return {
      ...common,
      to: addresses.notifyTo,
      subject: deadLetterSubject(lead),
      headers: { "Auto-Submitted": "auto-generated" },
      ...(await parts(
        <OwnerEmail
          title={title}
          intro="A CRM delivery was given up on after its retries. The lead is kept in the site's records; the CRM is missing it, or its latest change, until it is sent again."
          facts={deadLetterFacts(lead, job.deadLetter)}
          command={retryCommand(lead.id)}
        />,
      )),
    };
  }
  const isNew = kind === "owner";
  const title = isNew ? "New quote request" : "Quote updated";
  const notice = spamNotice(lead);
  const first = messageId(lead.id, "owner", 0, addresses.from);
  const element = (
    <OwnerEmail
      title={notice ? `${SUSPECTED_SPAM}: ${title.toLowerCase()}` : title}
      intro={
        isNew
          ? "A visitor asked for a quote. Reply to this e-mail to answer them."
          : "The visitor changed their quote. It now stands as below."
      }
      notice={notice}
      outsideArea={isNew ? outsideAreaLine(lead.address) : null}
      facts={isNew ? ownerFacts(lead) : ownerUpdateFacts(lead)}
    />
  );
  return {
    ...common,
    to: addresses.notifyTo,
    replyTo: { name: headerText(lead.name, 100), address: lead.email },
    subject: ownerSubject(lead, isNew ? "owner" : "owner_update"),
    ...(isNew ? {} : { inReplyTo: first, references: [first] }),
    headers: {},
    ...(await parts(element)),
  };
}
