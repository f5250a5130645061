import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SITE } from "@/content/site";
import type { MailSettings } from "@/lib/env";
import {
  formatLeadDetail,
  formatLeadTable,
  type DeliveryLine,
  type ListKind,
  type MailLine,
} from "@/lib/leads/report";
import { leadOf, type Lead } from "@/lib/leads/lead-store";
import { composeMail, type MailAddresses } from "@/lib/mail/compose";
import { MAIL_KINDS, type MailKind } from "@shared/leads/mail-queue";
import { rawMessage } from "@/lib/mail/transport";
import {
  LIST_CAP,
  type ListedLead,
  type ListResult,
  type ReleaseResult,
} from "@shared/leads/store-contract";

/** What the owner's command prints, whichever store answered (./owner-commands.ts, ../leads.ts). */

export type Io = { out: (text: string) => void; err: (text: string) => void };

/** With notifications off, the preview still shows the e-mails, addressed to the business itself. */
const PREVIEW_ADDRESSES: MailAddresses = {
  from: { name: SITE.shortName, address: SITE.email },
  notifyTo: [SITE.email],
};

/** A lead's e-mails, rendered from the lead as it stands, printed or written as files; nothing sent. */
export async function previewMail(
  lead: Lead,
  mail: MailSettings | null,
  dir: string | null,
  io: Io,
): Promise<void> {
  const kinds: MailKind[] = ["owner", "visitor"];
  if (!mail)
    io.err("SMTP_URL is not set: previewing with the business's own address as From and To.");
  io.err("The visitor's private link to their saved quote is left out of a preview.");
  for (const kind of kinds) {
    const composed = await composeMail({ lead, kind, seq: 0 }, mail ?? PREVIEW_ADDRESSES);
    if (dir) {
      mkdirSync(dir, { recursive: true });
      const base = path.join(dir, `${lead.id.slice(0, 8)}-${kind}`);
      writeFileSync(`${base}.eml`, await rawMessage(composed));
      writeFileSync(`${base}.html`, composed.html);
      io.out(`Wrote ${base}.eml and ${base}.html`);
    } else {
      const to = composed.to.join(", ");
      const replyTo = composed.replyTo ? `\nReply-To: ${composed.replyTo.address}` : "";
      io.out(`=== ${kind === "owner" ? "To the owner" : "To the visitor"} ===`);
      io.out(`To: ${to}${replyTo}\nSubject: ${composed.subject}\n\n${composed.text}\n`);
    }
  }
}

const CRM_EVENTS: Record<string, DeliveryLine["kind"]> = {
  "lead.created": "create",
  "lead.updated": "update",
};

/** A PostgreSQL lead and its outbox rows, as the formatting reads a lead, e-mails, deliveries. */
export function sharedLead({ lead, outbox }: ListedLead) {
  const mail: MailLine[] = [];
  const deliveries: DeliveryLine[] = [];
  for (const row of outbox) {
    const { seq, status, attempts, lastError, sentAt } = row;
    const kind = MAIL_KINDS.find((name) => name === row.kind);
    if (row.channel === "mail" && kind) {
      mail.push({ kind, seq, status, attempts, lastError, sentAt, dueAt: row.dueAt });
    }
    const event = CRM_EVENTS[row.kind];
    if (
      row.channel === "crm" &&
      event &&
      (status === "pending" || status === "sent" || status === "dead")
    ) {
      deliveries.push({ kind: event, status, attempts, lastError, sentAt });
    }
  }
  return { lead: leadOf(lead), mail, deliveries };
}

/** `list [--spam|--failed]` of PostgreSQL's leads, with a line when there are more than LIST_CAP. */
export function printList(list: ListResult, kind: ListKind, io: Io): void {
  const leads = list.leads.map(sharedLead);
  const mailOf = new Map(leads.map(({ lead, mail }) => [lead.id, mail]));
  io.out(
    formatLeadTable(
      leads.map(({ lead }) => lead),
      {
        kind,
        hiddenSpam: kind === "leads" ? list.spamCount : 0,
        mailOf: (lead) => mailOf.get(lead.id) ?? [],
      },
    ),
  );
  if (list.total > leads.length) {
    io.out(
      `Only the newest ${leads.length} of ${list.total} are listed (at most ${LIST_CAP}); all of them: npm run -s leads -- export --csv`,
    );
  }
}

/** `show ID` of a PostgreSQL lead. */
export function printLead(listed: ListedLead, io: Io): void {
  const { lead, deliveries, mail } = sharedLead(listed);
  io.out(formatLeadDetail(lead, deliveries, mail));
}

export function notFlagged(leadId: string, io: Io): number {
  io.err(
    `Lead ${leadId.slice(0, 8)} is not flagged as spam: it is handled like every lead already, nothing to release.`,
  );
  return 1;
}

/** What a release prints: the lead, the trap's reason, `crm` (where it went), the confirmation. */
export function releasedLines(
  released: {
    id: string;
    name: string;
    reason: string;
    confirmation: { released: boolean; withLink: boolean };
  },
  crm: string,
): string {
  const { confirmation } = released;
  return [
    `Released lead ${released.id.slice(0, 8)} (${released.name}); the bot trap had said: ${released.reason}.`,
    crm,
    confirmation.released
      ? `Visitor: their confirmation e-mail is queued${confirmation.withLink ? ", with the link to their saved quote" : " (without the link to their saved quote: it is kept for 24 hours only)"}.`
      : "Visitor: no confirmation was held for them (notifications were off, or their address was over its limit).",
  ].join("\n");
}

/**
 * What a release answered, printed: the lead released, or why not (exit 1). `crm`: where its CRM
 * post went when queued, and when not.
 */
export function reportRelease(
  result: ReleaseResult,
  id: string,
  crm: { queued: string; not: string },
  io: Io,
  shared = false,
): number {
  if (result.status === "not_found" || result.status === "ambiguous") {
    io.err(notFoundMessage(id, result.status, shared));
    return 1;
  }
  if (result.status === "not_spam") return notFlagged(result.id, io);
  io.out(releasedLines(result, result.forwarded ? crm.queued : crm.not));
  return 0;
}

/** An id that names no lead, or more than one; `shared`: in Supabase's store. */
export const notFoundMessage = (id: string, found: "ambiguous" | "not_found", shared = false) =>
  found === "ambiguous"
    ? `More than one lead starts with "${id}": type more of the ID.`
    : shared
      ? `No lead with ID "${id}" in the shared store. See the IDs with: npm run leads -- list`
      : `No lead with ID "${id}". See the IDs with: npm run leads -- list`;

/** npm prints a banner to stdout before a script unless run with -s; it would land in a redirected file. */
export function npmBannerInOutput(): boolean {
  return (
    Boolean(process.env.npm_lifecycle_event) &&
    process.env.npm_config_loglevel !== "silent" &&
    !process.stdout.isTTY
  );
}

/** The warning `export --csv` gives when npm's banner would land in the file. */
export const NPM_BANNER_WARNING =
  'npm printed its "> leads" banner above the CSV; for a clean file: npm run -s leads -- export --csv > leads.csv';

/** A file's size in words: "812 bytes", "14 KB", "2.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
