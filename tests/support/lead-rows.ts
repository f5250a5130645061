import type postgres from "postgres";
import type { StoredQuote } from "@shared/leads/store-contract";
import { storedQuote } from "@shared/leads/stored-lead";

/**
 * The leads in a test's database, read as the site's code reads a lead (lib/leads/quote-api.ts):
 * what a route test checks the store kept.
 */
export function storedLeads(sql: postgres.Sql) {
  return {
    async get(id: string): Promise<StoredQuote | undefined> {
      const [row] = await sql`select * from public.quote_requests where id = ${id}`;
      return row ? storedQuote(row).quote : undefined;
    },
    /** The real leads (default), the flagged ones, or all. */
    async list({ only = "leads" }: { only?: "leads" | "spam" | "all" } = {}): Promise<
      StoredQuote[]
    > {
      const rows = await sql`
        select * from public.quote_requests
        where ${only === "all" ? sql`true` : only === "spam" ? sql`spam_reason is not null` : sql`spam_reason is null`}
        order by created_at`;
      return rows.map((row) => storedQuote(row).quote);
    },
  };
}
