import type postgres from "postgres";
import type { StoredQuote } from "./store-contract.ts";
import { storedQuote } from "./stored-lead.ts";
import { prefixPattern } from "./release.ts";

type Sql = postgres.Sql | postgres.TransactionSql;

/** At most this many leads, newest first, in one `list` answer; `total` says how many matched. */
const LIST_CAP = 500;

/** One row of a lead's outbox (its CRM posts and e-mails), as the owner's command shows it. */
export type OutboxRow = {
  channel: "crm" | "mail";
  /** crm: `lead.created` | `lead.updated`; mail: the e-mail kinds (mail-queue.ts, MAIL_KINDS). */
  kind: string;
  seq: number;
  status: "pending" | "sent" | "dead" | "held" | "capped";
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  dueAt: string;
};

/** A lead with its outbox rows, oldest first. */
export type ListedLead = { lead: StoredQuote; outbox: OutboxRow[] };

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
async function withOutbox(tx: Sql, rest: postgres.Fragment): Promise<ListedLead[]> {
  const rows = await tx`
    select q.*, (
      select coalesce(json_agg(json_build_object(
        'channel', o.channel, 'kind', o.kind, 'seq', o.seq, 'status', o.status,
        'attempts', o.attempts, 'lastError', o.last_error, 'sentAt', o.sent_at, 'dueAt', o.due_at)
        order by o.id), '[]')
      from public.lead_outbox o where o.lead_id = q.id) as outbox
    from public.quote_requests q ${rest}`;
  return rows.map((row) => ({ lead: storedQuote(row).quote, outbox: row.outbox }));
}

/**
 * The owner's `list [--spam|--failed]` (docs/leads.md, "The owner's commands"): the newest
 * LIST_CAP leads of the kind, each with its outbox rows, how many matched, and how many are
 * flagged. Read in one snapshot, so the counts agree with the rows.
 */
export function listLeads(sql: postgres.Sql, only: ListOnly) {
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
      /** How many leads matched (more than `leads` holds when capped). */
      total: Number(counts?.total),
      spamCount: Number(counts?.spam),
    };
  });
}

/** The owner's `show ID`: the lead whose id is or starts with `idOrPrefix`, matched literally. */
export async function showLead(sql: postgres.Sql, idOrPrefix: string) {
  const leads = await withOutbox(
    sql,
    sql`where q.id::text like ${prefixPattern(idOrPrefix)} escape '\\' limit 2`,
  );
  if (leads.length > 1) return { status: "ambiguous" } as const;
  const [lead] = leads;
  return lead ? ({ status: "found", lead } as const) : ({ status: "not_found" } as const);
}
