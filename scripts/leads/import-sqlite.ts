import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { plural } from "@/lib/leads/report";
import { parseQuoteFragment } from "@/lib/quote/saved-quote";
import { reason, Refusal, type Store } from "./backup";

/**
 * `import-sqlite FILE`: the one-time move of an old embedded inbox (`data/leads.db`) into the
 * store (docs/leads.md, "Moving an old embedded inbox"), read with the inbox's own last schema
 * (version 9), so it outlives the code that wrote it, and written in one transaction.
 */

/**
 * Each lead in quote_requests' columns; its version is the inbox's delivery version (its newest
 * CRM outbox row's id, at least every version the lead function had posted for it); `owed`: its
 * newest CRM delivery still owed or refused, if any.
 */
const LEADS = `
  SELECT l.id, l.idempotency_key, l.token_hash, l.created_at, l.updated_at, l.name, l.email,
    l.phone, l.address, l.message, l.pane_count, l.frequency, l.add_on_interior, l.add_on_screens,
    l.add_on_tracks, l.is_post_construction, l.stories, l.total_price, l.client_total_price,
    l.source_page, l.attribution, l.price_sheet, l.visit_earliest_date, l.visit_part_of_day,
    l.spam_reason, l.forwarded_at AS webhook_attempted_at,
    max(1, coalesce((SELECT max(id) FROM outbox WHERE lead_id = l.id), 1)) AS version,
    CASE WHEN l.spam_reason IS NOT NULL THEN 'held'
      WHEN o.status IS NOT NULL AND :crm THEN iif(o.status = 'dead', 'failed', 'pending')
      WHEN l.forward_status = 'forwarded' THEN 'delivered'
      WHEN l.forward_status = 'failed' AND :crm THEN 'failed'
      ELSE 'not_configured' END AS webhook_status,
    substr(coalesce(iif(:crm AND l.spam_reason IS NULL, o.last_error, NULL), l.forward_error),
      1, 500) AS webhook_error,
    o.status AS owed, o.attempts, substr(o.last_error, 1, 1000) AS last_error,
    EXISTS (SELECT 1 FROM outbox WHERE lead_id = l.id AND kind = 'create' AND status = 'sent')
      AS sent_create
  FROM leads l LEFT JOIN outbox o ON o.id = (SELECT max(id) FROM outbox
    WHERE lead_id = l.id AND status IN ('pending', 'dead'))
  ORDER BY l.created_at, l.id`;

/** Every e-mail row (sent, owed, refused, capped, held) with its attempts and times. */
const MAIL = `
  SELECT lead_id, kind, seq, status, attempts, created_at, next_attempt_at, give_up_at,
    substr(last_error, 1, 1000) AS last_error, sent_at, quote_url
  FROM mail_outbox ORDER BY id`;

/** Every Idempotency-Key with its first answer; a confirmation not capped carried the link. */
const KEYS = `
  SELECT key, request_hash, lead_id, answer, created_at,
    EXISTS (SELECT 1 FROM mail_outbox m WHERE m.lead_id = k.lead_id AND m.kind = 'visitor'
      AND m.status <> 'capped') AS link_emailed
  FROM idempotency_keys k ORDER BY created_at`;

function readInbox(file: string, crm: boolean) {
  if (!existsSync(file)) throw new Refusal(`There is no inbox at ${file}.`);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new Refusal(`${file} cannot be opened as SQLite: ${reason(error)}`);
  }
  try {
    if (db.prepare("PRAGMA user_version").get()?.user_version !== 9) {
      throw new Refusal(`${file} is not an embedded lead inbox of schema version 9.`);
    }
    const all = (query: string) => db.prepare(query).all();
    db.exec("BEGIN");
    const leads = db.prepare(LEADS).all({ crm: Number(crm) });
    const inbox = { leads, mail: all(MAIL), keys: all(KEYS) };
    db.exec("COMMIT");
    return inbox;
  } finally {
    db.close();
  }
}

/** A forwarded copy's columns the inbox's does not overwrite, but for the CRM's (webhook_*). */
const KEPT = ["id", "idempotency_key", "version", "price_sheet"];

const answerSchema = z.object({ id: z.string(), token: z.string().optional() });

/** Imports the inbox at `file` and says what it moved; `crm`: the store posts to a CRM. */
export async function importSqliteInbox(store: Store, file: string, crm: boolean) {
  const inbox = readInbox(file, crm);
  const report = { leads: 0, completed: 0, skipped: 0, mail: 0, keys: 0, queued: 0, dropped: 0 };
  await store.sql.begin(async (tx) => {
    const imported = new Map<string, number>();
    const json = (text: unknown) => (text === null ? null : tx.json(JSON.parse(String(text))));
    for (const { owed, attempts, last_error, sent_create, ...stored } of inbox.leads) {
      // postgres.js writes a boolean or jsonb parameter from a JavaScript one.
      const row = {
        ...stored,
        add_on_interior: stored.add_on_interior === 1,
        add_on_screens: stored.add_on_screens === 1,
        add_on_tracks: stored.add_on_tracks === 1,
        attribution: json(stored.attribution),
        price_sheet: json(stored.price_sheet),
      };
      // A copy the inbox forwarded to the lead function (no token hash) takes the inbox's quote
      // and token; it keeps its CRM status, its price sheet if it has one, and the higher of the
      // two versions. A lead with its own token hash is left as it is.
      const set = Object.keys(row).filter((c) => !KEPT.includes(c) && !c.startsWith("webhook_"));
      const [written] = await tx`
        insert into public.quote_requests ${tx(row)}
        on conflict (id) do update
        set ${tx.unsafe(set.map((column) => `${column} = excluded.${column}`).join(", "))},
          version = greatest(public.quote_requests.version, excluded.version),
          price_sheet = coalesce(public.quote_requests.price_sheet, excluded.price_sheet)
        where public.quote_requests.token_hash is null
        returning version, (xmax = 0) as inserted`;
      if (!written) {
        report.skipped += 1;
        continue;
      }
      const id = String(stored.id);
      imported.set(id, Number(written.version));
      report[written.inserted ? "leads" : "completed"] += 1;
      if (owed === null) continue;
      if (!crm || stored.spam_reason) {
        report.dropped += 1;
        continue;
      }
      // The CRM hears of the inbox's state as it stands; a completed copy was created there.
      const kind = sent_create || !written.inserted ? "lead.updated" : "lead.created";
      await tx`
        insert into public.lead_outbox (lead_id, channel, kind, version, status, attempts, last_error)
        values (${id}, 'crm', ${kind}, ${imported.get(id)!}, ${String(owed)}, ${Number(attempts)},
          ${last_error as string | null})`;
      if (!written.inserted) {
        await tx`update public.quote_requests set webhook_status = ${String(stored.webhook_status)}
          where id = ${id}`;
      }
      report.queued += 1;
    }
    for (const { quote_url, next_attempt_at, give_up_at, ...mail } of inbox.mail) {
      const version = imported.get(String(mail.lead_id));
      if (version === undefined) continue;
      const link = mail.kind === "visitor" && quote_url ? new URL(String(quote_url)).hash : "";
      const [added] = await tx`
        insert into public.lead_outbox ${tx({
          ...(mail as Record<string, string>),
          channel: "mail",
          version,
          due_at: new Date(Number(next_attempt_at)),
          give_up_at: new Date(Number(give_up_at)),
          quote_token: parseQuoteFragment(link)?.token ?? null,
        })}
        on conflict do nothing returning id`;
      if (added) report.mail += 1;
    }
    for (const { answer, link_emailed, ...key } of inbox.keys) {
      if (!imported.has(String(key.lead_id))) continue;
      const first = answerSchema.parse(JSON.parse(String(answer)));
      const [added] = await tx`
        insert into public.lead_idempotency_keys ${tx({
          ...(key as Record<string, string>),
          answer: tx.json({ ...first, linkEmailed: link_emailed === 1 }),
        })}
        on conflict (key) do nothing returning key`;
      if (added) report.keys += 1;
    }
  });
  const { leads, completed, skipped, queued, dropped } = report;
  const lines = [
    `Imported ${plural(leads, "lead")} from ${file} into the lead store (${store.source}), with ${report.mail} e-mail rows and ${report.keys} Idempotency-Keys.`,
    completed > 0 &&
      `${completed} the inbox had forwarded to the lead function were completed from it (their saved-quote links now open here); their CRM status is kept.`,
    skipped > 0 && `${skipped} were in the store already (same ID): left as they are.`,
    queued > 0 && `CRM posts queued for ${queued} leads the inbox still owed one.`,
    dropped > 0 &&
      `Not carried: ${dropped} CRM deliveries the inbox still owed or had refused (this store posts to no CRM: CRM_WEBHOOK_URL is not set here and it has never posted).`,
    "The file was only read: keep it until you have checked the leads (npm run leads -- list).",
  ];
  store.out(lines.filter(Boolean).join("\n"));
}
