import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import type postgres from "postgres";
import { connectPool } from "@shared/leads/pool";
import { forgetExpiredTokens } from "@shared/leads/release";
import {
  type Backup,
  BackupFileProblem,
  type BackupHeader,
  BACKUP_FORMAT,
  copyTarget,
  quoteIdent,
  readBackup,
  writeBackup,
} from "./backup-file";
import { appliedMigrations, migrationFiles } from "../postgres/cluster.ts";

/**
 * `backup FILE` and `restore FILE` on the PostgreSQL store (docs/leads.md, "Backups and restore"):
 * no pg_dump ships with the embedded binaries and `supabase db dump` needs Docker, so the backup is
 * COPY of every table of the system of record in one read-only repeatable-read transaction (one
 * snapshot), checked by restoring it into a scratch database on the same server; a restore runs
 * the migrations, then loads the file in one transaction.
 */

type Sql = postgres.Sql;
type Tx = postgres.TransactionSql;

/** Applies supabase/migrations to the database at `url` (./migrate.ts, or the cluster's own). */
export type Migrate = (url: string) => Promise<unknown>;

/**
 * Tables not worth keeping: each client's rate-limit bucket refills within its window (10 minutes),
 * so a restore starts them full, as a new store does.
 */
const NOT_KEPT = new Set(["rate_limit_buckets"]);

/** Tables an older backup holds that a later migration dropped, with nothing to restore. */
const DROPPED = new Set(["signed_request_nonces"]);

type TableInfo = { name: string; columns: string[]; references: string[] };

/** The public tables of the store with their columns, in dependency order. */
async function storeTables(sql: Sql | Tx): Promise<TableInfo[]> {
  const rows = await sql`
    select c.relname as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
              and a.attgenerated = '' order by a.attnum) as columns,
      array(select r.relname::text from pg_constraint k join pg_class r on r.oid = k.confrelid
            where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid) as references
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
    order by c.relname`;
  const tables = rows.map((row) => ({
    name: String(row.name),
    columns: (row.columns as string[]).map(String),
    references: (row.references as string[]).map(String),
  }));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find(
      (table) => !placed.has(table.name) && table.references.every((name) => placed.has(name)),
    );
    if (!next) throw new Error("The store's tables reference each other in a cycle.");
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

async function copyOut(tx: Tx, table: TableInfo): Promise<string[]> {
  const stream = await tx.unsafe(`copy ${copyTarget(table)} to stdout`).readable();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}

/** Every kept table of the store, as of one snapshot. */
export async function takeBackup(sql: Sql): Promise<Backup> {
  return (await sql.begin("isolation level repeatable read read only", async (tx) => {
    // The snapshot is taken at the first statement: this one.
    const [now] =
      await tx`select clock_timestamp() as at, current_setting('server_version_num') as v`;
    const tables = (await storeTables(tx)).filter((table) => !NOT_KEPT.has(table.name));
    if (!tables.some((table) => table.name === "quote_requests")) {
      throw new Error("The store has no public.quote_requests: it is not this site's lead store.");
    }
    const rows = new Map<string, string[]>();
    for (const table of tables) rows.set(table.name, await copyOut(tx, table));
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      migrations: await appliedMigrations(tx),
      postgres: Math.floor(Number(now?.v) / 10_000),
      takenAt: (now?.at as Date).toISOString(),
      tables: tables.map(({ name, columns }) => ({
        name,
        columns,
        rows: rows.get(name)?.length ?? 0,
      })),
    };
    return { header, rows };
  })) as Backup;
}

/** COPY text's version column of a quote_requests line, replaced. */
function withVersion(line: string, at: number, version: (old: bigint, id: string) => bigint) {
  const cells = line.split("\t");
  const old = cells[at];
  const id = cells[0];
  if (old === undefined || id === undefined) return line;
  cells[at] = String(version(BigInt(old), id));
  return cells.join("\t");
}

export type Loaded = { counts: Record<string, number>; versionStep: bigint };

/**
 * Loads `backup` into the store in one transaction: refused when the store holds leads unless
 * `replace` (then every kept table is emptied first: nothing is merged). Each lead's version moves
 * past any it can have reached after the backup (#43, defect 1: the CRM may ignore a post whose
 * version is not above the last it took): by the microseconds between the snapshot and now, as no
 * change of one lead commits in less, and past its version in the store replaced. The sequences
 * (the outbox's ids) continue after the highest id loaded.
 */
export async function loadBackup(
  sql: Sql,
  backup: Backup,
  { replace }: { replace: boolean },
): Promise<Loaded> {
  const kept = backup.header.tables.filter((table) => !DROPPED.has(table.name));
  return (await sql.begin(async (tx) => {
    const tables = new Map((await storeTables(tx)).map((table) => [table.name, table]));
    for (const table of kept) {
      const here = tables.get(table.name);
      const missing = table.columns.filter((column) => !here?.columns.includes(column));
      if (!here || missing.length > 0) {
        throw new BackupFileProblem(
          `The store has no ${here ? `column ${missing.join(", ")} in ` : ""}public.${table.name}: the backup was made by code with other migrations (a newer site: update this one first).`,
        );
      }
    }
    await tx`lock table public.quote_requests in exclusive mode`;
    const [held] = await tx`select count(*)::int as n from public.quote_requests`;
    const holding = Number(held?.n ?? 0);
    if (holding > 0 && !replace) {
      throw new StoreNotEmpty(holding);
    }
    const current = new Map<string, bigint>(
      (await tx`select id::text as id, version::text as version from public.quote_requests`).map(
        (row) => [String(row.id), BigInt(String(row.version))],
      ),
    );
    const names = kept.map((table) => `public.${quoteIdent(table.name)}`);
    await tx.unsafe(`truncate table ${names.join(", ")}`);
    const [step] = await tx`
      select greatest(1, floor(extract(epoch from clock_timestamp() - ${backup.header.takenAt}::timestamptz) * 1000000))::text as us`;
    const versionStep = BigInt(String(step?.us ?? "1"));
    const counts: Record<string, number> = {};
    for (const table of kept) {
      let lines = backup.rows.get(table.name) ?? [];
      const versionAt = table.columns.indexOf("version");
      if (table.name === "quote_requests" && versionAt !== -1) {
        lines = lines.map((line) =>
          withVersion(line, versionAt, (old, id) => {
            const stepped = old + versionStep;
            const replaced = (current.get(id) ?? 0n) + 1n;
            return stepped > replaced ? stepped : replaced;
          }),
        );
      }
      if (lines.length > 0) {
        const stream = await tx.unsafe(`copy ${copyTarget(table)} from stdin`).writable();
        await new Promise<void>((resolve, reject) => {
          stream.on("error", reject);
          stream.on("finish", resolve);
          stream.end(`${lines.join("\n")}\n`);
        });
      }
      counts[table.name] = lines.length;
    }
    // Each serial column's sequence goes on after the highest value loaded.
    const serials = await tx`
      select c.relname::text as t, a.attname::text as col,
        pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as seq
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r'
        and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`;
    for (const serial of serials) {
      await tx.unsafe(
        `select setval($1, coalesce(max(${quoteIdent(String(serial.col))}), 1), max(${quoteIdent(String(serial.col))}) is not null) from public.${quoteIdent(String(serial.t))}`,
        [String(serial.seq)],
      );
    }
    // Raw tokens past the replay window are erased, as the store erases them (release.ts).
    await forgetExpiredTokens(tx);
    return { counts, versionStep };
  })) as Loaded;
}

/** The store already holds leads and the restore was not told to replace them. */
export class StoreNotEmpty extends Error {
  override name = "StoreNotEmpty";
  constructor(readonly leads: number) {
    super(
      `The store already holds ${leads} lead${leads === 1 ? "" : "s"}: nothing was restored. restore FILE --replace replaces every lead with the backup's (nothing is merged); back up first.`,
    );
  }
}

/** Writes `bytes` to a new file beside `file`, flushed to disk; returns its name. */
function writePartial(file: string, bytes: Buffer): string {
  const partial = `${file}.partial-${process.pid}`;
  const fd = openSync(partial, "w", 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return partial;
}

/** `partial` becomes `file`, the rename itself flushed to disk. */
function moveInto(partial: string, file: string): void {
  renameSync(partial, file);
  const dir = openSync(path.dirname(path.resolve(file)), "r");
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** The same server's database `name`, for the backup's check. */
function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Restores `backup` into a scratch database made on the same server (migrated, loaded as a restore
 * loads, each table's rows counted), then drops it: a file that would not restore is found now.
 */
async function checkByRestoring(
  sql: Sql,
  url: string,
  backup: Backup,
  migrate: Migrate,
): Promise<void> {
  const name = `leads_backup_check_${randomBytes(6).toString("hex")}`;
  try {
    await sql.unsafe(`create database ${quoteIdent(name)}`);
  } catch (error) {
    throw new Error(
      `The backup could not be checked: the store's user cannot create a scratch database on the server (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    );
  }
  try {
    const scratchUrl = databaseUrl(url, name);
    await migrate(scratchUrl);
    const scratch = connectPool(scratchUrl);
    try {
      await loadBackup(scratch, backup, { replace: false });
      for (const table of backup.header.tables) {
        const [row] = await scratch.unsafe(
          `select count(*)::int as n from public.${quoteIdent(table.name)}`,
        );
        if (Number(row?.n) !== table.rows) {
          throw new Error(
            `The backup's check failed: ${table.name} came back with ${String(row?.n)} rows of ${table.rows}.`,
          );
        }
      }
    } finally {
      await scratch.end();
    }
  } finally {
    await sql.unsafe(`drop database if exists ${quoteIdent(name)} with (force)`);
  }
}

export type BackupReport = { file: string; bytes: number; header: BackupHeader };

/** `backup FILE`: the snapshot written to FILE (gzip when it ends in .gz), then checked. */
export async function backupStore(
  sql: Sql,
  url: string,
  file: string,
  { migrate }: { migrate: Migrate },
): Promise<BackupReport> {
  const backup = await takeBackup(sql);
  const bytes = writeBackup(backup, file.endsWith(".gz"));
  // What is on the disk is checked, before it replaces anything of that name: a file that fails
  // its check is removed and the previous one stays.
  const partial = writePartial(file, bytes);
  try {
    await checkByRestoring(sql, url, readBackup(readFileSync(partial), file), migrate);
    moveInto(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { file, bytes: bytes.length, header: backup.header };
}

export type RestoreReport = Loaded & { header: BackupHeader; migrated: unknown };

/** `restore FILE [--replace]`: the file checked, the migrations run, then loaded in one transaction. */
export async function restoreStore(
  sql: Sql,
  url: string,
  file: string,
  { migrate, replace }: { migrate: Migrate; replace: boolean },
): Promise<RestoreReport> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new BackupFileProblem(
      `${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const backup = readBackup(bytes, file);
  const known = new Set(migrationFiles().map(({ version }) => version));
  const newer = backup.header.migrations.filter((version) => !known.has(version));
  if (newer.length > 0) {
    throw new BackupFileProblem(
      `${file} was made by newer code (migrations ${newer.join(", ")} are not in supabase/migrations): update this site first.`,
    );
  }
  const migrated = await migrate(url);
  const loaded = await loadBackup(sql, backup, { replace });
  return { ...loaded, header: backup.header, migrated };
}
