/**
 * `npm run leads -- <command>`: the owner's commands (docs/leads.md, "The owner's commands"), on
 * the store the site uses, whichever it is: DATABASE_URL or SUPABASE_DB_URL when set, else the
 * embedded PostgreSQL in LEADS_DATA_DIR (data/postgres), started for the command when the site is
 * not running and stopped after it. On Supabase without SUPABASE_DB_URL it refuses, saying what to
 * set: it never acts on a store the site does not use.
 */
import { existsSync } from "node:fs";
import { parseEnv } from "@/lib/env";
import { defaultDataDir, migrate, startCluster } from "./postgres/cluster.ts";
import { storeSource } from "./leads/connect";
import { runOnEmbedded, runOnStore } from "./leads/owner-commands";

/** The .env files `next start` reads, most specific first (a set variable is never overridden). */
for (const file of [".env.production.local", ".env.local", ".env.production", ".env"]) {
  if (existsSync(file)) process.loadEnvFile(file);
}

const env = parseEnv(process.env);
const args = process.argv.slice(2);
const io = {
  out: (text: string) => process.stdout.write(`${text}\n`),
  err: (text: string) => process.stderr.write(`${text}\n`),
};
const options = { mail: env.mail, webhookConfigured: env.crmWebhookUrl !== null };

const given = storeSource(process.env);
if (given) {
  process.exitCode = await runOnStore(args, { ...given, source: given.name, migrate }, io, options);
} else if (env.supabase) {
  io.err(
    "The leads are in Supabase's PostgreSQL (SUPABASE_URL is set), not on this machine: set SUPABASE_DB_URL to the project's connection string (Dashboard > Connect > Session pooler, with the database password) and run it again.",
  );
  process.exitCode = 1;
} else {
  process.exitCode = await runOnEmbedded(
    args,
    { dataDir: defaultDataDir(), startCluster, migrate },
    io,
    options,
  );
}
