import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type postgres from "postgres";
import type { MailSettings } from "@/lib/env";
import { leadsToCsv, type ListKind } from "@/lib/leads/report";
import { leadOf } from "@/lib/leads/lead-store";
import { listLeads, showLead } from "@shared/leads/owner-reads";
import { requeueDead } from "@shared/leads/outbox";
import { storedQuote } from "@shared/leads/stored-lead";
import { releaseInTransaction } from "@shared/leads/release";
import type { ListedLead, ReleaseResult } from "@shared/leads/store-contract";
import { backupStore, restoreStore, type Migrate } from "./backup";
import { connectStore, describeStore } from "./connect";
import { importSqliteInbox } from "./import-sqlite";
import {
  type Io,
  notFoundMessage,
  NPM_BANNER_WARNING,
  npmBannerInOutput,
  previewMail,
  printLead,
  printList,
  reportRelease,
  formatBytes,
} from "./present";

/**
 * The owner's commands on the PostgreSQL store (docs/leads.md, "The owner's commands"), whichever
 * it is: the embedded cluster, `npm run backend`'s, or the Supabase project's. Each reads and
 * writes the store with the store's own code (supabase/functions/_shared/leads/), never a file
 * of this machine; one that cannot do its job exits 1 with the reason.
 */

export type OwnerStore = {
  sql: postgres.Sql;
  /** The store's connection string, for the backup's check and the migrations. */
  url: string;
  /** Where it came from, as the operator set it (DATABASE_URL, SUPABASE_DB_URL, the embedded cluster). */
  source: string;
  /** The Supabase project's database: the backup says what Supabase keeps too. */
  supabase: boolean;
  migrate: Migrate;
};

export type OwnerOptions = {
  mail: MailSettings | null;
  /**
   * CRM_WEBHOOK_URL is set where the command runs: a released or imported lead is queued for the
   * CRM. Without it, the store is asked (crmInUse): on Supabase the URL is the function's secret.
   */
  webhookConfigured: boolean;
  now?: () => Date;
};

export const PG_USAGE = `Read and manage the quote requests (leads) the website has received.

Usage: npm run leads -- <command>

Commands:
  list            the newest leads first, as a table (up to 500; all: export --csv)
  list --spam     the requests the bot traps flagged (kept, e-mailed to you marked as
                  suspected spam, not sent to the CRM)
  list --failed   the leads whose CRM post or e-mail was refused, with the reason
  show ID         one lead in full (the ID, or its first characters as list shows them)
  release ID      a flagged request is real: queued for the CRM (when CRM_WEBHOOK_URL is set)
                  and the visitor's confirmation e-mail, as for any lead (once)
  retry ID        queue what was refused for a lead (CRM post, e-mails) again, now
  retry --all     every refused CRM post and e-mail again, each lead's in the order first queued
  export --csv    every lead as CSV, times in the business's time zone, with where each came
                  from (utm_*, gclid, referrer, landing page):
                    npm run -s leads -- export --csv > leads.csv
  preview ID [--out DIR]
                  a lead's two e-mails as text (or .eml and .html files in DIR), not sent
  backup [FILE | FOLDER] [--keep N]
                  a consistent copy of the store, checked by restoring it into a scratch
                  database: to FILE, or a dated file in FOLDER (default data/backups/);
                  --keep N keeps the newest N dated files there. .gz names are gzipped
  restore FILE [--replace]
                  load a backup into the store (its migrations run first); refused when the
                  store holds leads unless --replace (then every lead is the backup's)
  import-sqlite FILE
                  the one-time move of an old embedded inbox (data/leads.db) into this store

The store: DATABASE_URL, or SUPABASE_DB_URL (the Supabase project's database), or the embedded
cluster (LEADS_DATA_DIR, default data/postgres). docs/leads.md, "The owner's commands".`;

/**
 * Whether the store posts to a CRM: CRM_WEBHOOK_URL set here, or CRM posts queued in it before
 * (only a store with the webhook set queues them, outbox.ts). A lead queued for a CRM that is not
 * set stays "sending"; one not queued for a CRM that is would never reach it, so when the store
 * has posted before it is queued.
 */
async function crmInUse(
  sql: postgres.Sql,
  options: OwnerOptions,
  supabase: boolean,
): Promise<boolean> {
  // On Supabase the webhook's URL is the function's secret, not this shell's: the post is queued,
  // and the function sends it when its CRM_WEBHOOK_URL is set.
  if (options.webhookConfigured || supabase) return true;
  const [row] = await sql`
    select exists (select 1 from public.lead_outbox where channel = 'crm') as used`;
  return row?.used === true;
}

/** `list`'s table and `show`'s and `preview`'s lead, or the words for an id that names none. */
async function findLead(sql: postgres.Sql, id: string, io: Io): Promise<ListedLead | null> {
  const found = await showLead(sql, id);
  if (found.status === "found") return found.lead;
  io.err(notFoundMessage(id, found.status));
  return null;
}

const DATED = /^leads-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.backup\.gz$/;

/** `backup [FILE | FOLDER] [--keep N]`: where it goes; a string is the usage error. */
function backupPlan(
  args: readonly string[],
  now: Date,
): { file: string; folder: string | null; keep: number | null } | string {
  const keepAt = args.indexOf("--keep");
  const keepText = keepAt === -1 ? null : (args[keepAt + 1] ?? "");
  const rest = keepAt === -1 ? args : args.filter((_, i) => i !== keepAt && i !== keepAt + 1);
  if (rest.length > 1 || rest[0]?.startsWith("--")) return PG_USAGE;
  if (keepText !== null && !/^[1-9]\d*$/.test(keepText)) {
    return "--keep takes how many dated backups to keep, a whole number from 1, e.g. --keep 14";
  }
  const named = rest[0] ?? path.join("data", "backups");
  const isFolder =
    (existsSync(named) && statSync(named).isDirectory()) ||
    (!existsSync(named) && path.extname(named) === "");
  if (!isFolder) {
    if (keepText !== null) return `--keep rotates dated backups in a folder; ${named} is a file.`;
    return { file: named, folder: null, keep: null };
  }
  const stamp = now.toISOString().replaceAll(":", "-");
  return {
    file: path.join(named, `leads-${stamp}.backup.gz`),
    folder: named,
    keep: keepText === null ? null : Number(keepText),
  };
}

/** What Supabase keeps besides this file (docs/leads.md, "Backups and restore"). */
const SUPABASE_KEEPS =
  "Supabase backs the project up too, daily: the last 7 days on the Pro plan, 14 on Team, up to 30 on Enterprise (on Free none can be restored: keep these files), and point-in-time recovery on paid plans as an add-on (Dashboard > Database > Backups). This file is your copy off Supabase.";

async function backupCommand(
  store: OwnerStore,
  args: readonly string[],
  io: Io,
  now: Date,
): Promise<number> {
  const plan = backupPlan(args, now);
  if (typeof plan === "string") {
    io.err(plan);
    return 2;
  }
  mkdirSync(path.dirname(plan.file), { recursive: true });
  const report = await backupStore(store.sql, store.url, plan.file, { migrate: store.migrate });
  const { header } = report;
  const leads = header.tables.find((table) => table.name === "quote_requests")?.rows ?? 0;
  io.out(
    `Backed up the lead store (${store.source}) to ${report.file} (${formatBytes(report.bytes)}), as of ${header.takenAt}.`,
  );
  io.out(
    `It holds ${leads} lead${leads === 1 ? "" : "s"}; ${header.tables
      .filter((table) => table.name !== "quote_requests")
      .map((table) => `${table.name} ${table.rows}`)
      .join(", ")}.`,
  );
  io.out(
    `Checked: restored into a scratch database on the same server, every table's rows came back. PostgreSQL ${header.postgres}; migrations up to ${header.migrations.at(-1) ?? "(none recorded)"}.`,
  );
  if (plan.folder && plan.keep !== null) {
    const dated = readdirSync(plan.folder)
      .filter((name) => DATED.test(name))
      .sort()
      .reverse();
    const removed = dated.slice(plan.keep);
    for (const name of removed) rmSync(path.join(plan.folder, name));
    if (removed.length > 0) {
      io.out(
        `Removed ${removed.length} older backups (--keep ${plan.keep}): ${removed.join(", ")}`,
      );
    }
  }
  if (store.supabase) io.out(SUPABASE_KEEPS);
  return 0;
}

async function restoreCommand(store: OwnerStore, args: readonly string[], io: Io) {
  const replace = args.includes("--replace");
  const rest = args.filter((arg) => arg !== "--replace");
  const file = rest[0];
  if (rest.length !== 1 || !file || file.startsWith("--")) {
    io.err(PG_USAGE);
    return 2;
  }
  const report = await restoreStore(store.sql, store.url, file, {
    migrate: store.migrate,
    replace,
  });
  const leads = report.counts.quote_requests ?? 0;
  io.out(
    `Restored ${file} (taken ${report.header.takenAt}, PostgreSQL ${report.header.postgres}) into the lead store (${store.source}): ${leads} lead${leads === 1 ? "" : "s"}; ${Object.entries(
      report.counts,
    )
      .filter(([name]) => name !== "quote_requests")
      .map(([name, rows]) => `${name} ${rows}`)
      .join(", ")}.`,
  );
  io.out(
    `Each lead's version moved up by ${report.versionStep} (the microseconds since the backup), so the CRM takes its next change as newer than any it had. What the backup still owed (e-mails, CRM posts) is sent as it falls due, under the same Message-IDs.`,
  );
  return 0;
}

async function releaseCommand(store: OwnerStore, id: string, options: OwnerOptions, io: Io) {
  const webhookConfigured = await crmInUse(store.sql, options, store.supabase);
  const result = (await store.sql.begin((tx) =>
    releaseInTransaction(tx, id, { webhookConfigured }),
  )) as ReleaseResult;
  return reportRelease(
    result,
    id,
    {
      queued: store.supabase
        ? "CRM: queued; the lead function posts it to its CRM webhook at its next drain (the database schedules one each minute while a post is owed)."
        : "CRM: queued; the site's server, woken by the database, posts it to the CRM webhook now.",
      not: "CRM: not queued: CRM_WEBHOOK_URL is not set here and the store has never posted to a CRM; it stays in the store like every lead.",
    },
    io,
  );
}

async function retryCommand(store: OwnerStore, which: string, io: Io) {
  const lead = which === "--all" ? null : await findLead(store.sql, which, io);
  if (which !== "--all" && !lead) return 1;
  const id = lead?.lead.id ?? null;
  const requeued = await requeueDead(store.sql, id);
  if (requeued === 0) {
    io.err(
      id
        ? `Lead ${id.slice(0, 8)} has nothing refused to send again.`
        : "Nothing was refused: there is nothing to send again.",
    );
    return 1;
  }
  io.out(
    `Queued ${requeued} again (CRM posts and e-mails), owed now with a fresh 24 hours, each lead's in the order first queued: the site's server (on Supabase, the lead function) sends them on its next round.`,
  );
  return 0;
}

/** Every lead, newest first, as CSV. */
async function exportCsv(sql: postgres.Sql): Promise<string> {
  const rows = await sql`select * from public.quote_requests order by created_at desc, id`;
  return leadsToCsv(rows.map((row) => leadOf(storedQuote(row).quote)));
}

async function run(
  args: readonly string[],
  store: OwnerStore,
  io: Io,
  options: OwnerOptions,
): Promise<number> {
  const [command, ...rest] = args;
  const flag = rest.length === 1 ? rest[0] : undefined;
  const now = options.now?.() ?? new Date();
  if (command === "list" && (rest.length === 0 || flag === "--spam" || flag === "--failed")) {
    const kind: ListKind = flag === "--spam" ? "spam" : flag === "--failed" ? "failed" : "leads";
    printList(await listLeads(store.sql, kind), kind, io);
    return 0;
  }
  if (command === "show" && flag) {
    const lead = await findLead(store.sql, flag, io);
    if (!lead) return 1;
    printLead(lead, io);
    return 0;
  }
  if (command === "release" && flag) return releaseCommand(store, flag, options, io);
  if (command === "retry" && flag) return retryCommand(store, flag, io);
  if (command === "export" && flag === "--csv") {
    if (npmBannerInOutput()) io.err(NPM_BANNER_WARNING);
    io.out((await exportCsv(store.sql)).trimEnd());
    return 0;
  }
  if (command === "preview" && rest[0] && (rest.length === 1 || (rest[1] === "--out" && rest[2]))) {
    const lead = await findLead(store.sql, rest[0], io);
    if (!lead) return 1;
    await previewMail(leadOf(lead.lead), options.mail, rest[2] ?? null, io);
    return 0;
  }
  if (command === "backup") return backupCommand(store, rest, io, now);
  if (command === "restore") return restoreCommand(store, rest, io);
  if (command === "import-sqlite" && flag) {
    const report = await importSqliteInbox(store.sql, flag, {
      webhookConfigured: await crmInUse(store.sql, options, store.supabase),
    });
    io.out(
      `Imported ${report.leads} lead${report.leads === 1 ? "" : "s"} from ${flag} into the lead store (${store.source}), with ${report.mail} e-mail rows and ${report.keys} Idempotency-Keys.`,
    );
    if (report.completed > 0) {
      io.out(
        `${report.completed} the inbox had forwarded to the lead function were completed from it (their saved-quote links now open here); their CRM status is kept.`,
      );
    }
    if (report.skipped > 0) {
      io.out(`${report.skipped} were in the store already (same ID): left as they are.`);
    }
    if (report.deliveries.queued > 0) {
      io.out(`CRM posts queued for ${report.deliveries.queued} leads the inbox still owed one.`);
    }
    if (report.deliveries.notCarried > 0) {
      io.out(
        `Not carried: ${report.deliveries.notCarried} CRM deliveries the inbox still owed or had refused (this store posts to no CRM: CRM_WEBHOOK_URL is not set here and it has never posted).`,
      );
    }
    io.out(
      `The file was only read: keep it until you have checked the leads (npm run leads -- list).`,
    );
    return 0;
  }
  if (command === "flush" && rest.length === 0) {
    io.err(
      "Nothing to flush by hand on PostgreSQL: the site's server (on Supabase, the lead function) sends what is owed as it falls due. A refused one: npm run leads -- retry ID (or --all).",
    );
    return 1;
  }
  const help = command === undefined || command === "help" || command === "--help";
  if (!help) io.err(`Unknown command: ${args.join(" ")}\n`);
  io.err(PG_USAGE);
  return help ? 0 : 2;
}

/** Runs one command against the store and resolves to the exit code; what failed is said in words. */
export async function runOwnerCommand(
  args: readonly string[],
  store: OwnerStore,
  io: Io,
  options: OwnerOptions,
): Promise<number> {
  try {
    return await run(args, store, io, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const known = ["BackupFileProblem", "ImportProblem", "StoreNotEmpty"];
    io.err(
      error instanceof Error && known.includes(error.name)
        ? reason
        : `The lead store (${store.source}) failed: ${reason}`,
    );
    return 1;
  }
}

/**
 * Connects to the store at `url`, runs one command, and closes the connections. `source` names where
 * the URL came from; `migrate` applies supabase/migrations (restore, and the backup's check).
 */
export async function runOnStore(
  args: readonly string[],
  { url, source, migrate }: { url: string; source: string; migrate: Migrate },
  io: Io,
  options: OwnerOptions,
): Promise<number> {
  const supabase = source === "SUPABASE_DB_URL" || /\.supabase\.(co|com)\b/.test(url);
  const sql = connectStore(url);
  try {
    return await runOwnerCommand(
      args,
      { sql, url, source: `${source}, ${describeStore(url)}`, supabase, migrate },
      io,
      options,
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Starts the embedded cluster, or finds it running (scripts/postgres/cluster.ts, `startCluster`). */
export type StartCluster = (options: {
  dataDir: string;
}) => Promise<{ url: string; stop: () => Promise<void>; startedHere: boolean }>;

/**
 * Neither DATABASE_URL nor SUPABASE_DB_URL: the embedded cluster in `dataDir` (LEADS_DATA_DIR),
 * started for the command when the server is not running, and stopped after it. A folder with no
 * cluster is refused, never made: only `restore` and `import-sqlite` fill a new store.
 */
export async function runOnEmbedded(
  args: readonly string[],
  {
    dataDir,
    startCluster,
    migrate,
  }: { dataDir: string; startCluster: StartCluster; migrate: Migrate },
  io: Io,
  options: OwnerOptions,
): Promise<number> {
  const [command] = args;
  if (command === undefined || command === "help" || command === "--help") {
    io.err(PG_USAGE);
    return 0;
  }
  const fills = command === "restore" || command === "import-sqlite";
  if (!fills && !existsSync(path.join(dataDir, "PG_VERSION"))) {
    io.err(
      `There is no lead store in ${dataDir} (LEADS_DATA_DIR): nothing to ${command}. The site makes it at its first start (npm start); or set DATABASE_URL, or SUPABASE_DB_URL for the Supabase project's.`,
    );
    return 1;
  }
  let cluster: Awaited<ReturnType<StartCluster>>;
  try {
    cluster = await startCluster({ dataDir });
  } catch (error) {
    io.err(
      `The embedded lead store in ${dataDir} could not be started: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  try {
    return await runOnStore(
      args,
      { url: cluster.url, source: `the embedded store in ${dataDir}`, migrate },
      io,
      options,
    );
  } finally {
    if (cluster.startedHere) await cluster.stop();
  }
}
