import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type postgres from "postgres";
import { connectPool } from "@shared/leads/pool";

/**
 * supabase/migrations applied to a PostgreSQL store as `supabase db push` applies them: each one not
 * yet recorded in `supabase_migrations.schema_migrations` (the Supabase CLI's own table, so a project
 * pushed with the CLI and a store migrated here agree on what is applied), in name order, each in
 * its own transaction with its record. The roles they grant to (service_role) must exist.
 */

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../supabase/migrations");

/** Each migration's version (the file name's leading digits) and file, oldest first. */
export function migrationFiles(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  return readdirSync(dir)
    .filter((name) => /^\d+_.*\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.split("_")[0] ?? name, file: path.join(dir, name) }));
}

/** The migration versions a store records as applied; [] when it has no record at all. */
export async function appliedMigrations(sql: postgres.Sql | postgres.TransactionSql) {
  const [table] = await sql`select to_regclass('supabase_migrations.schema_migrations') as name`;
  if (!table?.name) return [];
  const rows =
    await sql`select version from supabase_migrations.schema_migrations order by version`;
  return rows.map((row) => String(row.version));
}

/**
 * Applies what `url`'s database lacks, all in one transaction (a failing migration leaves the store
 * as it was), one migrator at a time; returns the versions applied now.
 */
export async function migrate(url: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const sql = connectPool(url);
  try {
    return (await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext('supabase_migrations'))`;
      const [bookkeeping] = await tx`
        select to_regnamespace('supabase_migrations') is not null as schema,
          to_regclass('supabase_migrations.schema_migrations') is not null as tab`;
      if (!bookkeeping?.schema) await tx`create schema supabase_migrations`;
      if (!bookkeeping?.tab) {
        await tx`
          create table supabase_migrations.schema_migrations (
            version text primary key, statements text[], name text)`;
      }
      const applied = new Set(await appliedMigrations(tx));
      const done: string[] = [];
      for (const { version, file } of migrationFiles(dir)) {
        if (applied.has(version)) continue;
        const text = readFileSync(file, "utf8");
        await tx.unsafe(text);
        await tx`
          insert into supabase_migrations.schema_migrations (version, name, statements)
          values (${version}, ${path.basename(file, ".sql").slice(version.length + 1)}, ${[text]})`;
        done.push(version);
      }
      return done;
    })) as string[];
  } finally {
    await sql.end();
  }
}
