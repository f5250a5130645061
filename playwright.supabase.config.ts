import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "./tests/e2e/chromium";

/**
 * The Supabase backend test: real PostgreSQL and the Deno runtime, the site wired to them.
 * Each worker starts one cluster, one function and one site server for its files (fixtures.ts);
 * the suite mostly waits (e-mail windows, held transactions), so a second worker took it from
 * 240 s to 159 s on a shared 2-core host (`CI=true npx playwright test -c
 * playwright.supabase.config.ts`, with and without `--workers=1`, one after the other).
 */
export default defineConfig({
  testDir: "tests/supabase",
  globalSetup: "./tests/supabase/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: { executablePath: resolveChromium(), args: CHROMIUM_ARGS },
  },
});
