import { readFileSync } from "node:fs";
import postgres from "postgres";
import type { PriceSheet } from "@shared/quote/locked-price";
import { databaseUrl } from "./test-postgres";

/**
 * The leads the browser tests' server stored (tests/support/e2e-site.ts), read straight from its
 * PostgreSQL as the owner's commands would: the tests check what reached the store, not what the
 * page said.
 */

let sql: postgres.Sql | undefined;

/** The admin URL of the run's cluster (playwright.config.ts sets the file's path). */
export function e2eAdminUrl(): string {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error("E2E_DATABASE_FILE is not set: run through playwright.config.ts.");
  return readFileSync(file, "utf8").trim();
}

/** A connection to the site's database for this run. */
export function e2eDatabase(): postgres.Sql {
  sql ??= postgres(databaseUrl(e2eAdminUrl(), "e2e"), { max: 2, onnotice: () => undefined });
  return sql;
}

export type StoredRow = Record<string, unknown>;

/** A row as a test compares it: times as ISO text, the visit's date as "YYYY-MM-DD", prices as numbers. */
function plain(row: StoredRow): StoredRow {
  const out: StoredRow = {};
  for (const [column, value] of Object.entries(row)) {
    out[column] =
      value instanceof Date
        ? column === "visit_earliest_date"
          ? value.toISOString().slice(0, 10)
          : value.toISOString()
        : column.endsWith("_price") && value !== null
          ? Number(value)
          : value;
  }
  return out;
}

/** Every lead the visitor named `name` made, oldest first. */
export async function leadsNamed(name: string): Promise<StoredRow[]> {
  const rows = await e2eDatabase()`
    select * from public.quote_requests where name = ${name} order by created_at`;
  return rows.map(plain);
}

/** The lead `id`, or undefined. */
export async function leadById(id: string): Promise<StoredRow | undefined> {
  const [row] = await e2eDatabase()`select * from public.quote_requests where id = ${id}`;
  return row && plain(row);
}

/** Moves the lead's request time to `at`: its price lock runs from then. */
export async function redateStoredLead(id: string, at: Date): Promise<void> {
  await e2eDatabase()`update public.quote_requests set created_at = ${at} where id = ${id}`;
}

/** Makes a lead as if it had been quoted from `sheet` (an older price table) at `totalPrice`. */
export async function holdStoredLeadTo(
  id: string,
  sheet: PriceSheet,
  totalPrice: number,
): Promise<void> {
  await e2eDatabase()`
    update public.quote_requests
    set price_sheet = ${e2eDatabase().json(sheet)},
      total_price = ${totalPrice}, client_total_price = ${totalPrice}
    where id = ${id}`;
}
