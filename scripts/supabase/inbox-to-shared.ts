/**
 * Moving a site from its embedded inbox to the shared store (LEADS_STORE=supabase) without breaking
 * the saved-quote links already sent: prints, as SQL for the project's PostgreSQL, every lead of an
 * inbox file with its token's hash, and every Idempotency-Key with its first answer. The inbox is
 * opened read-only. docs/leads.md, "Where a lead goes".
 *
 *   node --import tsx --import ./scripts/allow-server-only.mjs scripts/supabase/inbox-to-shared.ts \
 *     data/leads.db > inbox.sql
 *   psql "$SUPABASE_DB_URL" --single-transaction -v ON_ERROR_STOP=1 -f inbox.sql
 *
 * A lead the inbox forwarded is already a row: it takes the inbox's quote, token and flags, and
 * keeps its CRM status and price sheet. Running it twice changes nothing more.
 */
import { DatabaseSync } from "node:sqlite";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { parseLeadRow, selectLeads, type Lead } from "@/lib/leads/lead-table";

const sqlText = (value: string | null) =>
  value === null ? "null" : `'${value.replaceAll("'", "''")}'`;

/** The lead's row, as `quote_requests` takes it. */
function leadInsert(lead: Lead, tokenHash: string): string {
  const columns: Record<string, string> = {
    id: sqlText(lead.id),
    idempotency_key: sqlText(lead.idempotencyKey),
    created_at: sqlText(lead.createdAt),
    name: sqlText(lead.name),
    email: sqlText(lead.email),
    phone: sqlText(lead.phone),
    address: sqlText(lead.address),
    message: sqlText(lead.message),
    pane_count: sqlText(lead.paneCount),
    frequency: sqlText(lead.frequency),
    add_on_interior: String(lead.addOns.interior),
    add_on_screens: String(lead.addOns.screens),
    add_on_tracks: String(lead.addOns.tracks),
    is_post_construction: sqlText(lead.isPostConstruction),
    stories: sqlText(lead.stories),
    total_price: String(lead.totalPrice),
    client_total_price: lead.clientTotalPrice === null ? "null" : String(lead.clientTotalPrice),
    source_page: sqlText(lead.sourcePage),
    attribution: lead.attribution ? `${sqlText(JSON.stringify(lead.attribution))}::jsonb` : "null",
    visit_earliest_date: sqlText(lead.visitEarliestDate),
    visit_part_of_day: sqlText(lead.visitPartOfDay),
    token_hash: sqlText(tokenHash),
    spam_reason: sqlText(lead.spamReason),
    webhook_status: sqlText(lead.spamReason ? "held" : "not_configured"),
  };
  // The inbox was the system of record until now: its quote wins; the CRM's own fields stay.
  const fromInbox = Object.keys(columns).filter(
    (name) => !["id", "idempotency_key", "created_at", "webhook_status"].includes(name),
  );
  return `insert into public.quote_requests (${Object.keys(columns).join(", ")})
values (${Object.values(columns).join(", ")})
on conflict (id) do update set ${fromInbox.map((name) => `${name} = excluded.${name}`).join(", ")};`;
}

const keyRowSchema = z.object({
  key: z.string(),
  request_hash: z.string(),
  lead_id: z.string(),
  answer: z.string(),
  created_at: z.string(),
  link_emailed: z.union([z.literal(0), z.literal(1)]),
});
const answerSchema = z.object({ id: z.string(), token: z.string().optional() });

/** Every key's first answer, `linkEmailed` as the inbox would replay it. */
function keyInserts(db: DatabaseSync): string[] {
  const rows = db
    .prepare(
      `SELECT key, request_hash, lead_id, answer, created_at,
         EXISTS (SELECT 1 FROM mail_outbox WHERE lead_id = idempotency_keys.lead_id
                 AND kind = 'visitor' AND status != 'capped') AS link_emailed
       FROM idempotency_keys ORDER BY created_at`,
    )
    .all()
    .map((row) => keyRowSchema.parse(row));
  return rows.map((row) => {
    const answer = {
      ...answerSchema.parse(JSON.parse(row.answer)),
      linkEmailed: row.link_emailed === 1,
    };
    return `insert into public.lead_idempotency_keys (key, request_hash, lead_id, answer, created_at)
values (${sqlText(row.key)}, ${sqlText(row.request_hash)}, ${sqlText(row.lead_id)}, ${sqlText(JSON.stringify(answer))}, ${sqlText(row.created_at)})
on conflict (key) do nothing;`;
  });
}

/** The SQL that brings the inbox at `file` into the shared store. */
export function inboxToSharedSql(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const hashes = new Map(
      db
        .prepare("SELECT id, token_hash FROM leads")
        .all()
        .map((row) => [String(row.id), String(row.token_hash)]),
    );
    const leads = db
      .prepare(selectLeads("ORDER BY created_at"))
      .all()
      .map((row) => parseLeadRow(row));
    return [
      `-- ${leads.length} leads from ${file}, for LEADS_STORE=supabase (docs/leads.md, "Where a lead goes")`,
      "begin;",
      ...leads.map((lead) => leadInsert(lead, hashes.get(lead.id) ?? "")),
      ...keyInserts(db),
      "commit;",
      "",
    ].join("\n");
  } finally {
    db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = process.argv[2] ?? process.env.LEADS_DB_PATH ?? "data/leads.db";
  process.stdout.write(inboxToSharedSql(file));
}
