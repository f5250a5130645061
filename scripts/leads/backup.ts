import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { finished } from "node:stream/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import type postgres from "postgres";
import { z } from "zod";
import { connectPool } from "@shared/leads/pool";
import { forgetExpiredTokens } from "@shared/leads/release";
import { datedBackupName, datedBackups } from "@/lib/leads/backups";
import { plural } from "@/lib/leads/report";
import { appliedMigrations, migrate, migrationFiles } from "../postgres/cluster.ts";

/**
 * `backup` and `restore`, and the file between them (docs/leads.md, "Backups and restore"): no
 * pg_dump ships with the embedded binaries and `supabase db dump` needs Docker, so a backup is COPY
 * of every table in one snapshot, in COPY's text format, which any later PostgreSQL major loads.
 */

/** What the owner is told instead of "failed": the whole reason, nothing changed. */
export class Refusal extends Error {
  override name = "Refusal";
}

const MAGIC = "-- suncoast-shine leads backup ";

/** The file's first line. `tables`: in dependency order, each after those it references. */
const headerSchema = z.object({
  format: z.literal(1),
  migrations: z.array(z.string()),
  postgres: z.int(),
  takenAt: z.iso.datetime({ offset: true }),
  tables: z.array(
    z.object({ name: z.string(), columns: z.array(z.string()).min(1), rows: z.int().min(0) }),
  ),
});
type Header = z.infer<typeof headerSchema>;

export type Backup = { header: Header; rows: ReadonlyMap<string, readonly string[]> };

/** Tables an older backup holds that a later migration dropped, with nothing to restore. */
const DROPPED = new Set(["signed_request_nonces"]);

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const target = (table: { name: string; columns: readonly string[] }) =>
  `public.${ident(table.name)} (${table.columns.map(ident).join(", ")})`;
export const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function writeBackup(backup: Backup, gzip: boolean): Buffer {
  const lines = [`${MAGIC}${JSON.stringify(backup.header)}`];
  for (const table of backup.header.tables) {
    lines.push(`COPY ${target(table)} FROM stdin;`, ...(backup.rows.get(table.name) ?? []), "\\.");
  }
  const text = Buffer.from(`${lines.join("\n")}\n`);
  return gzip ? gzipSync(text) : text;
}

/** The file read and checked: a missing, damaged or foreign file is refused with why. */
export function readBackup(file: string): Backup {
  let lines: string[];
  try {
    const bytes = fs.readFileSync(file);
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    lines = (gzipped ? gunzipSync(bytes) : bytes).toString("utf8").split("\n");
  } catch (error) {
    throw new Refusal(`${file} cannot be read: ${reason(error)}`);
  }
  let header: Header;
  try {
    if (!lines[0]?.startsWith(MAGIC)) throw new Error(`its first line is not "${MAGIC}…"`);
    header = headerSchema.parse(JSON.parse(lines[0].slice(MAGIC.length)));
  } catch (error) {
    throw new Refusal(`${file} is not a backup of this site's lead store: ${reason(error)}`);
  }
  const rows = new Map<string, string[]>();
  let at = 1;
  for (const table of header.tables) {
    const end = lines.indexOf("\\.", at + 1);
    if (lines[at] !== `COPY ${target(table)} FROM stdin;` || end - at - 1 !== table.rows) {
      throw new Refusal(
        `${file} is cut short or damaged: ${table.name} should have ${table.rows} rows`,
      );
    }
    rows.set(table.name, lines.slice(at + 1, end));
    at = end + 1;
  }
  return { header, rows };
}

/** The public tables of the store with their columns, each after the tables it references. */
async function storeTables(sql: postgres.TransactionSql) {
  const tables = await sql<{ name: string; columns: string[]; references: string[] }[]>`
    select c.relname::text as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
              and a.attgenerated = '' order by a.attnum) as columns,
      array(select r.relname::text from pg_constraint k join pg_class r on r.oid = k.confrelid
            where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid) as references
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
    order by c.relname`;
  const ordered: { name: string; columns: string[] }[] = [];
  const placed = (name: string) => ordered.some((table) => table.name === name);
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !placed(t.name) && t.references.every(placed));
    if (!next) throw new Error("The store's tables reference each other in a cycle.");
    ordered.push(next);
  }
  return ordered;
}

/**
 * Every table of the store as of one snapshot, but rate_limit_buckets: each client's bucket
 * refills within its window (10 minutes), so a restore starts them full, as a new store does.
 */
async function takeBackup(sql: postgres.Sql): Promise<Backup> {
  return (await sql.begin("isolation level repeatable read read only", async (tx) => {
    // The snapshot is taken at the first statement: this one.
    const [now] = await tx`
      select clock_timestamp() as at, current_setting('server_version_num')::int / 10000 as major`;
    const tables = (await storeTables(tx)).filter(({ name }) => name !== "rate_limit_buckets");
    if (!tables.some(({ name }) => name === "quote_requests")) {
      throw new Refusal("The store has no public.quote_requests: it is not the site's.");
    }
    const rows = new Map<string, string[]>();
    for (const table of tables) {
      const copy = await tx.unsafe(`copy ${target(table)} to stdout`).readable();
      const text = Buffer.concat(await copy.toArray()).toString("utf8");
      rows.set(table.name, text.split("\n").slice(0, -1));
    }
    const header: Header = {
      format: 1,
      migrations: await appliedMigrations(tx),
      postgres: Number(now?.major),
      takenAt: (now?.at as Date).toISOString(),
      tables: tables.map(({ name, columns }) => ({ name, columns, rows: rows.get(name)!.length })),
    };
    return { header, rows };
  })) as Backup;
}

/**
 * Loads `backup` in one transaction, into an empty store unless `replace`. Each lead's version
 * moves up by the microseconds since the snapshot, and past its version in the store replaced:
 * never back (docs/leads.md, "Versions never go back").
 */
async function loadBackup(sql: postgres.Sql, backup: Backup, replace: boolean) {
  return (await sql.begin(async (tx) => {
    await tx`lock table public.quote_requests in exclusive mode`;
    const held = await tx`select id::text as id, version::text as v from public.quote_requests`;
    if (held.length > 0 && !replace) {
      throw new Refusal(
        `The store already holds ${plural(held.length, "lead")}: nothing was restored. restore FILE --replace replaces every lead with the backup's (nothing is merged); back up first.`,
      );
    }
    const replaced = new Map(held.map((row) => [String(row.id), BigInt(String(row.v))]));
    const kept = backup.header.tables.filter((table) => !DROPPED.has(table.name));
    const names = kept.map((table) => `public.${ident(table.name)}`);
    await tx.unsafe(`truncate table ${names.join(", ")}`);
    const [step] = await tx`
      select greatest(1, floor(extract(epoch from clock_timestamp() - ${backup.header.takenAt}::timestamptz) * 1000000))::text as us`;
    const versionStep = BigInt(String(step?.us));
    const counts: Record<string, number> = {};
    for (const table of kept) {
      const [id, version] = ["id", "version"].map((column) => table.columns.indexOf(column));
      let lines = backup.rows.get(table.name) ?? [];
      if (table.name === "quote_requests") {
        lines = lines.map((line) => {
          const cells = line.split("\t");
          const stepped = BigInt(cells[version!]!) + versionStep;
          const past = (replaced.get(cells[id!]!) ?? 0n) + 1n;
          cells[version!] = String(stepped > past ? stepped : past);
          return cells.join("\t");
        });
      }
      if (lines.length > 0) {
        const stream = await tx.unsafe(`copy ${target(table)} from stdin`).writable();
        stream.end(`${lines.join("\n")}\n`);
        await finished(stream);
      }
      counts[table.name] = lines.length;
    }
    // Each serial column's sequence goes on from the highest value restored.
    const serials = await tx`
      select format('select setval(%L, coalesce(max(%I), 1), max(%I) is not null) from %s',
        s.seq, a.attname, a.attname, c.oid::regclass) as statement
      from pg_class c join pg_attribute a on a.attrelid = c.oid,
        lateral pg_get_serial_sequence(c.oid::regclass::text, a.attname) s(seq)
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0
        and not a.attisdropped and s.seq is not null`;
    for (const { statement } of serials) await tx.unsafe(String(statement));
    const owed = await holdOwed(tx, backup.header.takenAt);
    // Raw tokens past the replay window are erased, as the store erases them (release.ts).
    await forgetExpiredTokens(tx);
    return { counts, versionStep, owed };
  })) as { counts: Record<string, number>; versionStep: bigint; owed: Held[] };
}

type Held = { lead: string; name: string; channel: string; kind: string; owedSince: Date };

/**
 * What the snapshot still owed (e-mails, CRM posts) may have gone out after it: each is held as a
 * dead letter, never sent again by itself, for the owner to check and send with `retry` (docs/
 * leads.md, "Backups and restore"). A held confirmation loses its link's token, as a dead one does.
 */
async function holdOwed(tx: postgres.TransactionSql, takenAt: string): Promise<Held[]> {
  const why = `held by a restore: owed at the backup's snapshot (${takenAt}), it may have gone out after it; check, then send it with npm run leads -- retry ID`;
  return await tx<Held[]>`
    with held as (
      update public.lead_outbox
      set status = 'dead', last_error = ${why}, leased_until = null, lease_id = null,
          quote_token = null
      where status = 'pending'
      returning lead_id, channel, kind, created_at
    )
    select h.lead_id::text as lead, q.name, h.channel, h.kind, h.created_at as "owedSince"
    from held h join public.quote_requests q on q.id = h.lead_id
    order by h.created_at, h.lead_id`;
}

async function restoreInto(sql: postgres.Sql, url: string, backup: Backup, replace: boolean) {
  const known = new Set(migrationFiles().map(({ version }) => version));
  const newer = backup.header.migrations.filter((version) => !known.has(version));
  if (newer.length > 0) {
    throw new Refusal(
      `The backup was made by newer code (migrations ${newer.join(", ")} are not in supabase/migrations): update this site first.`,
    );
  }
  await migrate(url);
  return await loadBackup(sql, backup, replace);
}

/** A file that would not restore is found now: restored into a scratch database. */
async function checkByRestoring(sql: postgres.Sql, url: string, backup: Backup) {
  const name = `leads_backup_check_${randomBytes(6).toString("hex")}`;
  try {
    await sql.unsafe(`create database ${ident(name)}`);
  } catch (error) {
    throw new Error(
      `The backup could not be checked: the store's user cannot create a scratch database on the server (${reason(error)}).`,
    );
  }
  const scratchUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const scratch = connectPool(scratchUrl);
  try {
    // Each table's COPY loads every row of it or fails: restored is whole.
    await restoreInto(scratch, scratchUrl, backup, false);
  } finally {
    await scratch.end();
    await sql.unsafe(`drop database if exists ${ident(name)} with (force)`);
  }
}

/** "3 leads; lead_outbox 6, …": a backup's or a restore's tables. */
function countsText(counts: Record<string, number>): string {
  const others = Object.entries(counts).filter(([name]) => name !== "quote_requests");
  return `${plural(counts.quote_requests ?? 0, "lead")}; ${others.map((entry) => entry.join(" ")).join(", ")}`;
}

/** What Supabase keeps besides this file (docs/leads.md, "Backups and restore"). */
const SUPABASE_KEEPS =
  "Supabase backs the project up too, daily: the last 7 days on the Pro plan, 14 on Team, up to 30 on Enterprise (on Free none can be restored: keep these files), and point-in-time recovery on paid plans as an add-on (Dashboard > Database > Backups). This file is your copy off Supabase.";

/** The store a command acts on; `source` names it for messages; `out` prints. */
export type Store = { sql: postgres.Sql; url: string; source: string; supabase: boolean; out: Out };
type Out = (text: string) => void;

/**
 * `backup [FILE | FOLDER] [--keep N]`: written beside its name, checked, then renamed into place
 * (a file that fails its check never replaces one). A folder (or a name without an extension)
 * gets a dated file, of which `keep` keeps the newest.
 */
export async function backupCommand(store: Store, named: string, keep: number | null) {
  const { out } = store;
  const folder = (fs.existsSync(named) ? fs.statSync(named).isDirectory() : !path.extname(named))
    ? named
    : null;
  if (keep !== null && !folder) {
    throw new Refusal(`--keep rotates dated backups in a folder; ${named} is a file.`);
  }
  const file = folder ? path.join(folder, datedBackupName(new Date())) : named;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const backup = await takeBackup(store.sql);
  const bytes = writeBackup(backup, file.endsWith(".gz"));
  const partial = `${file}.partial-${process.pid}`;
  fs.writeFileSync(partial, bytes, { mode: 0o600, flush: true });
  try {
    await checkByRestoring(store.sql, store.url, readBackup(partial));
    fs.renameSync(partial, file);
    // The rename itself, on the disk.
    const dir = fs.openSync(path.dirname(path.resolve(file)), "r");
    fs.fsyncSync(dir);
    fs.closeSync(dir);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  const { header } = backup;
  out(
    `Backed up the lead store (${store.source}) to ${file} (${Math.ceil(bytes.length / 1024)} KB), as of ${header.takenAt}.`,
  );
  out(`It holds ${countsText(Object.fromEntries(header.tables.map((t) => [t.name, t.rows])))}.`);
  out(
    `Checked: restored into a scratch database on the same server. PostgreSQL ${header.postgres}; migrations up to ${header.migrations.at(-1) ?? "(none recorded)"}.`,
  );
  if (folder && keep !== null) {
    const removed = datedBackups(folder).slice(keep);
    for (const { file: old } of removed) fs.rmSync(old);
    if (removed.length > 0) {
      const names = removed.map(({ file: old }) => path.basename(old));
      out(`Removed ${removed.length} older backups (--keep ${keep}): ${names.join(", ")}`);
    }
  }
  if (store.supabase) out(SUPABASE_KEEPS);
}

export async function restoreCommand(store: Store, file: string, replace: boolean): Promise<void> {
  const backup = readBackup(file);
  const { counts, versionStep, owed } = await restoreInto(store.sql, store.url, backup, replace);
  const { header } = backup;
  store.out(
    `Restored ${file} (taken ${header.takenAt}, PostgreSQL ${header.postgres}) into the lead store (${store.source}): ${countsText(counts)}.`,
  );
  store.out(
    `Each lead's version moved up by ${versionStep} (the microseconds since the backup), so the CRM takes its next change as newer than any it had.`,
  );
  if (owed.length === 0) return store.out("Nothing was owed at the snapshot: nothing is held.");
  store.out(
    [
      `Held ${owed.length} of what the snapshot owed (e-mails, CRM posts), which may have gone out after it: none is sent again by itself.`,
      ...owed.map(
        (row) =>
          `  ${row.lead.slice(0, 8)}  ${row.name}: ${HELD_NAMES[row.kind] ?? row.kind}, owed since ${row.owedSince.toISOString()}`,
      ),
      "Check each (your inbox, the visitor, the CRM), then send what did not go: npm run leads -- retry ID (every one: retry --all). npm run leads -- list --failed lists them.",
    ].join("\n"),
  );
}

/** What a held outbox row is, for the owner. */
const HELD_NAMES: Record<string, string> = {
  owner: 'the owner\'s "New quote request" e-mail',
  owner_update: 'the owner\'s "Quote updated" e-mail',
  visitor: "the visitor's confirmation e-mail",
  dead_letter: "the owner's CRM-failure alert",
  "lead.created": "the CRM post of the new lead",
  "lead.updated": "the CRM post of a change",
};
