import type postgres from "postgres";
import { z } from "zod";
import { LIST_CAP, type ListResult, outboxRowSchema, type ShowResult } from "./store-contract.ts";
import { storedQuote } from "./stored-lead.ts";
import { prefixPattern } from "./release.ts";

type Sql = postgres.Sql | postgres.TransactionSql;

/** Which leads `list` reads: the real ones, the flagged ones, or those with a dead outbox row. */
export type ListOnly = "leads" | "spam" | "failed";

const matching = (tx: Sql, only: ListOnly) =>
  ({
    leads: tx`q.spam_reason is null`,
    spam: tx`q.spam_reason is not null`,
    // A CRM post or an e-mail refused for good: a dead row in the lead's outbox.
    failed: tx`exists (
      select 1 from public.lead_outbox o where o.lead_id = q.id and o.status = 'dead')`,
  })[only];

/** The leads (`q`) that `rest` picks and orders, each with its outbox rows, oldest first. */
async function withOutbox(tx: Sql, rest: postgres.Fragment) {
  const rows = await tx`
    select q.*, (
      select coalesce(json_agg(json_build_object(
        'channel', o.channel, 'kind', o.kind, 'seq', o.seq, 'status', o.status,
        'attempts', o.attempts, 'lastError', o.last_error, 'sentAt', o.sent_at, 'dueAt', o.due_at)
        order by o.id), '[]')
      from public.lead_outbox o where o.lead_id = q.id) as outbox
    from public.quote_requests q ${rest}`;
  return rows.map((row) => ({
    lead: storedQuote(row).quote,
    outbox: z.array(outboxRowSchema).parse(row.outbox),
  }));
}

/**
 * The owner's `list [--spam|--failed]` (docs/leads.md, "The owner's commands"): the newest
 * LIST_CAP leads of the kind, each with its outbox rows, how many matched, and how many are
 * flagged. Read in one snapshot, so the counts agree with the rows.
 */
export function listLeads(sql: postgres.Sql, only: ListOnly): Promise<ListResult> {
  return sql.begin("isolation level repeatable read read only", async (tx) => {
    const [counts] = await tx`
      select count(*) filter (where ${matching(tx, only)})::int as total,
        count(*) filter (where q.spam_reason is not null)::int as spam
      from public.quote_requests q`;
    return {
      leads: await withOutbox(
        tx,
        tx`where ${matching(tx, only)} order by q.created_at desc, q.id desc limit ${LIST_CAP}`,
      ),
      total: Number(counts?.total),
      spamCount: Number(counts?.spam),
    };
  }) as Promise<ListResult>;
}

/** The owner's `show ID`: the lead whose id is or starts with `idOrPrefix`, matched literally. */
export async function showLead(sql: postgres.Sql, idOrPrefix: string): Promise<ShowResult> {
  const leads = await withOutbox(
    sql,
    sql`where q.id::text like ${prefixPattern(idOrPrefix)} escape '\\' limit 2`,
  );
  if (leads.length > 1) return { status: "ambiguous" };
  const [lead] = leads;
  return lead ? { status: "found", lead } : { status: "not_found" };
}
