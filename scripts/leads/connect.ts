import type postgres from "postgres";
import { connectPool } from "@shared/leads/pool";

/**
 * Where the owner's commands find the PostgreSQL store (docs/leads.md, "The owner's commands"):
 * DATABASE_URL (the embedded cluster's, as the server gets it, or any PostgreSQL), else
 * SUPABASE_DB_URL (the Supabase project's database: Dashboard > Connect > "Session pooler", the
 * `postgresql://postgres.<ref>:<password>@aws-0-<region>.pooler.supabase.com:5432/postgres` string
 * with the database password filled in), else none: the embedded cluster (LEADS_DATA_DIR).
 */
export type StoreSource = { url: string; name: "DATABASE_URL" | "SUPABASE_DB_URL" };

export function storeSource(env: NodeJS.ProcessEnv): StoreSource | null {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, name: "DATABASE_URL" };
  if (env.SUPABASE_DB_URL) return { url: env.SUPABASE_DB_URL, name: "SUPABASE_DB_URL" };
  return null;
}

/** The store's address without its password, for messages. */
export function describeStore(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || parsed.searchParams.get("host") || "local socket"}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
  } catch {
    return "an unreadable connection string";
  }
}

/**
 * The store's pool, as the site's and the function's (`connectPool`): `prepare: false`, which
 * Supabase's transaction-mode pooler needs (Supavisor has no prepared statements there), and a
 * store that does not answer within 5 s is an error.
 */
export const connectStore = (url: string): postgres.Sql => connectPool(url);
