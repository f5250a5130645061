import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "./tests/e2e/chromium";

/**
 * The Supabase backend test: real PostgreSQL and the Deno runtime, the site wired to them.
 * One worker: the suite shares one cluster, one function and one site server.
 */
export default defineConfig({
  testDir: "tests/supabase",
  globalSetup: "./tests/supabase/global-setup.ts",
  fullyParallel: false,
  workers: 1,
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
