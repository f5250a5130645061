/**
 * How long a visitor waits for the page's scripts, in Chromium and Firefox: from navigation start
 * to the after-paint loader's first request and to `data-scripts-loaded` on <html>
 * (scripts/build/after-paint.ts), with the first contentful paint beside them (or "none" when the
 * engine never reports one). Both engines are driven by puppeteer-core, as in tests/journeys/.
 *
 *   npx tsx scripts/perf/scripts-loaded.ts [--path /locations/tampa#contact] [--runs 10]
 */
import { parseArgs } from "node:util";
import type { Browser } from "puppeteer-core";
import { launch, type Engine } from "../../tests/journeys/engines";
import { OBSERVE_SCRIPTS_LOADED } from "./event-timing";
import { startNextServer } from "./server";

/** One fresh page: when the first script was requested, when all had loaded, when text painted. */
async function sample(browser: Browser, url: string) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.evaluateOnNewDocument(OBSERVE_SCRIPTS_LOADED);
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => "__scriptsLoaded" in window, { timeout: 30_000 });
    return await page.evaluate(() => ({
      requested: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      ),
      loaded: (window as unknown as { __scriptsLoaded: number }).__scriptsLoaded,
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    }));
  } finally {
    await context.close();
  }
}

const { values } = parseArgs({
  options: {
    path: { type: "string", default: "/locations/tampa#contact" },
    runs: { type: "string", default: "10" },
  },
});
const server = await startNextServer();
const ms = (value: number | null) => (value === null ? "none" : `${Math.round(value)} ms`);
try {
  for (const engine of ["chromium", "firefox"] satisfies Engine[]) {
    const browser = await launch(engine);
    try {
      for (let run = 1; run <= Number(values.runs); run++) {
        const { requested, loaded, paint } = await sample(browser, server.url + values.path);
        console.log(
          `${engine} ${values.path} run ${run}: first contentful paint ${ms(paint)}, ` +
            `scripts requested at ${ms(requested)}, all loaded at ${ms(loaded)}`,
        );
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
