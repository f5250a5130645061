/** `npm run leads -- <command>`: the owner's commands (./leads/owner-commands.ts). */
import { existsSync } from "node:fs";
import { runLeads } from "./leads/owner-commands";

/** The .env files `next start` reads, most specific first (a set variable is never overridden). */
for (const file of [".env.production.local", ".env.local", ".env.production", ".env"]) {
  if (existsSync(file)) process.loadEnvFile(file);
}

process.exitCode = await runLeads(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
