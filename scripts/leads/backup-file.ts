import { gunzipSync, gzipSync } from "node:zlib";
import { z } from "zod";

/**
 * The owner's backup file (docs/leads.md, "Backups and restore"): text, or gzip of it when the name
 * ends in `.gz`. Line 1 is a SQL comment with the header as JSON (the format's version, the
 * migrations the store had, PostgreSQL's major, the snapshot's time, each table's columns and row
 * count); then each table as `COPY public."t" (columns) FROM stdin;`, its rows in COPY's text
 * format (one line each), and `\.`. Text COPY loads into any later PostgreSQL major; the file also
 * reads as a psql script into a migrated, empty store.
 */

export const BACKUP_FORMAT = 1;
const MAGIC = "-- suncoast-shine leads backup ";

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  /** supabase/migrations versions the store recorded as applied. */
  migrations: z.array(z.string()),
  /** PostgreSQL's major version on the store backed up. */
  postgres: z.int(),
  /** When the snapshot was taken (the store's clock). */
  takenAt: z.iso.datetime({ offset: true }),
  /** In dependency order: a table after those it references. */
  tables: z.array(
    z.object({ name: z.string(), columns: z.array(z.string()).min(1), rows: z.int().min(0) }),
  ),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export type Backup = {
  header: BackupHeader;
  /** Each table's rows in COPY's text format, one line per row. */
  rows: ReadonlyMap<string, readonly string[]>;
};

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const copyTarget = (table: { name: string; columns: readonly string[] }) =>
  `public.${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(", ")})`;

export function writeBackup(backup: Backup, gzip: boolean): Buffer {
  const parts = [`${MAGIC}${JSON.stringify(backup.header)}`];
  for (const table of backup.header.tables) {
    parts.push(
      `COPY ${copyTarget(table)} FROM stdin;`,
      ...(backup.rows.get(table.name) ?? []),
      "\\.",
    );
  }
  const text = Buffer.from(`${parts.join("\n")}\n`);
  return gzip ? gzipSync(text) : text;
}

/** The file's contents read back and checked: a damaged or foreign file is refused with why. */
export function readBackup(bytes: Buffer, file: string): Backup {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  let text: string;
  try {
    text = (gzipped ? gunzipSync(bytes) : bytes).toString("utf8");
  } catch (error) {
    throw new BackupFileProblem(`${file} is not a whole gzip file (${String(error)})`);
  }
  const lines = text.split("\n");
  const first = lines[0] ?? "";
  if (!first.startsWith(MAGIC)) {
    throw new BackupFileProblem(
      `${file} is not a backup of this site's lead store (its first line is not "${MAGIC.trim()} …")`,
    );
  }
  const parsed = backupHeaderSchema.safeParse(safeJson(first.slice(MAGIC.length)));
  if (!parsed.success) {
    throw new BackupFileProblem(`${file}'s header cannot be read: ${parsed.error.message}`);
  }
  const header = parsed.data;
  const rows = new Map<string, string[]>();
  let at = 1;
  for (const table of header.tables) {
    if (lines[at] !== `COPY ${copyTarget(table)} FROM stdin;`) {
      throw new BackupFileProblem(
        `${file} is cut short or damaged: ${table.name}'s rows are missing`,
      );
    }
    const end = lines.indexOf("\\.", at + 1);
    if (end === -1 || end - at - 1 !== table.rows) {
      throw new BackupFileProblem(
        `${file} is cut short or damaged: ${table.name} should have ${table.rows} rows`,
      );
    }
    rows.set(table.name, lines.slice(at + 1, end));
    at = end + 1;
  }
  return { header, rows };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The file cannot be used as a backup; nothing was changed. */
export class BackupFileProblem extends Error {
  override name = "BackupFileProblem";
}
