import "server-only";
import { render } from "@react-email/components";
import { LOCATIONS } from "@/content/locations";
import type { MailSettings } from "@/lib/env";
import { changeFacts } from "@/lib/leads/changes";
import { type Fact, formatWhen, leadFacts, visitPrice } from "@/lib/leads/report";
import { planName } from "@/lib/quote/labels";
import { outsideAreaLine } from "@/lib/service-area/lookup";
import { siteUrl } from "@/lib/site-url";
import type { DEAD_LETTER_MAIL, MailKind } from "@shared/leads/mail-queue";
import type { DeadLetter } from "@shared/leads/outbox";
import type { StoredQuote } from "@shared/leads/store-contract";
import { OwnerEmail } from "./emails/OwnerEmail";
import { VISITOR_SUBJECT, VisitorEmail } from "./emails/VisitorEmail";
import { headerText, shortName } from "./header-text";

/** Every e-mail the site renders: a lead's (mail-queue.ts), and the owner's dead-letter alert. */
type ComposedKind = MailKind | typeof DEAD_LETTER_MAIL;

/** A change in the "Quote updated" e-mail: labelled as one, above the quote as it stands. */
const changed = (fact: Fact): Fact => ({ label: `Changed: ${fact.label}`, value: fact.value });

/**
 * One e-mail as nodemailer sends it: addresses, every header (nothing added), and its HTML and
 * plain-text parts.
 */
export type ComposedMail = {
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

/** Each value a subject carries is cut to this many characters. */
const SUBJECT_PART = 40;

/**
 * The Message-ID of a lead's e-mail of one kind: the same for every attempt, so a resend after a
 * crash mid-send is recognisable as the same message.
 */
function messageId(leadId: string, kind: ComposedKind, seq: number, from: MailSettings["from"]) {
  const domain = from.address.split("@").at(-1) ?? "localhost";
  return `<${leadId}.${kind.replace("_", "-")}${seq > 0 ? `-${seq}` : ""}@${domain}>`;
}

/** An e-mail's HTML and plain-text parts (the site's alerts render theirs here too, site-alert.tsx). */
export async function parts(element: React.ReactElement): Promise<{ html: string; text: string }> {
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

/** The service city named in the address, else the part before the state, else the address. */
function cityOf(address: string): string {
  const lower = address.toLowerCase();
  const known = LOCATIONS.find((location) =>
    new RegExp(`(^|[^a-z])${location.name.toLowerCase()}([^a-z]|$)`).test(lower),
  );
  if (known) return known.name;
  const parts = address.split(",").map((part) => part.trim());
  return parts.length >= 3 ? (parts.at(-2) ?? address) : address;
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
    /** The version of the lead the owner's last e-mail carried (a "Quote updated" lists changes since). */
    toldVersion?: number | null;
  },
  addresses: Pick<MailSettings, "from" | "notifyTo">,
): Promise<ComposedMail> {
  const { lead, kind, seq, quoteUrl, deadLetter, toldVersion = null } = job;
  const common = {
    messageId: messageId(lead.id, kind, seq, addresses.from),
    from: { name: headerText(addresses.from.name, 100), address: addresses.from.address },
  };
  // RFC 3834: an automatic e-mail must not set off an automatic reply.
  const automatic = { "Auto-Submitted": "auto-generated" };
  const name = headerText(shortName(lead.name), SUBJECT_PART);
  if (kind === "visitor") {
    return {
      ...common,
      to: [lead.email],
      subject: VISITOR_SUBJECT,
      headers: automatic,
      ...(await parts(<VisitorEmail lead={lead} quoteUrl={quoteUrl ?? null} />)),
    };
  }
  if (kind === "dead_letter") {
    if (!deadLetter) throw new Error("A dead_letter e-mail needs the CRM row it is about");
    const what = deadLetter.event === "lead.updated" ? "a change of the lead" : "the new lead";
    return {
      ...common,
      to: addresses.notifyTo,
      subject: `CRM delivery failed: ${name} (${lead.id.slice(0, 8)})`,
      headers: automatic,
      ...(await parts(
        <OwnerEmail
          title="CRM delivery failed"
          intro="A CRM delivery was given up on after its retries. The lead is kept in the site's records; the CRM is missing it, or its latest change, until it is sent again."
          facts={[
            { label: "Lead", value: lead.name },
            { label: "Lead ID", value: lead.id.slice(0, 8) },
            { label: "What failed", value: `Sending ${what} to the CRM` },
            { label: "Last error", value: deadLetter.error },
            { label: "Owed since", value: formatWhen(deadLetter.owedSince) },
            { label: "Received", value: formatWhen(lead.createdAt) },
          ]}
          command={{
            when: "Once the CRM takes leads again, send it again:",
            line: `npm run leads -- retry ${lead.id}`,
          }}
        />,
      )),
    };
  }
  const isNew = kind === "owner";
  const title = isNew ? "New quote request" : "Quote updated";
  // A lead a bot trap flagged: why, what was held back, and how to release it.
  const notice = lead.spamReason && [
    `A bot trap flagged this request: ${lead.spamReason}.`,
    "It was not sent to the CRM and the visitor has not been e-mailed; the site answered them as it answers everyone.",
    `If it is a real request, release it: npm run leads -- release ${lead.id} (it then goes to the CRM, and the visitor gets their confirmation).`,
  ];
  // "New quote: Jane D. — $175/visit, Quarterly, Tampa", each value cut.
  const about = [
    `${name} —`,
    `${visitPrice(lead)}${lead.isPostConstruction === "yes" ? "" : "/visit"},`,
    `${headerText(planName(lead.frequency), SUBJECT_PART)},`,
    headerText(cityOf(lead.address), SUBJECT_PART),
  ];
  const subject = `${isNew ? "New quote" : "Quote updated"}: ${about.join(" ")}`;
  const first = messageId(lead.id, "owner", 0, addresses.from);
  const element = (
    <OwnerEmail
      title={notice ? `Suspected spam: ${title.toLowerCase()}` : title}
      intro={
        isNew
          ? "A visitor asked for a quote. Reply to this e-mail to answer them."
          : "The visitor changed their quote: what changed first (before → now), then the quote as it now stands."
      }
      notice={notice || null}
      outsideArea={isNew ? outsideAreaLine(lead.address) : null}
      facts={[
        ...(isNew ? [] : changeFacts(lead.changes, toldVersion).map(changed)),
        ...leadFacts(lead, { whole: isNew, page: siteUrl }),
        isNew
          ? { label: "Received", value: formatWhen(lead.createdAt) }
          : { label: "Updated", value: formatWhen(lead.updatedAt) },
        { label: "Lead ID", value: lead.id },
      ]}
    />
  );
  return {
    ...common,
    to: addresses.notifyTo,
    replyTo: { name: headerText(lead.name, 100), address: lead.email },
    subject: notice ? `[Suspected spam] ${subject}` : subject,
    ...(isNew ? {} : { inReplyTo: first, references: [first] }),
    headers: {},
    ...(await parts(element)),
  };
}
