import "server-only";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { z } from "zod";
import { ADD_ONS, FREQUENCIES, type AddOnId } from "@shared/content/pricing";
import {
  ISO_DATE,
  PANE_RANGE_IDS,
  PARTS_OF_DAY,
  POST_CONSTRUCTION_ANSWERS,
  STORIES,
} from "@shared/quote/choices";
import type { AddOnSelection } from "@shared/quote/pricing";
import { attributionSchema } from "@shared/quote/schema";

/**
 * The `leads` table, declared once: each column's SQLite type and how a value read back is
 * checked. The inserts, updates and selects are built from this list, the Lead type follows from
 * it, and opening the inbox checks that the migrated table has exactly these columns.
 */

export const FORWARD_STATUSES = ["off", "pending", "forwarded", "failed"] as const;
export type ForwardStatus = (typeof FORWARD_STATUSES)[number];

type Column = { type: string; read: z.ZodType };

const column = <T extends z.ZodType>(type: string, read: T) => ({ type, read });
const flag = column(
  "INTEGER",
  z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1),
);

export type AddOnColumn = `add_on_${AddOnId}`;
export const addOnColumn = (id: AddOnId): AddOnColumn => `add_on_${id}`;

function addOnColumns(): Record<AddOnColumn, typeof flag> {
  const columns: Partial<Record<AddOnColumn, typeof flag>> = {};
  for (const { id } of ADD_ONS) columns[addOnColumn(id)] = flag;
  return columns as Record<AddOnColumn, typeof flag>;
}

export const LEAD_COLUMNS = {
  id: column("TEXT", z.string()),
  token_hash: column("TEXT", z.string()),
  created_at: column("TEXT", z.string()),
  updated_at: column("TEXT", z.string()),
  name: column("TEXT", z.string()),
  email: column("TEXT", z.string()),
  phone: column("TEXT", z.string()),
  address: column("TEXT", z.string()),
  message: column("TEXT", z.string()),
  pane_count: column("TEXT", z.enum(PANE_RANGE_IDS)),
  frequency: column("TEXT", z.enum(FREQUENCIES)),
  ...addOnColumns(),
  is_post_construction: column("TEXT", z.enum(POST_CONSTRUCTION_ANSWERS).nullable()),
  stories: column("TEXT", z.enum(STORIES).nullable()),
  /** The server's price, computed from the price table. */
  total_price: column("INTEGER", z.number().int()),
  /** What the browser claimed, kept only for comparison. */
  client_total_price: column("INTEGER", z.number().int().nullable()),
  source_page: column("TEXT", z.string().nullable()),
  forward_status: column("TEXT", z.enum(FORWARD_STATUSES)),
  forward_error: column("TEXT", z.string().nullable()),
  forwarded_at: column("TEXT", z.string().nullable()),
  /** The key every delivery of this lead to the lead function carries. */
  idempotency_key: column("TEXT", z.string()),
  /** Why a bot trap flagged it (kept, forwarded only once the owner releases it), or null. */
  spam_reason: column("TEXT", z.string().nullable()),
  /** The visit window asked for on the saved-quote page: both set, or both null. */
  visit_earliest_date: column("TEXT", z.string().regex(ISO_DATE).nullable()),
  visit_part_of_day: column("TEXT", z.enum(PARTS_OF_DAY).nullable()),
  /** The price table as it stood when the quote was made, as JSON (supabase/functions/_shared/quote/locked-price.ts). */
  price_sheet: column("TEXT", z.string().nullable()),
  /** Where the visit came from (docs/leads.md, "Attribution"), as JSON, or null. */
  attribution: column(
    "TEXT",
    z
      .string()
      .transform((text) => attributionSchema.parse(JSON.parse(text)))
      .nullable(),
  ),
} satisfies Record<string, Column>;

type Columns = typeof LEAD_COLUMNS;
export type LeadColumn = keyof Columns;
/** A row as written: what each column takes. */
export type LeadRowInput = { [K in LeadColumn]: z.input<Columns[K]["read"]> };

/**
 * Never read back with a lead: the token is checked against its hash in SQL, and the price sheet is
 * read only by an update that reprices (both inside update's transaction).
 */
type Hidden = "token_hash" | "price_sheet";
const HIDDEN: readonly LeadColumn[] = ["token_hash", "price_sheet"] satisfies Hidden[];

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A lead as the code uses it: camelCase fields, the add-on flags grouped as `addOns`. */
export type Lead = {
  [K in Exclude<LeadColumn, Hidden | AddOnColumn> as CamelCase<K>]: z.output<Columns[K]["read"]>;
} & { addOns: AddOnSelection };

const camelCase = (name: string) =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

const READ_COLUMNS = (Object.keys(LEAD_COLUMNS) as LeadColumn[]).filter(
  (name) => !HIDDEN.includes(name),
);

const rowSchema = z.object(
  Object.fromEntries(READ_COLUMNS.map((name) => [name, LEAD_COLUMNS[name].read])),
);

/** A row as SQLite returns it, checked and renamed: nothing read back is trusted by cast. */
export function parseLeadRow(row: unknown): Lead {
  const checked = rowSchema.parse(row);
  const lead: Record<string, unknown> = {};
  const addOns: Partial<AddOnSelection> = {};
  for (const { id } of ADD_ONS) addOns[id] = checked[addOnColumn(id)] === true;
  for (const name of READ_COLUMNS) {
    if (!name.startsWith("add_on_")) lead[camelCase(name)] = checked[name];
  }
  return { ...lead, addOns } as Lead;
}

/** `SELECT <every column but the hidden ones> FROM leads` and the rest of the query. */
export const selectLeads = (rest: string) => `SELECT ${READ_COLUMNS.join(", ")} FROM leads ${rest}`;

export function insertLead(db: DatabaseSync, row: LeadRowInput): void {
  const names = Object.keys(row) as LeadColumn[];
  db.prepare(
    `INSERT INTO leads (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
  ).run(...names.map((name): SQLInputValue => row[name]));
}

export function updateLead(
  db: DatabaseSync,
  id: string,
  changes: Partial<Omit<LeadRowInput, "id">>,
): void {
  const names = Object.keys(changes) as Exclude<LeadColumn, "id">[];
  db.prepare(`UPDATE leads SET ${names.map((name) => `${name} = ?`).join(", ")} WHERE id = ?`).run(
    ...names.map((name): SQLInputValue => changes[name] ?? null),
    id,
  );
}

/** The add-on flags as their columns take them. */
export function addOnFlags(addOns: AddOnSelection): Record<AddOnColumn, 0 | 1> {
  const flags: Partial<Record<AddOnColumn, 0 | 1>> = {};
  for (const { id } of ADD_ONS) flags[addOnColumn(id)] = addOns[id] ? 1 : 0;
  return flags as Record<AddOnColumn, 0 | 1>;
}

/** Throws when the migrated table and this declaration disagree: a migration is missing. */
export function checkLeadTable(db: DatabaseSync): void {
  const actual = db
    .prepare("SELECT name, type FROM pragma_table_info('leads')")
    .all()
    .map((row) => `${String(row.name)} ${String(row.type)}`);
  const declared = Object.entries(LEAD_COLUMNS)
    .map(([name, { type }]) => `${name} ${type}`)
    .sort();
  const missing = declared.filter((entry) => !actual.includes(entry));
  const extra = actual.filter((entry) => !declared.includes(entry));
  if (missing.length || extra.length) {
    throw new Error(
      `The leads table does not match lib/leads/lead-table.ts (missing: ${missing.join(", ") || "none"}; unexpected: ${extra.join(", ") || "none"}).`,
    );
  }
}
