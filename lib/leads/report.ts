import { ADD_ONS, firstVisitSaving, formatUsd } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import { partOfDayLabel, paneRangeLabel, planName, storiesLabel } from "@/lib/quote/labels";
import { ATTRIBUTION_FIELDS } from "@shared/quote/schema";
import { formatCalendarDate } from "@/lib/quote/visit-window";
import type { ListedLead, ListOnly, OutboxRow } from "@shared/leads/owner-reads";
import type { StoredQuote } from "@shared/leads/store-contract";
import { planPrice } from "@shared/quote/pricing";
import { headerText } from "@/lib/mail/header-text";
import { changeLines } from "./changes";

/** The owner's views of leads (a table, one in full, CSV) and the facts the e-mails share. Pure. */

const FORWARD_LABELS: Record<StoredQuote["webhookStatus"], string> = {
  not_configured: "local only",
  held: "local only",
  pending: "sending",
  delivered: "forwarded",
  failed: "NOT forwarded",
};

const OUTBOX_NAMES: Record<string, string> = {
  owner: "owner",
  owner_update: "update",
  visitor: "visitor",
  dead_letter: "CRM-failure alert",
  "lead.created": "create",
  "lead.updated": "update",
};
const nameOf = (row: OutboxRow) => OUTBOX_NAMES[row.kind] ?? row.kind;
const mailOf = (outbox: readonly OutboxRow[]) => outbox.filter((row) => row.channel === "mail");
export const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** One lead's e-mails in a few words: "owner sent, visitor sent", "owner waiting, visitor capped". */
function mailSummary(rows: readonly OutboxRow[]): string {
  if (rows.length === 0) return "none";
  const state = ({ status, attempts }: OutboxRow) => {
    if (status === "pending") return attempts > 0 ? "retrying" : "waiting";
    return status === "dead" ? "REFUSED" : status;
  };
  return rows.map((row) => `${nameOf(row)} ${state(row)}`).join(", ");
}

/**
 * Why a lead is on the `--failed` list: the CRM's reason, the SMTP server's, or both; a CRM post
 * held by a restore (the lead's CRM state is as the backup had it) by its own row.
 */
function refusalReasons(lead: StoredQuote, rows: readonly OutboxRow[]): string {
  const crmFailed = lead.webhookStatus === "failed" && lead.webhookError;
  const reasons = [
    ...(crmFailed ? [`CRM: ${lead.webhookError}`] : []),
    ...rows
      .filter((row) => row.status === "dead" && !(crmFailed && row.channel === "crm"))
      .map(
        (row) =>
          `${row.channel === "crm" ? "CRM" : `${nameOf(row)} e-mail`}: ${row.lastError ?? "no reason given"}`,
      ),
  ];
  return reasons.join("; ");
}

/** A moment in the business's time zone (SITE.timeZone): "Mon, Nov 23, 2026, 6:10 AM EST". */
export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: SITE.timeZone,
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/**
 * A moment for a spreadsheet cell, in the business's time zone: "2026-11-23 06:10:00", which
 * spreadsheets read as a date and time. Swedish is the locale that writes ISO 8601's order.
 */
export function spreadsheetTime(iso: string): string {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: SITE.timeZone,
    dateStyle: "short",
    timeStyle: "medium",
  }).format(new Date(iso));
}

export function addOnsText(lead: Pick<StoredQuote, "addOns">): string {
  const chosen = ADD_ONS.filter((addOn) => lead.addOns[addOn.id]).map((addOn) => addOn.label);
  return chosen.length ? chosen.join(", ") : "none";
}

/** The first-visit saving at the prices the lead is held to (docs/pricing.md, "Price lock"). */
export const savingOf = (lead: Pick<StoredQuote, "paneCount" | "frequency" | "priceSheet">) =>
  firstVisitSaving(lead.paneCount, lead.frequency, planPrice(lead.priceSheet));

export function savingText(
  lead: Pick<StoredQuote, "paneCount" | "frequency" | "priceSheet">,
): string | null {
  const saving = savingOf(lead);
  return saving > 0 ? formatUsd(saving) : null;
}

/** The first visit's price in the visitor's confirmation, the owner's subject and `list`. */
export const visitPrice = (lead: Pick<StoredQuote, "isPostConstruction" | "totalPrice">) =>
  lead.isPostConstruction === "yes" ? "custom quote" : formatUsd(lead.totalPrice);

/** The server's first-visit price, or why there is none. */
export function priceText(lead: Pick<StoredQuote, "isPostConstruction" | "totalPrice">): string {
  return lead.isPostConstruction === "yes"
    ? `custom quote needed (post-construction); table price ${formatUsd(lead.totalPrice)}`
    : formatUsd(lead.totalPrice);
}

/** "Tuesday, December 1, 2026, morning", or null when no window was asked for. */
export function visitWindowText(
  lead: Pick<StoredQuote, "visitEarliestDate" | "visitPartOfDay">,
): string | null {
  if (!lead.visitEarliestDate || !lead.visitPartOfDay) return null;
  return `from ${formatCalendarDate(lead.visitEarliestDate)}, ${partOfDayLabel(lead.visitPartOfDay).toLowerCase()}`;
}

/** Rows of cells in columns, each padded to its widest cell, `gap` between them. */
function aligned(gap: string, rows: readonly (readonly string[])[]): string {
  const widths = (rows[0] ?? []).map((_, at) => Math.max(...rows.map((row) => row[at]!.length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, at) => cell.padEnd(widths[at]!))
      .join(gap)
      .trimEnd();
  return rows.map(line).join("\n");
}

const LISTS = {
  leads: ["No leads yet.", "lead", "Full details: npm run leads -- show ID"],
  spam: [
    "No spam caught.",
    "spam-flagged lead",
    "Full details: npm run leads -- show ID; one that is real: npm run leads -- release ID",
  ],
  failed: [
    "No lead or e-mail was refused.",
    "refused lead",
    "Send one again: npm run leads -- retry ID (every one: retry --all)",
  ],
} as const;

/** `list`: one line per lead, then what it leaves out (flagged leads, more than it shows). */
export function formatLeadTable(
  list: { leads: readonly ListedLead[]; total: number; spamCount: number },
  kind: ListOnly,
): string {
  const { leads, total, spamCount } = list;
  const [empty, noun, next] = LISTS[kind];
  const last = { leads: ["CRM", "E-mail"], spam: ["Why flagged"], failed: ["Why refused"] }[kind];
  const header = ["Received", "ID", "Name", "Phone", "Email", "Panes", "Plan", "Total", ...last];
  const rows = leads.map(({ lead, outbox }) => [
    formatWhen(lead.createdAt),
    lead.id.slice(0, 8),
    headerText(lead.name, 24),
    headerText(lead.phone, 20),
    headerText(lead.email, 28),
    lead.paneCount,
    planName(lead.frequency),
    visitPrice(lead),
    ...(kind === "spam"
      ? [lead.spamReason ?? ""]
      : kind === "failed"
        ? [refusalReasons(lead, outbox)]
        : [FORWARD_LABELS[lead.webhookStatus], mailSummary(mailOf(outbox))]),
  ]);
  const count = `${plural(leads.length, noun)}, newest first. ${next}`;
  const lines = leads.length === 0 ? [empty] : [aligned("  ", [header, ...rows]), "", count];
  if (kind === "leads" && spamCount > 0) {
    lines.push(`${spamCount} more flagged as spam by the bot traps: npm run leads -- list --spam`);
  }
  if (total > leads.length) {
    lines.push(
      `Only the newest ${leads.length} of ${total} are listed; all of them: npm run -s leads -- export --csv`,
    );
  }
  return lines.join("\n");
}

/** One CRM post or e-mail of a lead, for `show`. */
function outboxLine(row: OutboxRow): string {
  const state = {
    sent: `sent ${row.sentAt ? formatWhen(row.sentAt) : ""}`.trim(),
    pending: row.lastError
      ? `retrying (${row.lastError})`
      : `waiting until ${formatWhen(row.dueAt)}`,
    dead: `refused: ${row.lastError ?? "no reason given"}`,
    capped: row.lastError ?? "not sent: over the limit",
    held: "held: sent only if you release the lead",
  }[row.status];
  const seq = row.seq > 0 ? ` ${row.seq}` : "";
  return `${nameOf(row)}${seq}, ${plural(row.attempts, "attempt")}, ${state}`;
}

/** A dialable `tel:` link from what the visitor typed: its digits, and a leading + if given. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, "").replace(/(?!^)\+/g, "");
  // A ten-digit number is a US one (the calculator's own format): dial it with its country code.
  return `tel:${/^[0-9]{10}$/.test(digits) ? `+1${digits}` : digits}`;
}

export type Fact = { label: string; value: string; href?: string };

/**
 * The lead's contact and quote, labelled for a person: `show` prints them, the owner's e-mails
 * list them. `whole` adds the address, message and where the visit came from (docs/leads.md,
 * "Attribution", the campaign parameters by their URL names); `page` writes a page of the site.
 */
export function leadFacts(
  lead: StoredQuote,
  { whole = true, page = (path: string) => path } = {},
): Fact[] {
  const claimed =
    lead.clientTotalPrice !== null && lead.clientTotalPrice !== lead.totalPrice
      ? ` (the browser showed ${formatUsd(lead.clientTotalPrice)})`
      : "";
  const attribution = ATTRIBUTION_FIELDS.flatMap((field): Fact[] => {
    const value = lead.attribution?.[field];
    if (value === undefined) return [];
    if (field === "landingPage") return [{ label: "Landing page", value: page(value) }];
    return [{ label: field === "referrer" ? "Referrer" : field, value }];
  });
  const origin: Fact[] = [
    { label: "Sent from", value: lead.sourcePage ? page(lead.sourcePage) : "(unknown page)" },
    ...(attribution.length > 0
      ? attribution
      : [{ label: "Attribution", value: "(no campaign, referrer or landing page recorded)" }]),
  ];
  return [
    { label: "Name", value: lead.name },
    { label: "Phone", value: lead.phone, href: telHref(lead.phone) },
    { label: "Email", value: lead.email, href: `mailto:${lead.email}` },
    ...(whole
      ? [
          { label: "Address", value: lead.address },
          { label: "Message", value: lead.message || "(none)" },
        ]
      : []),
    { label: "Panes", value: paneRangeLabel(lead.paneCount) },
    { label: "Plan", value: planName(lead.frequency) },
    { label: "Add-ons", value: addOnsText(lead) },
    { label: "Post-construction", value: lead.isPostConstruction ?? "(not answered)" },
    { label: "Stories", value: lead.stories ? storiesLabel(lead.stories) : "(not answered)" },
    { label: "First visit", value: `${priceText(lead)}${claimed}` },
    { label: "First-visit saving", value: savingText(lead) ?? "none (one-time clean)" },
    // Asked for on the saved-quote page; the "Quote updated" e-mail carries it when it changes.
    { label: "Visit window", value: visitWindowText(lead) ?? "(not asked for)" },
    ...(whole ? origin : []),
  ];
}

/** `show`: every field of one lead, labelled for a person, then its CRM posts and e-mails. */
export function formatLeadDetail({ lead, outbox }: ListedLead): string {
  const crm = FORWARD_LABELS[lead.webhookStatus];
  const release = `If it is real: npm run leads -- release ${lead.id.slice(0, 8)}`;
  const fields = [
    ["ID", lead.id],
    ["Received", `${formatWhen(lead.createdAt)} (${lead.createdAt})`],
    ["Updated", `${formatWhen(lead.updatedAt)} (${lead.updatedAt})`],
    ...leadFacts(lead).map((fact) => [fact.label, fact.value]),
    // One lead per calculator session: each later change, old -> new.
    ...changeLines(lead.changes, formatWhen).map((line) => ["Changed", line]),
    ["CRM", lead.webhookError ? `${crm}: ${lead.webhookError}` : crm],
    ...outbox.filter((row) => row.channel === "crm").map((row) => ["Delivery", outboxLine(row)]),
    ...mailOf(outbox).map((row) => ["E-mail", outboxLine(row)]),
    ...(lead.spamReason
      ? [["Spam", `flagged, not forwarded: ${lead.spamReason}. ${release}`]]
      : []),
  ];
  const labelled = fields.map(([label, value]) => [`${label}:`, value!]);
  return aligned(" ", labelled);
}

const CSV_COLUMNS: readonly [string, (lead: StoredQuote) => string | number | null][] = [
  ["id", (lead) => lead.id],
  [`created_at (${SITE.timeZone})`, (lead) => spreadsheetTime(lead.createdAt)],
  [`updated_at (${SITE.timeZone})`, (lead) => spreadsheetTime(lead.updatedAt)],
  ["name", (lead) => lead.name],
  ["phone", (lead) => lead.phone],
  ["email", (lead) => lead.email],
  ["address", (lead) => lead.address],
  ["message", (lead) => lead.message],
  ["pane_count", (lead) => lead.paneCount],
  ["plan", (lead) => lead.frequency],
  ...ADD_ONS.map((addOn): [string, (lead: StoredQuote) => string] => [
    `add_on_${addOn.id}`,
    (lead) => (lead.addOns[addOn.id] ? "yes" : "no"),
  ]),
  ["post_construction", (lead) => lead.isPostConstruction],
  ["stories", (lead) => lead.stories],
  ["total_price", (lead) => lead.totalPrice],
  ["visit_earliest_date", (lead) => lead.visitEarliestDate],
  ["visit_part_of_day", (lead) => lead.visitPartOfDay],
  ["browser_total_price", (lead) => lead.clientTotalPrice],
  ["source_page", (lead) => lead.sourcePage],
  ["crm_status", (lead) => lead.webhookStatus],
  ["crm_error", (lead) => lead.webhookError],
  ["spam_reason", (lead) => lead.spamReason],
  // Last, so the columns before them keep their places in an owner's spreadsheet.
  ...ATTRIBUTION_FIELDS.map((field): [string, (lead: StoredQuote) => string | null] => [
    field === "landingPage" ? "landing_page" : field,
    (lead) => lead.attribution?.[field] ?? null,
  ]),
  ["changes", (lead) => changeLines(lead.changes, spreadsheetTime).join("\n") || null],
];

/** RFC 4180 cell; a leading =, +, -, @ is defused: a spreadsheet never runs a visitor's formula. */
function csvCell(value: string | number | null): string {
  let text = String(value ?? "");
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsToCsv(leads: readonly StoredQuote[]): string {
  const lines = [
    CSV_COLUMNS.map(([name]) => name),
    ...leads.map((lead) => CSV_COLUMNS.map(([, read]) => csvCell(read(lead)))),
  ];
  return lines.map((cells) => cells.join(",")).join("\r\n") + "\r\n";
}
