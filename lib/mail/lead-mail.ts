import { LOCATIONS } from "@/content/locations";
import { formatUsd } from "@shared/content/pricing";
import type { StoredQuote } from "@shared/leads/store-contract";
import { formatWhen, type Fact } from "@/lib/leads/report";
import { planName } from "@/lib/quote/labels";
import type { DeadLetter } from "@shared/leads/outbox";
import { headerText } from "./header-text";

/**
 * What each e-mail says about a lead (docs/leads.md, "Notifications"), read from the lead's stored
 * fields only; the facts the owner's e-mails list are report.ts's `leadFacts`.
 */

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
    { label: "Owed since", value: formatWhen(deadLetter.owedSince) },
    { label: "Received", value: formatWhen(lead.createdAt) },
  ];
}
