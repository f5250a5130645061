import { expect } from "@playwright/test";
import { SITE_ROLE } from "../../scripts/postgres/cluster.ts";
import { connectPool } from "../../supabase/functions/_shared/leads/pool.ts";

/** What the site's login must never do: change the schema, erase a lead, read past its tables. */
const REFUSALS = {
  "drop table public.quote_requests": /must be owner of table quote_requests/,
  "delete from public.quote_requests": /permission denied for table quote_requests/,
  "alter table public.lead_outbox disable row level security": /must be owner/,
  "create table public.intruder (id int)": /permission denied for schema public/,
  "select * from supabase_migrations.schema_migrations": /permission denied for schema/,
  "select public.request_lead_drain()": /permission denied for function/,
  "create role intruder superuser": /permission denied to create role/,
};

/** `url` logs in as SITE_ROLE, no superuser, and each of REFUSALS is refused. */
export async function expectLeastPrivilege(url: string): Promise<void> {
  const sql = connectPool(url, { max: 1 });
  try {
    expect(
      await sql`select current_user as role, usesuper from pg_user where usename = current_user`,
    ).toEqual([{ role: SITE_ROLE, usesuper: false }]);
    for (const [statement, refusal] of Object.entries(REFUSALS)) {
      await expect(sql.unsafe(statement), statement).rejects.toThrow(refusal);
    }
  } finally {
    await sql.end();
  }
}
