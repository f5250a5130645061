import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SITE } from "@/content/site";
import { parseEnv, type MailSettings } from "@/lib/env";
import { backupFolder } from "@/lib/leads/backups";
import { formatLeadDetail, formatLeadTable, formatWhen, leadsToCsv } from "@/lib/leads/report";
import { composeMail } from "@/lib/mail/compose";
import { rawMessage } from "@/lib/mail/transport";
import { listLeads, showLead } from "@shared/leads/owner-reads";
import { eraseLead } from "@shared/leads/erase";
import { requeueDead } from "@shared/leads/outbox";
import { connectPool } from "@shared/leads/pool";
import { storedQuote } from "@shared/leads/stored-lead";
import { releaseInTransaction, type ReleaseResult } from "@shared/leads/release";
import type { StoredQuote } from "@shared/leads/store-contract";
import { defaultDataDir, migrate, startCluster } from "../postgres/cluster.ts";
import { backupCommand, reason, Refusal, restoreCommand, type Store } from "./backup";
import { mailFailedBackup } from "./backup-alert";
import { importSqliteInbox } from "./import-sqlite";
import { scheduleText } from "./schedule";

/**
 * The owner's commands (docs/leads.md, "The owner's commands") on the store the site uses, with
 * the store's own code (supabase/functions/_shared/leads/); one that cannot do its job exits 1.
 */

export const USAGE = `Usage: npm run leads -- <command> (docs/leads.md, "The owner's commands")

  list [--spam | --failed]  the newest leads, or those flagged as spam, or those refused
  show ID                   one lead in full (its ID, or its first characters as list shows them)
  release ID                a flagged lead is real: its CRM post and confirmation e-mail queued
  retry ID | --all          a lead's refused CRM posts and e-mails queued again now, or all
  erase ID --yes            one lead and everything kept about it, for a visitor's erasure request
  export --csv              every lead as CSV: npm run -s leads -- export --csv > leads.csv
  preview ID [--out DIR]    a lead's two e-mails as text (or .eml and .html files in DIR), not sent
  backup [FILE | FOLDER] [--keep N]
                            a copy of the store, checked: to FILE (gzipped if .gz), or a dated
                            file in FOLDER (LEADS_BACKUP_DIR, data/backups/), of which --keep N
                            keeps the newest N; a failure is e-mailed to the owner
  restore FILE [--replace]  a backup loaded; into a store with leads only with --replace
  import-sqlite FILE        the one-time move of an old embedded inbox (data/leads.db)
  schedule                  the crontab line and systemd units for the backup and the site,
                            with this folder and this Node.js

The store: DATABASE_URL, else SUPABASE_DB_URL, else the embedded one in LEADS_DATA_DIR.`;

const flag = { type: "boolean" } as const;
const value = { type: "string" } as const;

/** Each command's options and how many arguments it takes (at least, at most). */
const COMMANDS = {
  list: { args: [0, 0], options: { spam: flag, failed: flag } },
  show: { args: [1, 1], options: {} },
  release: { args: [1, 1], options: {} },
  retry: { args: [0, 1], options: { all: flag } },
  erase: { args: [1, 1], options: { yes: flag } },
  export: { args: [0, 0], options: { csv: flag } },
  preview: { args: [1, 1], options: { out: value } },
  backup: { args: [0, 1], options: { keep: value } },
  restore: { args: [1, 1], options: { replace: flag } },
  "import-sqlite": { args: [1, 1], options: {} },
  schedule: { args: [0, 0], options: {} },
} as const;

type Name = keyof typeof COMMANDS;
type Start = typeof startCluster;
type Flags = { [option: string]: string | boolean | undefined };
type Io = { out: (text: string) => void; err: (text: string) => void };
type Context = Store &
  Io & { webhookConfigured: boolean; mail: MailSettings | null; backupDir: string | null };

/** The command and its arguments; an Error says what is wrong with them. */
function parse(args: readonly string[]) {
  const [name = "", ...rest] = args;
  if (!Object.hasOwn(COMMANDS, name)) throw new Error(`Unknown command: ${args.join(" ")}`);
  const { args: count, options } = COMMANDS[name as Name];
  const parsed = parseArgs({ args: rest, options, allowPositionals: true });
  const { positionals: ids, values: flags } = parsed as { positionals: string[]; values: Flags };
  const problem =
    ((ids.length < count[0] || ids.length > count[1]) && `Wrong arguments: ${args.join(" ")}`) ||
    (flags.spam && flags.failed && "list takes --spam or --failed, not both") ||
    (name === "retry" && (ids.length === 1) === !!flags.all && "retry takes an ID or --all") ||
    (name === "export" && !flags.csv && "export takes --csv") ||
    (flags.keep !== undefined &&
      !/^[1-9]\d*$/.test(String(flags.keep)) &&
      "--keep takes how many dated backups to keep, a whole number from 1, e.g. --keep 14");
  if (problem) throw new Error(problem);
  return { name: name as Name, ids, flags };
}

/** The store's address without its password, for messages. */
function describeStore(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return "an unreadable connection string";
  return `${parsed.host || parsed.searchParams.get("host") || "local socket"}${parsed.pathname}`;
}

/**
 * Runs `npm run leads -- <args>` with the settings in `env` and resolves to the exit code; what
 * failed is said in words, and a failed backup is e-mailed to the owner too (backup-alert.ts).
 * `start` starts the embedded cluster (or finds it running).
 */
export async function runLeads(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: Io,
  start: Start = startCluster,
): Promise<number> {
  if (args[0] !== "backup") return runCommand(args, env, io, start);
  const said: string[] = [];
  const err = (text: string) => {
    said.push(text);
    io.err(text);
  };
  const code = await runCommand(args, env, { ...io, err }, start);
  // The reason, without the usage that follows a wrong argument.
  if (code !== 0) await mailFailedBackup(env, args, said.join("\n").split("\n\n")[0]!, io.err);
  return code;
}

async function runCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: Io,
  start: Start,
): Promise<number> {
  if (args.length === 0 || args[0] === "help" || args[0] === "--help") {
    io.err(USAGE);
    return 0;
  }
  let command: ReturnType<typeof parse>;
  try {
    command = parse(args);
  } catch (error) {
    io.err(`${reason(error)}\n\n${USAGE}`);
    return 2;
  }
  if (command.name === "schedule") {
    const machine = { node: process.execPath, nodeVersion: process.version, folder: process.cwd() };
    io.out(scheduleText({ ...machine, user: userInfo().username }));
    return 0;
  }
  try {
    const { mail, crmWebhookUrl, supabase, backupDir } = parseEnv(env);
    const store = await findStore(env, command.name, supabase !== null, start);
    const sql = connectPool(store.url);
    try {
      const webhookConfigured = crmWebhookUrl !== null;
      await run(command, { ...io, ...store, sql, mail, webhookConfigured, backupDir });
    } catch (error) {
      const failed = `The lead store (${store.source}) failed: ${reason(error)}`;
      throw error instanceof Refusal ? error : new Refusal(failed);
    } finally {
      await sql.end({ timeout: 5 });
      await store.stop();
    }
    return 0;
  } catch (error) {
    io.err(reason(error));
    return 1;
  }
}

/**
 * The store the site uses: DATABASE_URL's, else SUPABASE_DB_URL's, else (unless the leads are in
 * Supabase) the embedded cluster, started for the command if the site is not running. A folder
 * with no cluster is refused, never made, but by the two commands that fill a new store.
 */
async function findStore(env: NodeJS.ProcessEnv, name: Name, shared: boolean, start: Start) {
  for (const named of ["DATABASE_URL", "SUPABASE_DB_URL"]) {
    const url = env[named];
    if (!url) continue;
    const supabase = named === "SUPABASE_DB_URL" || /\.supabase\.(co|com)\b/.test(url);
    return { url, source: `${named}, ${describeStore(url)}`, supabase, stop: async () => {} };
  }
  if (shared) {
    throw new Refusal(
      "The leads are in Supabase's PostgreSQL (SUPABASE_URL is set), not on this machine: set SUPABASE_DB_URL to the project's connection string (Dashboard > Connect > Session pooler, with the database password) and run it again.",
    );
  }
  const dataDir = defaultDataDir(env);
  if (name !== "restore" && name !== "import-sqlite" && !existsSync(`${dataDir}/PG_VERSION`)) {
    throw new Refusal(
      `There is no lead store in ${dataDir} (LEADS_DATA_DIR): nothing to ${name}. The site makes it at its first start (npm start); or set DATABASE_URL, or SUPABASE_DB_URL for the Supabase project's.`,
    );
  }
  const cluster = await start({ dataDir }).catch((error: unknown) => {
    throw new Refusal(
      `The embedded lead store in ${dataDir} could not be started: ${reason(error)}`,
    );
  });
  const { url, stop } = cluster; // the site's running cluster is reused: stop() leaves it running
  return { url, source: `the embedded store in ${dataDir}`, supabase: false, stop };
}

/**
 * Whether the store posts to a CRM: CRM_WEBHOOK_URL set here, or on Supabase (the function's
 * secret there), or CRM posts queued in it before (only a store with the webhook queues them).
 */
async function crmInUse(c: Context): Promise<boolean> {
  if (c.webhookConfigured || c.supabase) return true;
  const [row] = await c.sql`
    select exists (select 1 from public.lead_outbox where channel = 'crm') as used`;
  return row?.used === true;
}

const notFound = (id: string, found: "ambiguous" | "not_found") =>
  found === "ambiguous"
    ? `More than one lead starts with "${id}": type more of the ID.`
    : `No lead with ID "${id}". See the IDs with: npm run leads -- list`;

/** The lead an ID or its first characters name; a Refusal when none or several. */
async function findLead(c: Context, id: string) {
  const found = await showLead(c.sql, id);
  if (found.status !== "found") throw new Refusal(notFound(id, found.status));
  return found.lead;
}

async function run({ name, ids, flags }: ReturnType<typeof parse>, c: Context) {
  const [id = ""] = ids;
  switch (name) {
    case "list": {
      const kind = flags.spam ? "spam" : flags.failed ? "failed" : "leads";
      const list = await listLeads(c.sql, kind);
      return c.out(formatLeadTable(list, kind));
    }
    case "show":
      return c.out(formatLeadDetail(await findLead(c, id)));
    case "release":
      return release(c, id);
    case "erase":
      return erase(c, id, Boolean(flags.yes));
    case "retry": {
      const leadId = flags.all ? null : (await findLead(c, id)).lead.id;
      const requeued = await requeueDead(c.sql, leadId);
      if (requeued === 0) {
        throw new Refusal(
          leadId
            ? `Lead ${leadId.slice(0, 8)} has nothing refused to send again.`
            : "Nothing was refused: there is nothing to send again.",
        );
      }
      return c.out(
        `Queued ${requeued} again (CRM posts and e-mails), owed now with a fresh 24 hours, each lead's in the order first queued: the site's server (on Supabase, the lead function) sends them on its next round.`,
      );
    }
    case "export": {
      // npm prints a banner to stdout before a script unless run with -s: it would be in the file.
      const { npm_lifecycle_event: npm, npm_config_loglevel: level } = process.env;
      if (npm && level !== "silent" && !process.stdout.isTTY) {
        c.err(
          'npm printed its "> leads" banner above the CSV; for a clean file: npm run -s leads -- export --csv > leads.csv',
        );
      }
      const rows = await c.sql`select * from public.quote_requests order by created_at desc, id`;
      return c.out(leadsToCsv(rows.map((row) => storedQuote(row).quote)).trimEnd());
    }
    case "preview":
      return preview(c, (await findLead(c, id)).lead, flags.out as string | undefined);
    case "backup": {
      const keep = flags.keep === undefined ? null : Number(flags.keep);
      return backupCommand(c, ids[0] ?? backupFolder(c.backupDir), keep);
    }
    case "restore":
      return restoreCommand(c, id, Boolean(flags.replace));
    case "import-sqlite":
      await migrate(c.url); // as a restore does: a new embedded store has none yet
      return importSqliteInbox(c, id, await crmInUse(c));
  }
}

/**
 * A visitor's erasure request (docs/leads.md, "Erasure"): without --yes, what would go is shown and
 * nothing is erased; a copy the CRM already has, or a backup holds, is the owner's to erase there.
 */
async function erase(c: Context, idOrPrefix: string, confirmed: boolean) {
  const { lead, outbox } = await findLead(c, idOrPrefix);
  const what = `lead ${lead.id} (${lead.name}, ${lead.email}, received ${formatWhen(lead.createdAt)}) with its ${outbox.length} CRM posts and e-mails`;
  if (!confirmed) {
    throw new Refusal(
      `Nothing erased. This would erase ${what} and its Idempotency-Key records, for good: check it is the right one (npm run leads -- show ${lead.id.slice(0, 8)}), then run: npm run leads -- erase ${lead.id} --yes`,
    );
  }
  const erased = await eraseLead(c.sql, lead.id);
  if (erased.status !== "erased") throw new Refusal(notFound(idOrPrefix, erased.status));
  c.out(
    [
      `Erased ${what} (${erased.outboxRows} outbox rows, ${erased.idempotencyKeys} Idempotency-Key records); nothing owed to them will be sent.`,
      (await crmInUse(c)) && "The CRM has its own copy: erase the lead there too.",
      'Backups taken before now still hold it until they are deleted (docs/leads.md, "Erasure").',
    ]
      .filter(Boolean)
      .join("\n"),
  );
}

async function release(c: Context, id: string) {
  const webhookConfigured = await crmInUse(c);
  const result = (await c.sql.begin((tx) =>
    releaseInTransaction(tx, id, { webhookConfigured }),
  )) as ReleaseResult;
  if (result.status !== "released") {
    throw new Refusal(
      result.status === "not_spam"
        ? `Lead ${result.id.slice(0, 8)} is not flagged as spam: it is handled like every lead already, nothing to release.`
        : notFound(id, result.status),
    );
  }
  const { confirmation } = result;
  c.out(
    [
      `Released lead ${result.id.slice(0, 8)} (${result.name}); the bot trap had said: ${result.reason}.`,
      !result.forwarded
        ? "CRM: not queued: CRM_WEBHOOK_URL is not set here and the store has never posted to a CRM; it stays in the store like every lead."
        : c.supabase
          ? "CRM: queued; the lead function posts it to its CRM webhook at its next drain (the database schedules one each minute while a post is owed)."
          : "CRM: queued; the site's server, woken by the database, posts it to the CRM webhook now.",
      !confirmation.released
        ? "Visitor: no confirmation was held for them (notifications were off, or their address was over its limit)."
        : confirmation.withLink
          ? "Visitor: their confirmation e-mail is queued, with the link to their saved quote."
          : "Visitor: their confirmation e-mail is queued (without the link to their saved quote: it is kept for 24 hours only).",
    ].join("\n"),
  );
}

/** A lead's e-mails, rendered from the lead as it stands, printed or written as files; nothing sent. */
async function preview(c: Context, lead: StoredQuote, dir: string | undefined) {
  if (!c.mail) c.err("SMTP_URL is not set: previewing from and to the business's own address.");
  c.err("The visitor's private link to their saved quote is left out of a preview.");
  const addresses = c.mail ?? {
    from: { name: SITE.shortName, address: SITE.email },
    notifyTo: [SITE.email],
  };
  for (const kind of ["owner", "visitor"] as const) {
    const mail = await composeMail({ lead, kind, seq: 0 }, addresses);
    if (dir) {
      mkdirSync(dir, { recursive: true });
      const base = path.join(dir, `${lead.id.slice(0, 8)}-${kind}`);
      writeFileSync(`${base}.eml`, await rawMessage(mail));
      writeFileSync(`${base}.html`, mail.html);
      c.out(`Wrote ${base}.eml and ${base}.html`);
    } else {
      const replyTo = mail.replyTo ? `\nReply-To: ${mail.replyTo.address}` : "";
      c.out(`=== ${kind === "owner" ? "To the owner" : "To the visitor"} ===`);
      c.out(`To: ${mail.to.join(", ")}${replyTo}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
    }
  }
}
