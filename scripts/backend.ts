/**
 * `npm run backend [-- --port N]`: the Supabase backend on this machine, on 127.0.0.1 and without
 * Docker, as `npm run test:supabase` runs it: a throwaway PostgreSQL cluster with the migrations
 * applied, the crm-lead function under Deno, and the stand-in for Supabase's gateway in front of it
 * (tests/supabase/stack.ts). Once all is up it prints the site's settings as KEY=value lines on
 * stdout (everything else goes to stderr), stays in the foreground, and stops everything, the
 * cluster's folder included, on Ctrl-C or SIGTERM. README, "Deployment".
 */
import { parseArgs } from "node:util";
import { loadEnvFiles } from "./env-files.ts";
import { newSecretKey, startStack, type Stack } from "../tests/supabase/stack";
import { installDeno, missingTools } from "../tests/supabase/tools";

const say = (line: string) => process.stderr.write(`backend: ${line}\n`);
// A reader gone (a closed pipe) must not crash the command before it stops what it started.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);

async function main() {
  loadEnvFiles();
  // SUPABASE_URL's port by default: the one `supabase start` uses, so a .env made for it fits.
  const given = parseArgs({ options: { port: { type: "string", default: "54321" } } }).values.port;
  const port = Number(given);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`--port must be a TCP port (1-65535), not ${given}`);
  }
  const installFailed = installDeno();
  const missing = missingTools();
  if (missing) throw new Error(installFailed ? `${missing} (${installFailed})` : missing);

  // The project's secret key: the environment's, so a site already set up keeps working, or a new one.
  const secretKey = process.env.SUPABASE_SECRET_KEY || newSecretKey();
  say("starting PostgreSQL, the crm-lead function and the gateway…");
  const stack: Stack = await startStack({
    secretKeys: [secretKey],
    webhookUrl: process.env.CRM_WEBHOOK_URL || undefined,
    webhookSecret: process.env.CRM_WEBHOOK_SECRET || undefined,
    gatewayPort: port,
  }).catch((error: unknown) => {
    if (error instanceof Error && "code" in error && error.code === "EADDRINUSE") {
      throw new Error(`port ${port} is in use: choose another with npm run backend -- --port N`);
    }
    throw error;
  });

  let stopping = false;
  const stop = (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    say(`${why}: stopping the gateway, the function and PostgreSQL…`);
    void stack.stop().then(() => {
      say("stopped; the cluster's folder is removed");
      process.exit(code);
    });
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => stop(signal, 0));
  // Ctrl-C reaches the function too (one process group): then it is no failure.
  stack.function.process.once("exit", (code, signal) => {
    stop(`the function exited (${signal ?? code})`, signal === "SIGINT" ? 0 : 1);
  });
  for (const stream of [stack.function.process.stdout, stack.function.process.stderr]) {
    stream?.on("data", (chunk: Buffer) => process.stderr.write(`crm-lead: ${chunk}`));
  }

  process.stdout.write(
    `SUPABASE_URL=${stack.supabaseUrl}\nSUPABASE_SECRET_KEY=${secretKey}\n` +
      `SUPABASE_LEAD_FUNCTION=crm-lead\n`,
  );
  say(`PostgreSQL (migrations ${stack.migrations.join(", ")}) at ${stack.cluster.url}`);
  say(`its data, removed on stop: ${stack.cluster.folder}`);
  say(
    `the function: POST ${stack.supabaseUrl}/functions/v1/crm-lead, with the secret key (supabase/README.md)`,
  );
  say("give the site the settings above (.env.local, or its environment), then npm start;");
  say("more servers on the same settings share the leads: PORT=3001 npm start, and so on");
  say("Ctrl-C stops everything");
}

main().catch((error: unknown) => {
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
