import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import type { Engine } from "./tests/journeys/engines";
import { CHROMIUM_ARGS, resolveChromium } from "./tests/e2e/chromium";
import { E2E_MIN_FORM_MS } from "./tests/e2e/quote-flow";

const PORT = Number(process.env.E2E_PORT || 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Each run captures its leads in a throwaway PostgreSQL (tests/support/e2e-site.ts), never the
// developer's own; the workers inherit where it says how to reach it, and
// tests/e2e/global-teardown.ts removes that folder after the run.
if (!process.env.E2E_DATABASE_FILE) {
  process.env.E2E_LEADS_TEMP_DIR = mkdtempSync(path.join(tmpdir(), "e2e-leads-"));
  process.env.E2E_DATABASE_FILE = path.join(process.env.E2E_LEADS_TEMP_DIR, "database-url");
}

const launchOptions = { executablePath: resolveChromium(), args: CHROMIUM_ARGS };

export default defineConfig<{ engine: Engine }>({
  testDir: "tests/e2e",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Three on CI's 2 cores: a test mostly waits (for the server, the browser, a state), so a third
  // worker gave the suite 406 s against 543 s with two, on a host already busy with other work.
  workers: process.env.CI ? 3 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Bounds, not expectations: a test waits for states, and these only stop one that never comes.
  // They leave room for a machine twice as slow as usual (a busy 2-core CI host).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace: each action with its timing, the console, the network, the
    // error and the test's source. Not the DOM snapshots and screencast of every action, which
    // cost every passing test about a quarter of its time on a 2-core host; for those, run again
    // with `--trace retain-on-failure`.
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false },
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions } },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], launchOptions },
      // What does not depend on the screen runs once, on desktop: the lead path's retries and bot
      // traps, the validation messages, response headers, and when scripts load.
      testIgnore: [
        // Where a visit came from reaches the owner whatever the screen.
        "**/attribution.spec.ts",
        "**/quote-reliability.spec.ts",
        "**/quote-validation.spec.ts",
        "**/security-headers.spec.ts",
        "**/loading.spec.ts",
        // The saved-quote page's states, API and journeys (one where the layout matters sets a phone
        // of its own); its layout on a phone is covered by a11y.spec.ts.
        "**/my-quote*.spec.ts",
        // Pages' words, figures and links: only the header changes with the screen (checked by
        // navigation, header-no-js and no-javascript.spec.ts on both). The ZIP check's room for
        // its answers is measured on desktop at 320 px, narrower than any phone.
        "**/plans.spec.ts",
        "**/blog.spec.ts",
        "**/service-area.spec.ts",
      ],
      // And single tests of that kind in a file that is otherwise about the screen.
      grepInvert: /@any-screen/,
    },
    // What a crawler reads, over HTTP: every page's head and JSON-LD, the sitemap, no browser.
    { name: "crawler", testDir: "tests/crawl" },
    // The lead path against production servers of its own (crash, outage, fuzzing): no browser.
    { name: "server", testDir: "tests/server" },
    // The visitors' journeys where engines differ, walked in Chromium and in Firefox ESR, both
    // driven by puppeteer-core (tests/journeys/journey.ts).
    { name: "chromium journeys", testDir: "tests/journeys", use: { engine: "chromium" } },
    { name: "firefox journeys", testDir: "tests/journeys", use: { engine: "firefox" } },
  ],
  webServer: {
    command: `node --import tsx tests/support/e2e-site.ts -p ${PORT} -H 127.0.0.1`,
    url: BASE_URL,
    reuseExistingServer: false,
    timeout: 60_000,
    // Playwright's default is SIGKILL, which would leave the run's PostgreSQL running (it is no
    // child of the server's): e2e-site.ts stops Next, then the cluster, on SIGTERM.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    env: {
      // Every browser test submits from 127.0.0.1: lift the per-client limits (tested on their own).
      LEADS_CREATE_LIMIT: "10000",
      LEADS_UPDATE_LIMIT: "10000",
      SERVICE_AREA_LIMIT: "10000",
      // …and lower the bot time trap, so that a submit need not wait 3 s (abuse.spec.ts keeps 3 s).
      LEADS_MIN_FORM_MS: String(E2E_MIN_FORM_MS),
    },
  },
});
