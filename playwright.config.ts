import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "./tests/e2e/chromium";

const PORT = Number(process.env.E2E_PORT || 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Each run captures its leads in a fresh inbox, never the developer's own data/leads.db.
const LEADS_DB_PATH =
  process.env.E2E_LEADS_DB_PATH ||
  path.join(mkdtempSync(path.join(tmpdir(), "e2e-leads-")), "leads.db");
process.env.E2E_LEADS_DB_PATH = LEADS_DB_PATH;

const launchOptions = { executablePath: resolveChromium(), args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions } },
    // The lead path against production servers of its own (crash, outage, fuzzing): no browser.
    { name: "server", testDir: "tests/server" },
  ],
  webServer: {
    command: `npx next start -p ${PORT} -H 127.0.0.1`,
    url: BASE_URL,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      LEADS_DB_PATH,
      // Every browser test submits from 127.0.0.1: lift the per-client limits (tested on their own).
      LEADS_CREATE_LIMIT: "10000",
      LEADS_UPDATE_LIMIT: "10000",
    },
  },
});
