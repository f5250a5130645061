import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseEnv } from "@/lib/env";
import { openLeadInbox, type LeadInbox } from "@/lib/leads/inbox";
import { formatLeadDetail, formatLeadTable, leadsToCsv } from "@/lib/leads/report";

/** The owner's command: `npm run leads -- list | show ID | export --csv`. */

export const USAGE = `Read the quote requests (leads) the website has received.

Usage: npm run leads -- <command>

Commands:
  list            every lead, newest first, as a table
  show ID         one lead in full (the ID, or its first characters as shown by list)
  export --csv    every lead as CSV, e.g.  npm run -s leads -- export --csv > leads.csv
                  (-s keeps npm's own "> leads" banner out of the file)

The leads are read from LEADS_DB_PATH (default data/leads.db), the same inbox the site writes.`;

type Io = { out: (text: string) => void; err: (text: string) => void };

/** Runs one command against the inbox and returns the process exit code. */
export function runLeadsCommand(
  args: readonly string[],
  openInbox: () => LeadInbox,
  io: Io,
): number {
  const [command, ...rest] = args;
  if (command === "list" && rest.length === 0) {
    return withInbox(openInbox, (inbox) => {
      io.out(formatLeadTable(inbox.list()));
      return 0;
    });
  }
  if (command === "show" && rest.length === 1 && rest[0]) {
    const id = rest[0];
    return withInbox(openInbox, (inbox) => {
      const found = inbox.find(id);
      if (found && found !== "ambiguous") {
        io.out(formatLeadDetail(found));
        return 0;
      }
      io.err(
        found === "ambiguous"
          ? `More than one lead starts with "${id}": type more of the ID.`
          : `No lead with ID "${id}". See the IDs with: npm run leads -- list`,
      );
      return 1;
    });
  }
  if (command === "export" && rest.length === 1 && rest[0] === "--csv") {
    if (npmBannerInOutput()) {
      io.err(
        'npm printed its "> leads" banner above the CSV; for a clean file: npm run -s leads -- export --csv > leads.csv',
      );
    }
    return withInbox(openInbox, (inbox) => {
      io.out(leadsToCsv(inbox.list()).trimEnd());
      return 0;
    });
  }
  if (command !== undefined && command !== "help" && command !== "--help")
    io.err(`Unknown command: ${args.join(" ")}\n`);
  io.err(USAGE);
  return command === undefined || command === "help" || command === "--help" ? 0 : 2;
}

function withInbox(openInbox: () => LeadInbox, fn: (inbox: LeadInbox) => number): number {
  const inbox = openInbox();
  try {
    return fn(inbox);
  } finally {
    inbox.close();
  }
}

/** npm prints a banner to stdout before a script unless run with -s; it would land in a redirected file. */
function npmBannerInOutput(): boolean {
  return (
    Boolean(process.env.npm_lifecycle_event) &&
    process.env.npm_config_loglevel !== "silent" &&
    !process.stdout.isTTY
  );
}

/** The .env files `next start` reads, most specific first (a set variable is never overridden). */
function loadEnvFiles(): void {
  for (const file of [".env.production.local", ".env.local", ".env.production", ".env"]) {
    if (existsSync(file)) process.loadEnvFile(file);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  loadEnvFiles();
  const file = parseEnv(process.env).leadsDbPath;
  process.exitCode = runLeadsCommand(process.argv.slice(2), () => openLeadInbox(file), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
}
