import { LOCATIONS } from "@/content/locations";
import { firstVisitSaving, formatUsd } from "@shared/content/pricing";
import type { StoredQuote } from "@shared/leads/store-contract";
import {
  addOnsText,
  attributionFacts,
  formatWhen,
  priceText,
  visitWindowText,
} from "@/lib/leads/report";
import { paneRangeLabel, planName, storiesLabel } from "@/lib/quote/labels";
import { siteUrl } from "@/lib/site-url";
import type { DeadLetter } from "@shared/leads/outbox";
import { headerText } from "./header-text";

/**
 * What each e-mail says about a lead (docs/leads.md, "Notifications"), read from the lead's stored
 * fields only. A field the owner should see is one entry in `ownerFacts`.
 */

export type Fact = { label: string; value: string; href?: string };

/** The business's local time (SITE.timeZone), e.g. "Mon, Nov 23, 2026, 6:10 AM EST". */
export function ownerTime(iso: string): string {
  return formatWhen(iso, { weekday: "short" });
}

/** A dialable `tel:` link from what the visitor typed: its digits, and a leading + if given. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, "").replace(/(?!^)\+/g, "");
  // A ten-digit number is a US one (the calculator's own format): dial it with its country code.
  return `tel:${/^[0-9]{10}$/.test(digits) ? `+1${digits}` : digits}`;
}

export function savingText(lead: Pick<StoredQuote, "paneCount" | "frequency">): string | null {
  const saving = firstVisitSaving(lead.paneCount, lead.frequency);
  return saving > 0 ? formatUsd(saving) : null;
}

/** The quote itself: what was asked for and the server's price. */
function quoteFacts(lead: StoredQuote): Fact[] {
  return [
    { label: "Panes", value: paneRangeLabel(lead.paneCount) },
    { label: "Plan", value: planName(lead.frequency) },
    { label: "Add-ons", value: addOnsText(lead) },
    { label: "Post-construction", value: lead.isPostConstruction ?? "(not answered yet)" },
    { label: "Stories", value: lead.stories ? storiesLabel(lead.stories) : "(not answered yet)" },
    { label: "First visit", value: priceText(lead) },
    { label: "First-visit saving", value: savingText(lead) ?? "none (one-time clean)" },
    // Asked for on the saved-quote page; the "Quote updated" e-mail carries it when it changes.
    { label: "Visit window", value: visitWindowText(lead) ?? "(not asked for)" },
  ];
}

function contactFacts(lead: StoredQuote): Fact[] {
  return [
    { label: "Name", value: lead.name },
    { label: "Phone", value: lead.phone, href: telHref(lead.phone) },
    { label: "Email", value: lead.email, href: `mailto:${lead.email}` },
  ];
}

/** Every field of the lead, for "New quote request". */
export function ownerFacts(lead: StoredQuote): Fact[] {
  return [
    ...contactFacts(lead),
    { label: "Address", value: lead.address },
    { label: "Message", value: lead.message || "(none)" },
    ...quoteFacts(lead),
    {
      label: "Sent from",
      value: lead.sourcePage ? siteUrl(lead.sourcePage) : "(unknown page)",
    },
    // Where the visit came from: its campaign, referrer and landing page (docs/leads.md, "Attribution").
    ...attributionFacts(lead, siteUrl).map(([label, value]): Fact => ({ label, value })),
    { label: "Received", value: ownerTime(lead.createdAt) },
    { label: "Lead ID", value: lead.id },
  ];
}

/** The lead as it stands now, for the short "Quote updated". */
export function ownerUpdateFacts(lead: StoredQuote): Fact[] {
  return [
    ...contactFacts(lead),
    ...quoteFacts(lead),
    { label: "Updated", value: ownerTime(lead.updatedAt) },
    { label: "Lead ID", value: lead.id },
  ];
}

const SUBJECT_PART = 40;

/** "Jane D.": the first name and the last name's initial. */
export function shortName(name: string): string {
  const words = headerText(name, 200).split(" ").filter(Boolean);
  const first = words[0] ?? "";
  const initial = words.length > 1 ? /\p{L}/u.exec(words.at(-1) ?? "")?.[0] : undefined;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The visitor's first name, the one thing they typed that their confirmation repeats. */
export function firstName(name: string): string {
  return headerText(headerText(name, 200).split(" ")[0] ?? "", SUBJECT_PART);
}

/** The first visit's price as the visitor's confirmation and the owner's subject give it. */
export const visitPrice = (lead: Pick<StoredQuote, "isPostConstruction" | "totalPrice">) =>
  lead.isPostConstruction === "yes" ? "custom quote" : formatUsd(lead.totalPrice);

/** The service city named in the address, else the part before the state, else the address. */
export function cityOf(address: string): string {
  const lower = address.toLowerCase();
  const known = LOCATIONS.find((location) =>
    new RegExp(`(^|[^a-z])${location.name.toLowerCase()}([^a-z]|$)`).test(lower),
  );
  if (known) return known.name;
  const parts = address.split(",").map((part) => part.trim());
  return parts.length >= 3 ? (parts.at(-2) ?? address) : address;
}

/** What the owner's e-mails about a lead a bot trap flagged start with (subject and heading). */
export const SUSPECTED_SPAM = "Suspected spam";

/**
 * What the owner's e-mail about a flagged lead says of it, or null for a real lead: why it was
 * flagged, what was held back, and how to release it (the same command on the embedded inbox and
 * on the shared store, LEADS_STORE=supabase).
 */
export function spamNotice(lead: Pick<StoredQuote, "id" | "spamReason">): string[] | null {
  if (lead.spamReason === null) return null;
  return [
    `A bot trap flagged this request: ${lead.spamReason}.`,
    "It was not sent to the CRM and the visitor has not been e-mailed; the site answered them as it answers everyone.",
    `If it is a real request, release it: npm run leads -- release ${lead.id} (it then goes to the CRM, and the visitor gets their confirmation).`,
  ];
}

/**
 * `New quote: Jane D. — $175/visit, Quarterly, Tampa`, after `[Suspected spam] ` when a bot trap
 * flagged the lead: no control character, each value cut.
 */
export function ownerSubject(lead: StoredQuote, kind: "owner" | "owner_update"): string {
  const price = `${visitPrice(lead)}${lead.isPostConstruction === "yes" ? "" : "/visit"}`;
  const parts = [
    headerText(shortName(lead.name), SUBJECT_PART),
    "—",
    `${price},`,
    `${headerText(planName(lead.frequency), SUBJECT_PART)},`,
    headerText(cityOf(lead.address), SUBJECT_PART),
  ];
  const subject = `${kind === "owner" ? "New quote" : "Quote updated"}: ${parts.join(" ")}`;
  return lead.spamReason === null ? subject : `[${SUSPECTED_SPAM}] ${subject}`;
}

export const VISITOR_SUBJECT = "We received your quote request";

/** What a dead letter was: the CRM post of a new lead, or of a change to it. */
const DEAD_LETTER_EVENTS: Record<string, string> = {
  "lead.created": "Sending the new lead to the CRM",
  "lead.updated": "Sending a change of the lead to the CRM",
};

/** The lead's id as `leads list` shows it: its first 8 characters. */
const idPrefix = (id: string) => id.slice(0, 8);

/** The owner's command that sends a lead's refused deliveries again (scripts/leads.ts, `retry`). */
export const retryCommand = (leadId: string) => `npm run leads -- retry ${leadId}`;

/** "CRM delivery failed: Jane D. (1a2b3c4d)". */
export function deadLetterSubject(lead: Pick<StoredQuote, "id" | "name">): string {
  return `CRM delivery failed: ${headerText(shortName(lead.name), SUBJECT_PART)} (${idPrefix(lead.id)})`;
}

/** The "CRM delivery failed" e-mail's facts: the lead, what failed, why, and since when. */
export function deadLetterFacts(lead: StoredQuote, deadLetter: DeadLetter): Fact[] {
  return [
    { label: "Lead", value: lead.name },
    { label: "Lead ID", value: idPrefix(lead.id) },
    {
      label: "What failed",
      value: DEAD_LETTER_EVENTS[deadLetter.event] ?? `The CRM post ${deadLetter.event}`,
    },
    { label: "Last error", value: deadLetter.error },
    { label: "Owed since", value: ownerTime(deadLetter.owedSince) },
    { label: "Received", value: ownerTime(lead.createdAt) },
  ];
}
