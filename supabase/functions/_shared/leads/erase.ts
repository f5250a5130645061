import type postgres from "postgres";

/**
 * The owner's `erase ID` (docs/leads.md, "Erasure"): one lead and everything the store keeps about
 * it, in one transaction under the lead's row lock (the lock order every writer keeps): its CRM
 * posts and e-mails, sent or owed (nothing owed is sent after), and its Idempotency-Key records,
 * which the schema deletes with it (`on delete cascade`). Takes the full id: the command resolves a
 * prefix first and shows the owner what it names.
 */
export async function eraseLead(sql: postgres.Sql, id: string) {
  return await sql.begin(async (tx) => {
    const [lead] = await tx`
      select id from public.quote_requests where id = ${id}::uuid for update`;
    if (!lead) return { status: "not_found" } as const;
    const [counts] = await tx`
      select
        (select count(*)::int from public.lead_outbox where lead_id = ${id}::uuid) as outbox,
        (select count(*)::int from public.lead_idempotency_keys where lead_id = ${id}::uuid) as keys`;
    await tx`delete from public.quote_requests where id = ${id}::uuid`;
    return {
      status: "erased",
      outboxRows: Number(counts?.outbox ?? 0),
      idempotencyKeys: Number(counts?.keys ?? 0),
    } as const;
  });
}
