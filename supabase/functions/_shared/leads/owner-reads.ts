import type postgres from "postgres";
import {
  LIST_CAP,
  type ListedLead,
  type ListResult,
  type OutboxRow,
  outboxRowSchema,
  type ShowResult,
} from "./store-contract.ts";
import { storedQuote } from "./quote-store.ts";
import { prefixPattern } from "./release.ts";

type Sql = postgres.Sql | postgres.TransactionSql;

/** Which leads `list` reads: the real ones, the flagged ones, or those with a dead outbox row. */
export type ListOnly = "leads" | "spam" | "failed";

const matching = (sql: Sql, only: ListOnly) =>
  ({
    leads: sql`q.spam_reason is null`,
    spam: sql`q.spam_reason is not null`,
    // A CRM post or an e-mail refused for good: a dead row in the lead's outbox.
    failed: sql`exists (
      select 1 from public.lead_outbox o where o.lead_id = q.id and o.status = 'dead')`,
  })[only];

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/** Each lead's outbox rows (CRM posts and e-mails), oldest first. */
async function outboxOf(sql: Sql, ids: readonly string[]): Promise<Map<string, OutboxRow[]>> {
  const byLead = new Map<string, OutboxRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byLead;
  const rows = await sql`
    select lead_id, channel, kind, seq, status, attempts, last_error, sent_at, due_at
    from public.lead_outbox where lead_id in ${sql(ids)} order by id`;
  for (const row of rows) {
    byLead.get(String(row.lead_id))?.push(
      outboxRowSchema.parse({
        channel: row.channel,
        kind: row.kind,
        seq: Number(row.seq),
        status: row.status,
        attempts: Number(row.attempts),
        lastError: row.last_error ?? null,
        sentAt: iso(row.sent_at),
        dueAt: iso(row.due_at),
      }),
    );
  }
  return byLead;
}

async function withOutbox(sql: Sql, rows: readonly Record<string, unknown>[]) {
  const leads = rows.map((row) => storedQuote(row).quote);
  const outbox = await outboxOf(
    sql,
    leads.map((lead) => lead.id),
  );
  return leads.map((lead): ListedLead => ({ lead, outbox: outbox.get(lead.id) ?? [] }));
}

/**
 * The owner's `list [--spam|--failed]` (docs/leads.md, "The owner's commands"): the newest LIST_CAP leads of the kind, each with its outbox rows, how many matched,
 * and how many are flagged. Read in one snapshot, so the counts agree with the rows.
 */
export function listLeads(sql: postgres.Sql, only: ListOnly): Promise<ListResult> {
  return sql.begin("isolation level repeatable read read only", async (tx) => {
    const rows = await tx`
      select * from public.quote_requests q where ${matching(tx, only)}
      order by q.created_at desc, q.id desc limit ${LIST_CAP}`;
    const [total] = await tx`
      select count(*)::int as n from public.quote_requests q where ${matching(tx, only)}`;
    const [spam] = await tx`
      select count(*)::int as n from public.quote_requests where spam_reason is not null`;
    return {
      leads: await withOutbox(tx, rows),
      total: Number(total?.n ?? 0),
      spamCount: Number(spam?.n ?? 0),
    };
  }) as Promise<ListResult>;
}

/** The owner's `show ID`: the lead whose id is or starts with `idOrPrefix`, matched literally. */
export async function showLead(sql: postgres.Sql, idOrPrefix: string): Promise<ShowResult> {
  return (await sql.begin("isolation level repeatable read read only", async (tx) => {
    const rows = await tx`
      select * from public.quote_requests
      where id::text like ${prefixPattern(idOrPrefix)} escape '\\'
      order by id limit 2`;
    if (rows.length > 1) return { status: "ambiguous" };
    if (rows.length === 0) return { status: "not_found" };
    const [lead] = await withOutbox(tx, rows);
    return lead ? { status: "found", lead } : { status: "not_found" };
  })) as ShowResult;
}
