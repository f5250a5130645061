import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * Which Chromium the browser tests drive: CHROMIUM_PATH (or CHROME_PATH) if set, else Playwright's
 * own downloaded browser, else Debian's package. With none, stop with a message naming the fix.
 */
export function resolveChromium(): string | undefined {
  const explicit = process.env.CHROMIUM_PATH || process.env.CHROME_PATH;
  if (explicit) {
    if (!existsSync(explicit))
      throw new Error(`CHROMIUM_PATH points at ${explicit}, which does not exist.`);
    return explicit;
  }
  let bundled: string | undefined;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = undefined;
  }
  if (bundled && existsSync(bundled)) return undefined; // Playwright finds its own browser.
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  throw new Error(
    "No Chromium found for the browser tests. Install one: `apt-get install chromium` (Debian/Ubuntu), " +
      "or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium binary.",
  );
}

/** Flags that keep a headless Chromium quiet on a machine without internet (and running as root). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
