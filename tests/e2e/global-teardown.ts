import { rmSync } from "node:fs";

/** Removes the lead inbox folder playwright.config.ts made for this run (not one given to it). */
export default function globalTeardown() {
  const dir = process.env.E2E_LEADS_TEMP_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
