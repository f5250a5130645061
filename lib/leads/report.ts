import { ADD_ONS, formatUsd } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import { partOfDayLabel, paneRangeLabel, planName, storiesLabel } from "@/lib/quote/labels";
import { ATTRIBUTION_FIELDS, type AttributionField } from "@shared/quote/schema";
import { formatCalendarDate } from "@/lib/quote/visit-window";
import type { DEAD_LETTER_MAIL, MailKind } from "@shared/leads/mail-queue";
import type { OutboxRow } from "@shared/leads/store-contract";
import type { Lead } from "./lead-store";

/** How the owner's command shows leads: a table, one lead in full, and CSV. Pure, so it is tested. */

const FORWARD_LABELS: Record<Lead["forwardStatus"], string> = {
  off: "local only",
  pending: "sending",
  forwarded: "forwarded",
  failed: "NOT forwarded",
};

export type ListKind = "leads" | "spam" | "failed";

/**
 * What the owner's command shows of an e-mail's outbox row (the owner's dead-letter alerts
 * included).
 */
export type MailLine = Pick<
  OutboxRow,
  "seq" | "status" | "attempts" | "lastError" | "sentAt" | "dueAt"
> & { kind: MailKind | typeof DEAD_LETTER_MAIL };
/** What it shows of a CRM post's. */
export type DeliveryLine = Pick<OutboxRow, "kind" | "status" | "attempts" | "lastError" | "sentAt">;

const MAIL_NAMES: Record<MailLine["kind"], string> = {
  owner: "owner",
  owner_update: "update",
  visitor: "visitor",
  dead_letter: "CRM-failure alert",
};

function mailState(row: MailLine): string {
  if (row.status === "pending") return row.attempts > 0 ? "retrying" : "waiting";
  return { sent: "sent", dead: "REFUSED", capped: "capped", held: "held" }[row.status];
}

/** One lead's e-mails in a few words: "owner sent, visitor sent", "owner waiting, visitor capped". */
export function mailSummary(rows: readonly MailLine[]): string {
  if (rows.length === 0) return "none";
  return rows.map((row) => `${MAIL_NAMES[row.kind]} ${mailState(row)}`).join(", ");
}

/** Why a lead is on the `--failed` list: the CRM's reason, the SMTP server's, or both. */
export function refusalReasons(lead: Lead, rows: readonly MailLine[]): string {
  const reasons = [
    ...(lead.forwardStatus === "failed" && lead.forwardError ? [`CRM: ${lead.forwardError}`] : []),
    ...rows
      .filter((row) => row.status === "dead")
      .map((row) => `${MAIL_NAMES[row.kind]} e-mail: ${row.lastError ?? "no reason given"}`),
  ];
  return reasons.join("; ");
}

/**
 * A moment as the owner reads it, in the business's own time zone (SITE.timeZone), whatever the
 * server's or the operator's machine is set to: e.g. "Nov 23, 2026, 6:10 AM EST"; `weekday:
 * "short"` puts the day first ("Mon, Nov 23, …").
 */
export function formatWhen(
  iso: string,
  options: Pick<Intl.DateTimeFormatOptions, "weekday"> = {},
): string {
  return new Intl.DateTimeFormat("en-US", {
    ...options,
    timeZone: SITE.timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/**
 * A moment for a spreadsheet cell, in the business's own time zone: "2026-11-23 06:10:00", which
 * Excel, Numbers and Google Sheets read as a date and time (the export's columns say the zone).
 */
export function spreadsheetTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: SITE.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function addOnsText(lead: Pick<Lead, "addOns">): string {
  const chosen = ADD_ONS.filter((addOn) => lead.addOns[addOn.id]).map((addOn) => addOn.label);
  return chosen.length ? chosen.join(", ") : "none";
}

/** The server's first-visit price, or why there is none. */
export function priceText(lead: Pick<Lead, "isPostConstruction" | "totalPrice">): string {
  return lead.isPostConstruction === "yes"
    ? `custom quote needed (post-construction); table price ${formatUsd(lead.totalPrice)}`
    : formatUsd(lead.totalPrice);
}

/** "Tuesday, December 1, 2026, morning", or null when no window was asked for. */
export function visitWindowText(
  lead: Pick<Lead, "visitEarliestDate" | "visitPartOfDay">,
): string | null {
  if (!lead.visitEarliestDate || !lead.visitPartOfDay) return null;
  return `from ${formatCalendarDate(lead.visitEarliestDate)}, ${partOfDayLabel(lead.visitPartOfDay).toLowerCase()}`;
}

function fit(text: string, width: number): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** Newest first, one line per lead, columns padded to their widest cell. */
export function formatLeadTable(
  leads: readonly Lead[],
  {
    kind = "leads",
    hiddenSpam = 0,
    mailOf = () => [],
  }: {
    kind?: ListKind;
    hiddenSpam?: number;
    /** Each lead's e-mails, for the E-mail column and the reasons of `--failed`. */
    mailOf?: (lead: Lead) => readonly MailLine[];
  } = {},
): string {
  const spamNote =
    hiddenSpam > 0
      ? `\n${hiddenSpam} more flagged as spam by the bot traps: npm run leads -- list --spam`
      : "";
  if (leads.length === 0) {
    return `${{ leads: "No leads yet.", spam: "No spam caught.", failed: "No lead or e-mail was refused." }[kind]}${spamNote}`;
  }
  const last = { leads: ["CRM", "E-mail"], spam: ["Why flagged"], failed: ["Why refused"] }[kind];
  const header = ["Received", "ID", "Name", "Phone", "Email", "Panes", "Plan", "Total", ...last];
  const rows = leads.map((lead) => [
    formatWhen(lead.createdAt),
    lead.id.slice(0, 8),
    fit(lead.name, 24),
    fit(lead.phone, 20),
    fit(lead.email, 28),
    lead.paneCount,
    planName(lead.frequency),
    lead.isPostConstruction === "yes" ? "custom" : formatUsd(lead.totalPrice),
    ...(kind === "spam"
      ? [lead.spamReason ?? ""]
      : kind === "failed"
        ? [refusalReasons(lead, mailOf(lead))]
        : [FORWARD_LABELS[lead.forwardStatus], mailSummary(mailOf(lead))]),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  const noun = { leads: "lead", spam: "spam-flagged lead", failed: "refused lead" }[kind];
  const next = {
    leads: "Full details: npm run leads -- show ID",
    spam: "Full details: npm run leads -- show ID; one that is real: npm run leads -- release ID",
    failed: "Send one again: npm run leads -- retry ID (every one: retry --all)",
  }[kind];
  const count = `${leads.length} ${noun}${leads.length === 1 ? "" : "s"}, newest first. ${next}`;
  return [line(header), ...rows.map(line), "", count].join("\n") + spamNote;
}

function deliveryLine(delivery: DeliveryLine): string {
  const tries = `${delivery.attempts} attempt${delivery.attempts === 1 ? "" : "s"}`;
  const state = {
    sent: `sent ${delivery.sentAt ? formatWhen(delivery.sentAt) : ""}`.trim(),
    pending: delivery.lastError ? `retrying (${delivery.lastError})` : "waiting to be sent",
    dead: `refused: ${delivery.lastError ?? "no reason given"}`,
    // A flagged lead's post waits for the owner's `release` (docs/leads.md, "Bot traps and limits").
    held: "held until released",
    capped: "not sent",
  }[delivery.status];
  return `${delivery.kind}, ${tries}, ${state}`;
}

/** Every field of one lead, labelled for a person. */
function mailLine(row: MailLine): string {
  const tries = `${row.attempts} attempt${row.attempts === 1 ? "" : "s"}`;
  const state = {
    sent: `sent ${row.sentAt ? formatWhen(row.sentAt) : ""}`.trim(),
    pending: row.lastError
      ? `retrying (${row.lastError})`
      : `waiting until ${formatWhen(new Date(row.dueAt).toISOString())}`,
    dead: `refused: ${row.lastError ?? "no reason given"}`,
    capped: row.lastError ?? "not sent: over the limit",
    held: "held: sent only if you release the lead",
  }[row.status];
  return `${MAIL_NAMES[row.kind]}${row.seq > 0 ? ` ${row.seq}` : ""}, ${tries}, ${state}`;
}

/** The campaign parameters keep their URL names, as the ad platforms show them. */
const ATTRIBUTION_LABELS: Record<AttributionField, string> = {
  ...(Object.fromEntries(ATTRIBUTION_FIELDS.map((field) => [field, field])) as Record<
    AttributionField,
    string
  >),
  referrer: "Referrer",
  landingPage: "Landing page",
};

/** What the owner reads when the lead carries no attribution. */
export const NO_ATTRIBUTION = "(no campaign, referrer or landing page recorded)";

/**
 * The lead's attribution (docs/leads.md, "Attribution"), each recorded field as a label and its
 * value, in a fixed order; `page` writes the landing page (its path, or a full link).
 */
export function attributionFacts(
  lead: Pick<Lead, "attribution">,
  page: (path: string) => string = (path) => path,
): [string, string][] {
  const attribution = lead.attribution ?? {};
  const facts = ATTRIBUTION_FIELDS.flatMap((field): [string, string][] => {
    const value = attribution[field];
    if (value === undefined) return [];
    return [[ATTRIBUTION_LABELS[field], field === "landingPage" ? page(value) : value]];
  });
  return facts.length > 0 ? facts : [["Attribution", NO_ATTRIBUTION]];
}

export function formatLeadDetail(
  lead: Lead,
  deliveries: readonly DeliveryLine[] = [],
  mail: readonly MailLine[] = [],
): string {
  const price = priceText(lead);
  const claimed =
    lead.clientTotalPrice !== null && lead.clientTotalPrice !== lead.totalPrice
      ? ` (the browser showed ${formatUsd(lead.clientTotalPrice)})`
      : "";
  const fields: [string, string][] = [
    ["ID", lead.id],
    ["Received", `${formatWhen(lead.createdAt)} (${lead.createdAt})`],
    ["Updated", `${formatWhen(lead.updatedAt)} (${lead.updatedAt})`],
    ["Name", lead.name],
    ["Phone", lead.phone],
    ["Email", lead.email],
    ["Address", lead.address],
    ["Details", lead.message || "(none)"],
    ["Panes", paneRangeLabel(lead.paneCount)],
    ["Plan", planName(lead.frequency)],
    ["Add-ons", addOnsText(lead)],
    ["Post-construction", lead.isPostConstruction ?? "(not answered)"],
    ["Stories", lead.stories ? storiesLabel(lead.stories) : "(not answered)"],
    ["First visit", `${price}${claimed}`],
    ["Visit window", visitWindowText(lead) ?? "(not asked for)"],
    ["Sent from page", lead.sourcePage ?? "(unknown)"],
    ...attributionFacts(lead),
    [
      "CRM",
      lead.forwardError
        ? `${FORWARD_LABELS[lead.forwardStatus]}: ${lead.forwardError}`
        : FORWARD_LABELS[lead.forwardStatus],
    ],
    ...deliveries.map((delivery): [string, string] => ["Delivery", deliveryLine(delivery)]),
    ...mail.map((row): [string, string] => ["E-mail", mailLine(row)]),
  ];
  if (lead.spamReason) {
    fields.push([
      "Spam",
      `flagged, not forwarded: ${lead.spamReason}. If it is real: npm run leads -- release ${lead.id.slice(0, 8)}`,
    ]);
  }
  const width = Math.max(...fields.map(([label]) => label.length));
  return fields.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`).join("\n");
}

const CSV_COLUMNS: readonly [string, (lead: Lead) => string | number][] = [
  ["id", (lead) => lead.id],
  // The business's local time, as the owner reads every time (SITE.timeZone, in the header).
  [`created_at (${SITE.timeZone})`, (lead) => spreadsheetTime(lead.createdAt)],
  [`updated_at (${SITE.timeZone})`, (lead) => spreadsheetTime(lead.updatedAt)],
  ["name", (lead) => lead.name],
  ["phone", (lead) => lead.phone],
  ["email", (lead) => lead.email],
  ["address", (lead) => lead.address],
  ["message", (lead) => lead.message],
  ["pane_count", (lead) => lead.paneCount],
  ["plan", (lead) => lead.frequency],
  ...ADD_ONS.map((addOn): [string, (lead: Lead) => string] => [
    `add_on_${addOn.id}`,
    (lead) => (lead.addOns[addOn.id] ? "yes" : "no"),
  ]),
  ["post_construction", (lead) => lead.isPostConstruction ?? ""],
  ["stories", (lead) => lead.stories ?? ""],
  ["total_price", (lead) => lead.totalPrice],
  ["visit_earliest_date", (lead) => lead.visitEarliestDate ?? ""],
  ["visit_part_of_day", (lead) => lead.visitPartOfDay ?? ""],
  ["browser_total_price", (lead) => lead.clientTotalPrice ?? ""],
  ["source_page", (lead) => lead.sourcePage ?? ""],
  ["crm_status", (lead) => lead.forwardStatus],
  ["crm_error", (lead) => lead.forwardError ?? ""],
  ["spam_reason", (lead) => lead.spamReason ?? ""],
  // Last, so the columns before them keep their places in an owner's spreadsheet.
  ...ATTRIBUTION_FIELDS.map((field): [string, (lead: Lead) => string] => [
    field === "landingPage" ? "landing_page" : field,
    (lead) => lead.attribution?.[field] ?? "",
  ]),
];

/** RFC 4180 cell; a leading =, +, -, @ is defused so a spreadsheet never runs a visitor's text as a formula. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsToCsv(leads: readonly Lead[]): string {
  const lines = [
    CSV_COLUMNS.map(([name]) => name),
    ...leads.map((lead) => CSV_COLUMNS.map(([, read]) => csvCell(read(lead)))),
  ];
  return lines.map((cells) => cells.join(",")).join("\r\n") + "\r\n";
}
