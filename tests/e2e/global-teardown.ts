import { readFileSync, rmSync } from "node:fs";

/**
 * After the run: the run's PostgreSQL stopped, should its server have been killed before it
 * stopped it (tests/support/e2e-site.ts notes its postmaster), and the folder playwright.config.ts
 * made for the run (not one given to it) removed.
 */
export default function globalTeardown() {
  const file = process.env.E2E_DATABASE_FILE;
  if (file) {
    try {
      // SIGINT: PostgreSQL's fast shutdown. Gone already is fine.
      process.kill(Number(readFileSync(`${file}.postmaster`, "utf8")), "SIGINT");
    } catch {
      // no note, or no such process
    }
  }
  const dir = process.env.E2E_LEADS_TEMP_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
