import { existsSync } from "node:fs";
import puppeteer, { type Browser, type LaunchOptions } from "puppeteer-core";
import { CHROMIUM_ARGS, resolveChromium } from "../e2e/chromium";

/** The engines a journey runs in: Chromium over CDP, Firefox ESR over WebDriver BiDi. */
export type Engine = "chromium" | "firefox";

const DEBIAN_FIREFOX = "/usr/bin/firefox-esr";

/** FIREFOX_PATH if set, else Debian's firefox-esr; with neither, a message naming the fix. */
function resolveFirefox(): string {
  const path = process.env.FIREFOX_PATH || DEBIAN_FIREFOX;
  if (existsSync(path)) return path;
  throw new Error(
    `No Firefox found for the journeys (looked for ${path}). Install one: \`apt-get install firefox-esr\`, ` +
      "or set FIREFOX_PATH to a Firefox binary.",
  );
}

/**
 * Chromium's path for puppeteer: Playwright's own resolver answers "undefined" when Playwright's
 * downloaded browser is there, which puppeteer cannot find by itself.
 */
async function chromiumPath(): Promise<string> {
  const explicit = resolveChromium();
  if (explicit) return explicit;
  const { chromium } = await import("@playwright/test");
  return chromium.executablePath();
}

/** Starts a headless browser of the engine (puppeteer-core drives both; Playwright drives only its own Firefox). */
export async function launch(engine: Engine): Promise<Browser> {
  const options: LaunchOptions =
    engine === "firefox"
      ? { browser: "firefox", executablePath: resolveFirefox(), headless: true }
      : {
          browser: "chrome",
          executablePath: await chromiumPath(),
          headless: true,
          args: CHROMIUM_ARGS,
        };
  return puppeteer.launch({ ...options, protocolTimeout: 60_000 });
}
