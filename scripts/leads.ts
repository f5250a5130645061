import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseEnv, type MailSettings } from "@/lib/env";
import { callFunctionOutbox, type OutboxCommand, type SupabaseConfig } from "@/lib/leads/forward";
import { backupInbox, backupTarget } from "@/lib/leads/backup";
import { openLeadInbox, type Lead, type LeadInbox } from "@/lib/leads/inbox";
import { InboxCommandError, count, formatCounts } from "@/lib/leads/inbox-copy";
import { flushOutbox, type Deliver } from "@/lib/leads/relay";
import { formatLeadDetail, formatLeadTable, leadsToCsv, type ListKind } from "@/lib/leads/report";
import {
  LIST_CAP,
  type ListResult,
  type ReleaseResult,
  type ShowResult,
} from "@shared/leads/store-contract";
import { restoreInbox } from "@/lib/leads/restore";
import { formatBytes, inboxProblemMessage, storageFailure } from "@/lib/leads/storage";
import { captureLogs, type LogLine } from "@/lib/log";
import { flushMail, type SendMail } from "@/lib/mail/mail-relay";
import { storeSource } from "./leads/connect";
import { migrate } from "./leads/migrate";
import { runOnStore } from "./leads/owner-commands";
import {
  type Io,
  notFlagged,
  notFoundMessage,
  NPM_BANNER_WARNING,
  npmBannerInOutput,
  previewMail,
  printLead,
  printList,
  releasedLines,
  reportRelease,
} from "./leads/present";

/**
 * The owner's command: `npm run leads -- list | show ID | export --csv | release ID | retry ID |
 * flush | preview ID | backup | restore FILE`.
 */

export const USAGE = `Read the quote requests (leads) the website has received.

Usage: npm run leads -- <command>

Commands:
  list            every lead, newest first, as a table (on the shared store, the newest
                  ${LIST_CAP})
  list --spam     the requests the bot traps flagged (kept, e-mailed to you marked as
                  suspected spam, not forwarded)
  release ID      a flagged request is real: queue it for the CRM function and the visitor's
                  confirmation e-mail, as for any lead (once); with LEADS_STORE=supabase the
                  lead function does it in the shared store
  list --failed   the leads the CRM function or the mail server refused, with the reason
  show ID         one lead in full (the ID, or its first characters as shown by list)
  export --csv    every lead as CSV, e.g.  npm run -s leads -- export --csv > leads.csv
                  (-s keeps npm's own "> leads" banner out of the file)
  retry ID        send what was refused for a lead (CRM delivery, e-mails) again, now
  retry --all     send everything refused again, now, each lead's in the order first queued
  flush           send everything still owed to the CRM function and by e-mail, now
                  (and ask the function to post what its CRM outbox owes)
  preview ID      print a lead's two e-mails as text, without sending them
  preview ID --out DIR
                  write them to DIR as .eml (opens in a mail program) and .html files
  backup [FILE | FOLDER] [--keep N]
                  a checked copy of the inbox, taken while the site runs: to FILE (a name
                  with an extension, e.g. copy.db), or a dated file in FOLDER (by default
                  backups/ beside the inbox); --keep N removes all but the newest N there
  restore FILE [--force]
                  replace the inbox with a backup (the server must be stopped); the replaced
                  inbox is kept beside it, nothing is merged; --force when the inbox holds
                  leads the backup lacks

The leads are read from LEADS_DB_PATH (default data/leads.db), the same inbox the site writes.
With LEADS_STORE=supabase, list, show and release ask the lead function, which reads the shared
store (Supabase's PostgreSQL); the others need SUPABASE_DB_URL. With DATABASE_URL or
SUPABASE_DB_URL set, every command acts on that PostgreSQL store (import-sqlite FILE moves this
inbox there once): run npm run leads with it set to see them.`;

/** The commands that, with LEADS_STORE=supabase, go to the lead function and its shared store. */
export const SHARED_STORE_COMMANDS: readonly string[] = ["list", "show", "release"];

type Options = {
  supabase: SupabaseConfig | null;
  /** LEADS_STORE=supabase: the leads are in the shared store, released through the lead function. */
  sharedStore?: boolean;
  /** The inbox's file (LEADS_DB_PATH), for backup and restore, which work on the file itself. */
  inboxPath?: string;
  deliver?: Deliver;
  /** The function's own outbox (the CRM webhook's dead letters in PostgreSQL). */
  functionOutbox?: typeof callFunctionOutbox;
  mail?: MailSettings | null;
  send?: SendMail;
};

/**
 * Runs one command against the inbox and resolves to the process exit code; what the disk or the
 * inbox refused is said in words, with exit code 1.
 */
export async function runLeadsCommand(
  args: readonly string[],
  openInbox: () => LeadInbox,
  io: Io,
  options: Options = { supabase: null },
): Promise<number> {
  try {
    return await runCommand(args, openInbox, io, options);
  } catch (error) {
    if (!(error instanceof InboxCommandError) && !storageFailure(error)) throw error;
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

async function runCommand(
  args: readonly string[],
  openInbox: () => LeadInbox,
  io: Io,
  options: Options,
): Promise<number> {
  const [command, ...rest] = args;
  const flag = rest.length === 1 ? rest[0] : undefined;
  if (command === "list" && (rest.length === 0 || flag === "--spam" || flag === "--failed")) {
    const kind = flag === "--spam" ? "spam" : flag === "--failed" ? "failed" : "leads";
    if (options.sharedStore && options.supabase)
      return listInFunction(options.supabase, kind, options, io);
    return withInbox(openInbox, (inbox) => {
      const hiddenSpam = kind === "leads" ? inbox.spamCount() : 0;
      io.out(
        formatLeadTable(inbox.list({ only: kind }), {
          kind,
          hiddenSpam,
          mailOf: (lead) => inbox.mail.mailOf(lead.id),
        }),
      );
      return 0;
    });
  }
  if (command === "show" && flag) {
    if (options.sharedStore && options.supabase)
      return showInFunction(options.supabase, flag, options, io);
    return withInbox(openInbox, (inbox) => {
      const lead = findLead(inbox, flag, io);
      if (!lead) return 1;
      io.out(
        formatLeadDetail(lead, inbox.outbox.deliveriesOf(lead.id), inbox.mail.mailOf(lead.id)),
      );
      return 0;
    });
  }
  if (command === "export" && flag === "--csv") {
    if (npmBannerInOutput()) {
      io.err(NPM_BANNER_WARNING);
    }
    return withInbox(openInbox, (inbox) => {
      io.out(leadsToCsv(inbox.list({ only: "all" })).trimEnd());
      return 0;
    });
  }
  if (command === "release" && flag) {
    if (options.sharedStore && options.supabase)
      return releaseInFunction(options.supabase, flag, options, io);
    return withInbox(openInbox, (inbox) => releaseLead(inbox, flag, options.supabase !== null, io));
  }
  if (command === "preview" && rest[0] && (rest.length === 1 || (rest[1] === "--out" && rest[2]))) {
    const [id, , dir] = rest;
    return withInbox(openInbox, async (inbox) => {
      const lead = findLead(inbox, id ?? "", io);
      if (!lead) return 1;
      await previewMail(lead, options.mail ?? null, dir ?? null, io);
      return 0;
    });
  }
  if ((command === "retry" && flag) || (command === "flush" && rest.length === 0)) {
    const { supabase, mail } = options;
    if (!supabase && !mail) {
      io.err(
        "Nothing is sent from here: set SUPABASE_URL and SUPABASE_ANON_KEY, or SMTP_URL (see .env.example).",
      );
      return 1;
    }
    return withInbox(openInbox, async (inbox) => {
      let leadId: string | null = null;
      if (command === "retry" && flag) {
        const lead = flag === "--all" ? null : findLead(inbox, flag, io);
        if (flag !== "--all" && !lead) return 1;
        const id = lead?.id ?? null;
        const requeued =
          (supabase ? inbox.outbox.requeueDead(id) : 0) +
          (mail ? inbox.mail.requeueDead(id) : 0) +
          (supabase ? await requeueInFunction(supabase, id, options, io) : 0);
        if (requeued === 0) {
          io.err(
            lead
              ? `Lead ${lead.id.slice(0, 8)} has nothing refused to send again.`
              : "Nothing was refused: there is nothing to send again.",
          );
          return 1;
        }
        leadId = id;
      }
      const lines: LogLine[] = [];
      const restore = captureLogs(lines);
      const counts = { sent: 0, retry: 0, dead: 0 };
      const nothing = { sent: 0, retry: 0, dead: 0 };
      try {
        const results = await Promise.all([
          supabase
            ? flushOutbox(inbox.outbox, supabase, { deliver: options.deliver, leadId })
            : nothing,
          mail ? flushMail(inbox.mail, mail, { send: options.send, leadId }) : nothing,
        ]);
        for (const result of results) {
          counts.sent += result.sent;
          counts.retry += result.retry;
          counts.dead += result.dead;
        }
      } finally {
        restore();
      }
      for (const line of lines.filter((entry) => entry.level !== "info")) {
        io.err(`${line.leadId?.slice(0, 8) ?? ""} ${line.event}: ${line.reason ?? ""}`.trim());
      }
      if (supabase && command === "flush") await drainFunction(supabase, options, io);
      const owed = (supabase ? inbox.outbox.counts().pending : 0) + inbox.mail.counts().pending;
      io.out(
        `Sent ${counts.sent}; will retry ${counts.retry}; refused ${counts.dead}. Still owed: ${owed}.`,
      );
      return counts.retry + counts.dead === 0 ? 0 : 1;
    });
  }
  if ((command === "backup" || command === "restore") && options.inboxPath) {
    const run = command === "backup" ? backupCommand : restoreCommand;
    const done = run(rest, options.inboxPath, io);
    if (done !== null) return done;
  }
  if (command !== undefined && command !== "help" && command !== "--help")
    io.err(`Unknown command: ${args.join(" ")}\n`);
  io.err(USAGE);
  return command === undefined || command === "help" || command === "--help" ? 0 : 2;
}

/**
 * The CRM posts the lead function gave up on (its outbox in PostgreSQL), requeued there, each
 * lead's in order; how many. Unreachable, it says so and the local retry goes on.
 */
async function requeueInFunction(
  supabase: SupabaseConfig,
  leadId: string | null,
  options: Options,
  io: Io,
): Promise<number> {
  const call = options.functionOutbox ?? callFunctionOutbox;
  const result = await call(supabase, { action: "retry", leadId });
  if (!result.ok) {
    io.err(`The lead function's CRM outbox could not be asked to retry: ${result.error}`);
    return 0;
  }
  const requeued = "requeued" in result.answer ? result.answer.requeued : 0;
  if (requeued > 0) io.out(`CRM posts queued again in Supabase: ${requeued}.`);
  return requeued;
}

/** `flush` also asks the lead function to post what its CRM outbox owes now, and says what it did. */
async function drainFunction(supabase: SupabaseConfig, options: Options, io: Io): Promise<void> {
  const call = options.functionOutbox ?? callFunctionOutbox;
  const result = await call(supabase, { action: "drain" });
  if (!result.ok) {
    io.err(`The lead function's CRM outbox could not be drained: ${result.error}`);
    return;
  }
  if (!("drained" in result.answer)) return;
  const { sent, retry, dead } = result.answer.drained;
  if (sent + retry + dead > 0) {
    io.out(`CRM posts from Supabase: sent ${sent}; will retry ${retry}; refused ${dead}.`);
  }
}

/** `backup [FILE | FOLDER] [--keep N]`; null when the arguments are not a backup's. */
function backupCommand(args: readonly string[], inboxPath: string, io: Io): Promise<number> | null {
  const keepAt = args.indexOf("--keep");
  const keepText = keepAt === -1 ? undefined : args[keepAt + 1];
  const rest = keepAt === -1 ? args : args.filter((_, i) => i !== keepAt && i !== keepAt + 1);
  if (rest.length > 1 || rest[0]?.startsWith("--")) return null;
  if (keepAt !== -1 && !/^[1-9]\d*$/.test(keepText ?? "")) {
    io.err("--keep takes how many dated backups to keep, a whole number from 1, e.g. --keep 14");
    return Promise.resolve(2);
  }
  const named = rest[0];
  const target = backupTarget(inboxPath, named, keepText ? Number(keepText) : null);
  if (target.kind === "file" && keepText) {
    io.err(
      `--keep rotates dated backups in a folder; ${named} is a file. Name a folder, e.g. backups/`,
    );
    return Promise.resolve(2);
  }
  return (async () => {
    const result = backupInbox(inboxPath, target);
    io.out(`Backed up ${inboxPath} to ${result.file} (${formatBytes(result.bytes)}).`);
    io.out(
      `Checked: SQLite's integrity check passed; schema version ${result.counts.schemaVersion}.`,
    );
    io.out(`It holds ${formatCounts(result.counts)}.`);
    if (result.removed.length)
      io.out(
        `Removed ${result.removed.length} older backups (--keep ${keepText}): ${result.removed.join(", ")}`,
      );
    return 0;
  })();
}

/** `restore FILE [--force]`; null when the arguments are not a restore's. */
function restoreCommand(
  args: readonly string[],
  inboxPath: string,
  io: Io,
): Promise<number> | null {
  const force = args.includes("--force");
  const rest = args.filter((arg) => arg !== "--force");
  const from = rest[0];
  if (rest.length !== 1 || !from || from.startsWith("--")) return null;
  return (async () => {
    const result = await restoreInbox(inboxPath, from, { force });
    const { counts, kept, replaced, notRestored, alreadySent } = result;
    io.out(
      `Restored ${inboxPath} from ${from} (SQLite's integrity check passed; schema version ${counts.schemaVersion}).`,
    );
    io.out(`It holds ${formatCounts(counts)}.`);
    if (kept && replaced && "counts" in replaced)
      io.out(`The replaced inbox is kept as ${kept}; it held ${formatCounts(replaced.counts)}.`);
    else if (kept && replaced && "problem" in replaced)
      io.out(`The replaced inbox could not be read (${replaced.problem}); it is kept as ${kept}.`);
    if (notRestored.added + notRestored.changed > 0) {
      io.out(
        `Only in the replaced inbox, not merged: ${count(notRestored.added, "lead")} received after the backup, ${notRestored.changed} changed since. See them: LEADS_DB_PATH=${kept} npm run leads -- list`,
      );
    }
    if (alreadySent.mail + alreadySent.deliveries > 0) {
      io.out(
        `Already sent from the replaced inbox, so marked sent here and not sent again: ${count(alreadySent.mail, "e-mail")}, ${count(alreadySent.deliveries, "CRM delivery", "CRM deliveries")}.`,
      );
    }
    const [mail, deliveries] = [counts.mail.pending ?? 0, counts.deliveries.pending ?? 0];
    io.out(
      mail + deliveries
        ? `Start the server again: it sends what is still waiting (${count(mail, "e-mail")}, ${count(deliveries, "CRM delivery", "CRM deliveries")}) at once, under the same Message-IDs and Idempotency-Keys as before.`
        : "Start the server again.",
    );
    return 0;
  })();
}

/** `release ID`: the owner's verdict that a flagged lead is real (docs/leads.md, "Bot traps and limits"). */
function releaseLead(inbox: LeadInbox, id: string, forwarding: boolean, io: Io): number {
  const lead = findLead(inbox, id, io);
  if (!lead) return 1;
  const result = inbox.release(lead.id, { forwarding });
  if (result.status !== "released") return notFlagged(lead.id, io);
  const crm = result.forwarded
    ? "CRM: queued for the lead function; the running site sends it within seconds (or now: npm run leads -- flush)."
    : "CRM: not forwarded, SUPABASE_URL is not set: it stays in this inbox like every lead.";
  io.out(releasedLines({ ...lead, ...result }, crm));
  return 0;
}

/**
 * `release ID` on the shared store (LEADS_STORE=supabase): the lead function's signed `release`
 * (supabase/README.md, "The outbox") does it in PostgreSQL and answers what the inbox's would.
 */
async function releaseInFunction(
  supabase: SupabaseConfig,
  id: string,
  options: Options,
  io: Io,
): Promise<number> {
  const release = await askFunction(
    supabase,
    "release",
    { action: "release", leadId: id },
    "release the lead",
    options,
    io,
  );
  if (!release) return 1;
  return reportRelease(
    release,
    id,
    {
      queued:
        "CRM: queued in the lead function's outbox in Supabase; it posts it to the CRM webhook now.",
      not: "CRM: not forwarded, CRM_WEBHOOK_URL is not set on the lead function: it stays in Supabase like every lead.",
    },
    io,
    true,
  );
}

/** What the lead function answers the owner's commands on the shared store. */
type SharedAnswers = { release: ReleaseResult; list: ListResult; show: ShowResult };

/** One of the owner's commands asked of the lead function; unreachable, it says so and answers null. */
async function askFunction<K extends keyof SharedAnswers>(
  supabase: SupabaseConfig,
  key: K,
  command: OutboxCommand,
  what: string,
  options: Options,
  io: Io,
): Promise<SharedAnswers[K] | null> {
  const call = options.functionOutbox ?? callFunctionOutbox;
  const result = await call(supabase, command);
  if (result.ok && key in result.answer) {
    return (result.answer as unknown as Record<K, SharedAnswers[K]>)[key];
  }
  io.err(
    `The lead function could not be asked to ${what}: ${result.ok ? `it answered no ${key}` : result.error}`,
  );
  return null;
}

/**
 * `list [--spam|--failed]` on the shared store: the lead function's signed `list` reads
 * PostgreSQL; printed as the inbox's list is, with a line when it holds more than LIST_CAP.
 */
async function listInFunction(
  supabase: SupabaseConfig,
  kind: ListKind,
  options: Options,
  io: Io,
): Promise<number> {
  const list = await askFunction(
    supabase,
    "list",
    { action: "list", only: kind },
    "list the leads",
    options,
    io,
  );
  if (!list) return 1;
  printList(list, kind, io);
  return 0;
}

/** `show ID` on the shared store: the lead function's signed `show`, printed as the inbox's is. */
async function showInFunction(
  supabase: SupabaseConfig,
  id: string,
  options: Options,
  io: Io,
): Promise<number> {
  const show = await askFunction(
    supabase,
    "show",
    { action: "show", leadId: id },
    "show the lead",
    options,
    io,
  );
  if (!show) return 1;
  if (show.status !== "found") {
    io.err(notFoundMessage(id, show.status, true));
    return 1;
  }
  printLead(show.lead, io);
  return 0;
}

function findLead(inbox: LeadInbox, id: string, io: Io): Lead | undefined {
  const found = inbox.find(id);
  if (found && found !== "ambiguous") return found;
  io.err(notFoundMessage(id, found ?? "not_found"));
  return undefined;
}

async function withInbox(
  openInbox: () => LeadInbox,
  fn: (inbox: LeadInbox) => number | Promise<number>,
): Promise<number> {
  const inbox = openInbox();
  try {
    return await fn(inbox);
  } finally {
    inbox.close();
  }
}

/** The .env files `next start` reads, most specific first (a set variable is never overridden). */
function loadEnvFiles(): void {
  for (const file of [".env.production.local", ".env.local", ".env.production", ".env"]) {
    if (existsSync(file)) process.loadEnvFile(file);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  loadEnvFiles();
  const env = parseEnv(process.env);
  const args = process.argv.slice(2);
  const io = {
    out: (text: string) => process.stdout.write(`${text}\n`),
    err: (text: string) => process.stderr.write(`${text}\n`),
  };
  const help = args.length === 0 || args[0] === "help" || args[0] === "--help";
  const store = storeSource(process.env);
  if (store) {
    // PostgreSQL, the store the site uses: every command acts on it (scripts/leads/).
    process.exitCode = await runOnStore(args, { url: store.url, source: store.name, migrate }, io, {
      mail: env.mail,
      webhookConfigured: Boolean(process.env.CRM_WEBHOOK_URL),
    });
  } else if (
    env.leadsStore === "supabase" &&
    !help &&
    !SHARED_STORE_COMMANDS.includes(args[0] ?? "")
  ) {
    // Never a command on a local file while the leads are in Supabase's PostgreSQL (#43, defect 5).
    io.err(
      `LEADS_STORE=supabase: the leads are in Supabase's PostgreSQL, not on this machine, so "${args[0]}" needs the database itself. Set SUPABASE_DB_URL to the project's connection string (Dashboard > Connect > Session pooler, with the database password) and run it again.`,
    );
    process.exitCode = 1;
  } else if (
    env.leadsStore === "sqlite" &&
    !help &&
    args[0] !== "restore" &&
    !existsSync(env.leadsDbPath)
  ) {
    // A command never creates an inbox: a missing one is said, not made empty and reported on.
    io.err(
      `There is no lead inbox at ${env.leadsDbPath} (LEADS_DB_PATH): nothing to ${args[0]}. On PostgreSQL, set DATABASE_URL (or SUPABASE_DB_URL).`,
    );
    process.exitCode = 1;
  } else {
    process.exitCode = await runLeadsCommand(
      args,
      () => {
        try {
          return openLeadInbox(env.leadsDbPath);
        } catch (error) {
          throw new InboxCommandError(inboxProblemMessage(env.leadsDbPath, error), {
            cause: error,
          });
        }
      },
      io,
      {
        supabase: env.supabase,
        sharedStore: env.leadsStore === "supabase",
        mail: env.mail,
        inboxPath: env.leadsDbPath,
      },
    );
  }
}
