import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type postgres from "postgres";
import { z } from "zod";
import { parseQuoteFragment } from "@/lib/quote/saved-quote";

/**
 * `import-sqlite FILE`: the one-time move of an old embedded inbox (`data/leads.db`, the SQLite
 * store before PostgreSQL) into the PostgreSQL store (docs/leads.md, "Moving an old embedded
 * inbox"). The file is opened read-only; everything is written in one transaction; a lead the store already has
 * (same id) is left as it is, with its e-mails and keys, so running it twice adds nothing. This
 * module reads the inbox's tables itself (their last schema, version 9), so it outlives the code
 * that wrote them.
 *
 * Carried: every lead with its id, token hash (saved-quote links keep working), created and updated
 * times, price sheet, attribution and CRM status; its version (the embedded store's delivery
 * version, its newest CRM outbox row's id, which is at least every version the lead function had
 * posted for it); every e-mail row (sent, owed, refused, capped, held) with its attempts, times and
 * the confirmation's saved-quote token; every Idempotency-Key with its first answer. Not carried:
 * the history of CRM deliveries already made (their payloads); a delivery still owed or refused,
 * unless the CRM webhook is set here (then it becomes one CRM post of the lead as it stands).
 */

const text = z.string();
const maybe = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const flag = z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1);
const int = z.union([z.number(), z.bigint()]).transform(Number);

const leadRowSchema = z.object({
  id: text,
  token_hash: text,
  created_at: text,
  updated_at: text,
  name: text,
  email: text,
  phone: text,
  address: text,
  message: text,
  pane_count: text,
  frequency: text,
  add_on_interior: flag,
  add_on_screens: flag,
  add_on_tracks: flag,
  is_post_construction: maybe,
  stories: maybe,
  total_price: int,
  client_total_price: int.nullish().transform((value) => value ?? null),
  source_page: maybe,
  forward_status: z.enum(["off", "pending", "forwarded", "failed"]),
  forward_error: maybe,
  forwarded_at: maybe,
  idempotency_key: text,
  spam_reason: maybe,
  visit_earliest_date: maybe,
  visit_part_of_day: maybe,
  price_sheet: maybe,
  attribution: maybe,
});

const mailRowSchema = z.object({
  lead_id: text,
  kind: z.enum(["owner", "owner_update", "visitor"]),
  seq: int,
  status: z.enum(["pending", "sent", "dead", "capped", "held"]),
  attempts: int,
  created_at: text,
  next_attempt_at: int,
  give_up_at: int,
  last_error: maybe,
  sent_at: maybe,
  quote_url: maybe,
});

const keyRowSchema = z.object({
  key: text,
  request_hash: text,
  lead_id: text,
  answer: text,
  created_at: text,
});

/** The lead's CRM delivery that is still owed or refused, if any: its newest such row. */
const deliveryRowSchema = z.object({
  lead_id: text,
  status: z.enum(["pending", "dead"]),
  attempts: int,
  last_error: maybe,
  sent_create: int,
});

export type ImportReport = {
  leads: number;
  /** Forwarded copies the store had (same id, no token hash): completed from the inbox. */
  completed: number;
  /** Leads the store already had with their own token: left as they are. */
  skipped: number;
  mail: number;
  keys: number;
  /** CRM deliveries owed or refused in the inbox: queued here, or not carried (no webhook). */
  deliveries: { queued: number; notCarried: number };
};

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const msIso = (ms: number) => new Date(ms).toISOString();

function tableExists(db: DatabaseSync, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name)
    ? true
    : false;
}

/** The inbox's rows, read in one read transaction. */
function readInbox(file: string) {
  if (!existsSync(file)) throw new ImportProblem(`There is no inbox at ${file}.`);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new ImportProblem(`${file} cannot be opened as SQLite: ${String(error)}`);
  }
  try {
    if (!tableExists(db, "leads") || !tableExists(db, "idempotency_keys")) {
      throw new ImportProblem(
        `${file} is not an embedded lead inbox of this site (no leads and idempotency_keys tables).`,
      );
    }
    db.exec("BEGIN");
    const leads = db
      .prepare("SELECT * FROM leads ORDER BY created_at, id")
      .all()
      .map((row) => leadRowSchema.parse(row));
    const versions = new Map<string, number>();
    const deliveries = new Map<string, z.output<typeof deliveryRowSchema>>();
    if (tableExists(db, "outbox")) {
      for (const row of db
        .prepare("SELECT lead_id, MAX(id) AS version FROM outbox GROUP BY lead_id")
        .all()) {
        versions.set(String(row.lead_id), Number(row.version));
      }
      for (const row of db
        .prepare(
          `SELECT o.lead_id, o.status, o.attempts, o.last_error,
             EXISTS (SELECT 1 FROM outbox s WHERE s.lead_id = o.lead_id AND s.kind = 'create'
                     AND s.status = 'sent') AS sent_create
           FROM outbox o WHERE o.status IN ('pending', 'dead')
             AND o.id = (SELECT MAX(id) FROM outbox n WHERE n.lead_id = o.lead_id
                         AND n.status IN ('pending', 'dead'))`,
        )
        .all()) {
        const parsed = deliveryRowSchema.parse(row);
        deliveries.set(parsed.lead_id, parsed);
      }
    }
    const mail = tableExists(db, "mail_outbox")
      ? db
          .prepare("SELECT * FROM mail_outbox ORDER BY id")
          .all()
          .map((row) => mailRowSchema.parse({ quote_url: null, ...row }))
      : [];
    const keys = db
      .prepare("SELECT * FROM idempotency_keys ORDER BY created_at")
      .all()
      .map((row) => keyRowSchema.parse(row));
    db.exec("COMMIT");
    return { leads, versions, deliveries, mail, keys };
  } finally {
    db.close();
  }
}

/** The inbox's columns a forwarded copy takes: all but the CRM's own, its key and its id. */
const COMPLETE_FORWARDED = [
  ...[
    "token_hash",
    "created_at",
    "updated_at",
    "name",
    "email",
    "phone",
    "address",
    "message",
    "pane_count",
    "frequency",
    "add_on_interior",
    "add_on_screens",
    "add_on_tracks",
    "is_post_construction",
    "stories",
    "total_price",
    "client_total_price",
    "source_page",
    "attribution",
    "visit_earliest_date",
    "visit_part_of_day",
    "spam_reason",
  ].map((column) => `${column} = excluded.${column}`),
  "price_sheet = coalesce(public.quote_requests.price_sheet, excluded.price_sheet)",
  "version = greatest(public.quote_requests.version, excluded.version)",
].join(", ");

const answerSchema = z.object({ id: z.string(), token: z.string().optional() });

/** Imports the inbox at `file` into the store; `webhookConfigured`: CRM_WEBHOOK_URL is set here. */
export async function importSqliteInbox(
  sql: postgres.Sql,
  file: string,
  { webhookConfigured }: { webhookConfigured: boolean },
): Promise<ImportReport> {
  const inbox = readInbox(file);
  return (await sql.begin(async (tx) => {
    const report: ImportReport = {
      leads: 0,
      completed: 0,
      skipped: 0,
      mail: 0,
      keys: 0,
      deliveries: { queued: 0, notCarried: 0 },
    };
    const imported = new Map<string, number>();
    for (const lead of inbox.leads) {
      const version = Math.max(1, inbox.versions.get(lead.id) ?? 1);
      const owed = inbox.deliveries.get(lead.id);
      const crm = owed && !lead.spam_reason && webhookConfigured ? owed : null;
      const webhookStatus = lead.spam_reason
        ? "held"
        : crm
          ? crm.status === "dead"
            ? "failed"
            : "pending"
          : lead.forward_status === "forwarded"
            ? "delivered"
            : lead.forward_status === "failed" && webhookConfigured
              ? "failed"
              : "not_configured";
      const row = {
        id: lead.id,
        idempotency_key: lead.idempotency_key,
        token_hash: lead.token_hash,
        created_at: iso(lead.created_at),
        updated_at: iso(lead.updated_at),
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        address: lead.address,
        message: lead.message,
        pane_count: lead.pane_count,
        frequency: lead.frequency,
        add_on_interior: lead.add_on_interior,
        add_on_screens: lead.add_on_screens,
        add_on_tracks: lead.add_on_tracks,
        is_post_construction: lead.is_post_construction,
        stories: lead.stories,
        total_price: lead.total_price,
        client_total_price: lead.client_total_price,
        source_page: lead.source_page,
        attribution: lead.attribution === null ? null : tx.json(JSON.parse(lead.attribution)),
        price_sheet: lead.price_sheet === null ? null : tx.json(JSON.parse(lead.price_sheet)),
        visit_earliest_date: lead.visit_earliest_date,
        visit_part_of_day: lead.visit_part_of_day,
        spam_reason: lead.spam_reason,
        webhook_status: webhookStatus,
        webhook_error: crm?.last_error?.slice(0, 500) ?? lead.forward_error?.slice(0, 500) ?? null,
        webhook_attempted_at: iso(lead.forwarded_at),
        version,
      };
      // A copy the inbox forwarded to the lead function (no token hash) takes the inbox's quote
      // and token; it keeps its CRM status, and the higher of the two versions. A lead with its
      // own token hash is left as it is.
      const [written] = await tx`
        insert into public.quote_requests ${tx(row)}
        on conflict (id) do update set ${tx.unsafe(COMPLETE_FORWARDED)}
        where public.quote_requests.token_hash is null
        returning version, (xmax = 0) as inserted`;
      if (!written) {
        report.skipped += 1;
        continue;
      }
      const stored = Number(written.version);
      imported.set(lead.id, stored);
      if (written.inserted) report.leads += 1;
      else report.completed += 1;
      if (owed && !crm) report.deliveries.notCarried += 1;
      if (crm) {
        // The CRM hears of the inbox's state as it stands; a completed copy was created there.
        const kind = crm.sent_create || !written.inserted ? "lead.updated" : "lead.created";
        await tx`
          insert into public.lead_outbox (lead_id, channel, kind, version, status, attempts, last_error)
          values (${lead.id}, 'crm', ${kind}, ${stored}, ${crm.status}, ${crm.attempts},
            ${crm.last_error?.slice(0, 1000) ?? null})`;
        if (!written.inserted) {
          await tx`
            update public.quote_requests set webhook_status = ${webhookStatus}
            where id = ${lead.id}`;
        }
        report.deliveries.queued += 1;
      }
    }
    for (const mail of inbox.mail) {
      const version = imported.get(mail.lead_id);
      if (version === undefined) continue;
      const token = mail.quote_url ? parseQuoteFragment(new URL(mail.quote_url).hash)?.token : null;
      const [added] = await tx`
        insert into public.lead_outbox ${tx({
          lead_id: mail.lead_id,
          channel: "mail",
          kind: mail.kind,
          seq: mail.seq,
          version,
          status: mail.status,
          attempts: mail.attempts,
          created_at: iso(mail.created_at),
          due_at: msIso(mail.next_attempt_at),
          give_up_at: msIso(mail.give_up_at),
          last_error: mail.last_error?.slice(0, 1000) ?? null,
          sent_at: iso(mail.sent_at),
          quote_token: mail.kind === "visitor" ? (token ?? null) : null,
        })}
        on conflict do nothing returning id`;
      if (added) report.mail += 1;
    }
    for (const key of inbox.keys) {
      if (!imported.has(key.lead_id)) continue;
      // linkEmailed as the inbox replays it: a confirmation that is not capped carries the link.
      const linkEmailed = inbox.mail.some(
        (mail) =>
          mail.lead_id === key.lead_id && mail.kind === "visitor" && mail.status !== "capped",
      );
      const answer = { ...answerSchema.parse(JSON.parse(key.answer)), linkEmailed };
      const [added] = await tx`
        insert into public.lead_idempotency_keys (key, request_hash, lead_id, answer, created_at)
        values (${key.key}, ${key.request_hash}, ${key.lead_id}, ${tx.json(answer)},
          ${iso(key.created_at)})
        on conflict (key) do nothing returning key`;
      if (added) report.keys += 1;
    }
    return report;
  })) as ImportReport;
}

/** The inbox file cannot be imported; nothing was written. */
export class ImportProblem extends Error {
  override name = "ImportProblem";
}
