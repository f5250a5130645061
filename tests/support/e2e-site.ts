/**
 * The browser tests' server (playwright.config.ts, webServer): a throwaway PostgreSQL with a
 * database for this run, then `next start` on the build with DATABASE_URL set to the site's login,
 * as `npm start` does with the embedded store. The cluster's admin URL goes to E2E_DATABASE_FILE, where the tests
 * read the leads the site stored (tests/support/stored-leads.ts). Stopping this process stops
 * Next, then the cluster.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createTestDatabase, siteLogin, startTestPostgres } from "./test-postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");
const file = process.env.E2E_DATABASE_FILE;
if (!file) throw new Error("E2E_DATABASE_FILE is not set: run through playwright.config.ts.");

const postgresForRun = await startTestPostgres();
const url = await createTestDatabase(postgresForRun.adminUrl, "e2e");
writeFileSync(file, postgresForRun.adminUrl);
// For tests/e2e/global-teardown.ts, should this process be killed before it stops the cluster.
writeFileSync(`${file}.postmaster`, String(postgresForRun.postmasterPid));

const next = spawn(
  process.execPath,
  [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", ...process.argv.slice(2)],
  { cwd: ROOT, env: { ...process.env, DATABASE_URL: siteLogin(url) }, stdio: "inherit" },
);
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  stopping = true;
  next.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
next.once("exit", (code, signal) => {
  void postgresForRun
    .destroy()
    .finally(() => process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0))));
});
