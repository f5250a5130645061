/** `npm run leads -- <command>`: the owner's commands (./leads/owner-commands.ts). */
import { loadEnvFiles } from "./env-files.ts";
import { runLeads } from "./leads/owner-commands";

loadEnvFiles();
process.exitCode = await runLeads(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
