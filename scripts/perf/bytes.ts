/**
 * `npm run perf:bytes` (scripts/perf/README.md, "Page weights and Lighthouse"): what every
 * prerendered page of the build (NEXT_DIST_DIR, else the one `npm start` serves) downloads, against the budgets
 * and docs/performance.md's table.
 *
 *   --update-docs     rewrite docs/performance.md's table with this build's figures
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { scriptsAfterPaint } from "../build/after-paint";
import { builtFolder } from "../build/build-folder";
import { appDirOf, builtAssetFile, prerenderedHtmlFiles, routeOf } from "../build/dist";
import { scriptElementsOf } from "../build/html";
import { routeWithoutJavaScript } from "@/lib/pages-without-javascript";
import { launchChromium, startNextServer } from "./server";
import {
  COLUMNS,
  DOCS_FILE,
  checkDocsTable,
  weightRows,
  type Downloaded,
  type WeighedPage,
} from "./weights-table";

const KB = 1024;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
/** JS over the floor once scrolled down (at the calculator; none on load there), and CSS. */
const BUDGET = {
  calculatorPage: 25 * KB,
  savedQuotePage: 15 * KB,
  otherPage: 3 * KB,
  css: 20 * KB,
};

const { values: args } = parseArgs({
  options: { "update-docs": { type: "boolean", default: false } },
});
const DIST_DIR = builtFolder();

const gzipSizes = new Map<string, number>();
/** The gzip bytes of built assets, read from the build folder by their /_next/ URLs. */
const sum = (urls: Iterable<string>) =>
  [...urls].reduce((total, url) => {
    const file = builtAssetFile(DIST_DIR, url);
    if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(file)).length);
    return total + gzipSizes.get(file)!;
  }, 0);

// The floor: Next's own bare global-error page (no code of the app's own): the script files it runs
// (not `noModule` polyfills, which modern browsers never download) and those its loader inserts.
const globalError = readFileSync(path.join(appDirOf(DIST_DIR), "_global-error.html"), "utf8");
const floorScripts = new Set([
  ...scriptElementsOf(globalError).flatMap((script) => (script.runs && script.src) || []),
  ...(scriptsAfterPaint(globalError) ?? []),
]);
const floor = sum(floorScripts);
/**
 * Watches a page's requests; `settled` waits until none has been in flight for 500 ms: what a
 * step started has arrived. (Playwright's "networkidle" is reached once a page, never again.)
 */
function networkWatch(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => () => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on("request", change(1));
  page.on("requestfinished", change(-1));
  page.on("requestfailed", change(-1));
  return async function settled() {
    const from = Date.now();
    // Two frames, each with the task after it: the loader starts its scripts after a frame, or on
    // the observer's report, which comes after the frame it was computed in.
    await page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame++) {
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      }
    });
    while (inFlight > 0 || Date.now() - Math.max(from, lastChange) < 500) {
      await page.waitForTimeout(100);
    }
  };
}

/**
 * Pages weighed at once: each mostly waits for its network to settle, and weighs only its own
 * requests, so the figures are the same as one at a time (`--update-docs` checks them against
 * the table).
 */
const PAGES_AT_ONCE = 4;
const pages = prerenderedHtmlFiles(DIST_DIR)
  .map((htmlFile) => ({ route: routeOf(DIST_DIR, htmlFile), htmlFile }))
  .filter(({ route }) => route !== "/_global-error")
  .sort((a, b) => a.route.localeCompare(b.route));
/** In the pages' order, whichever is weighed first. */
const weighed: WeighedPage[] = [];
const overBudget: string[] = [];
/**
 * The contact step, walked once per set of scripts loaded at the calculator (a bundle): a page
 * whose bundle another page is walking waits for that walk.
 */
const walkedBundles = new Map<string, Promise<Downloaded>>();
const server = await startNextServer();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  let nextPage = 0;
  const weighNext = async (): Promise<void> => {
    const index = nextPage++;
    if (index >= pages.length) return;
    const { route, htmlFile } = pages[index]!;
    const page = await context.newPage();
    const nextScripts = new Set<string>();
    const anyScripts = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const url = new URL(response.url());
      anyScripts.add(url.href);
      if (url.pathname.startsWith("/_next/")) nextScripts.add(url.pathname);
    });
    const settled = networkWatch(page);
    const downloaded = (): Downloaded => ({ jsGzip: sum(nextScripts), scripts: anyScripts.size });
    const visit = route === "/_not-found" ? "/perf-check-unknown-path" : route;
    await page.goto(server.url + visit, { waitUntil: "networkidle" });
    const onLoad = downloaded();
    const calculatorForm = page.locator("[data-quote-calculator]").first();
    const calculator = (await calculatorForm.count()) > 0;
    const savedQuote = (await page.locator("[data-saved-quote]").count()) > 0;
    // Down to the calculator, whose scripts start as it comes near; elsewhere to the bottom, where
    // a lazy chunk would start.
    if (calculator) await calculatorForm.scrollIntoViewIfNeeded();
    else await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settled();
    const scrolled = downloaded();
    const bundle = [...nextScripts].sort().join(" ");
    // To the contact step, where the calculator loads its validation and toasts.
    const walkToContactStep = async (): Promise<Downloaded> => {
      const next = calculatorForm.getByRole("button", { name: "Continue", exact: true });
      await calculatorForm.getByRole("radio").first().check(); // a pane range
      await next.click();
      await calculatorForm.getByRole("radio").first().check(); // a plan
      await next.click();
      await next.click(); // add-ons are optional
      await calculatorForm.getByRole("heading", { name: "Almost there!" }).waitFor();
      await settled();
      return downloaded();
    };
    if (calculator && !walkedBundles.has(bundle)) walkedBundles.set(bundle, walkToContactStep());
    const atContactStep = calculator ? await walkedBundles.get(bundle)! : null;
    await page.close();

    const html = readFileSync(htmlFile, "utf8");
    const budget = calculator
      ? BUDGET.calculatorPage
      : savedQuote
        ? BUDGET.savedQuotePage
        : BUDGET.otherPage;
    const stylesheets = html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
    const cssGzip = sum([...stylesheets].map((m) => m[1]!));
    // Their inline scripts are the post-build step's to check (./no-javascript.ts).
    const noJsRoute = routeWithoutJavaScript(route);
    const overFloor = scrolled.jsGzip - floor;
    const problems = [
      noJsRoute && scrolled.scripts > 0 && `${scrolled.scripts} script files, where none may load`,
      !noJsRoute &&
        overFloor > budget &&
        `${kb(overFloor)} of JS over the floor, budget ${kb(budget)}`,
      calculator && onLoad.scripts > 0 && `${onLoad.scripts} script files on load, where none may`,
      cssGzip > BUDGET.css && `${kb(cssGzip)} of CSS, budget ${kb(BUDGET.css)}`,
    ].filter(Boolean);
    if (problems.length > 0) overBudget.push(`${route}: ${problems.join("; ")}`);
    weighed[index] = {
      route,
      calculator,
      withoutJavaScript: noJsRoute !== undefined,
      onLoad,
      scrolled,
      atContactStep,
      overFloor,
      budget,
      htmlGzip: gzipSync(html).length,
      cssGzip,
    };
    return weighNext();
  };
  await Promise.all(Array.from({ length: PAGES_AT_ONCE }, weighNext));
} finally {
  await browser.close();
  await server.stop();
}

const build = { floor, floorScripts: floorScripts.size, pages: weighed };
console.log(`\nperf: ${weighed.length} pages, gzip; the floor is Next's bare global-error page`);
console.table(
  weightRows(build).map((row) => Object.fromEntries(row.map((cell, i) => [COLUMNS[i], cell]))),
);
const docsDiffer = checkDocsTable(build, args["update-docs"]);
if (overBudget.length > 0) {
  console.error(`perf: ${overBudget.length} page(s) over budget:\n  ${overBudget.join("\n  ")}`);
  process.exit(1);
}
console.log(`perf: all ${weighed.length} pages within budget`);
if (docsDiffer.length > 0) {
  console.error(
    `perf: ${DOCS_FILE}, "Page weights", is not this build's:\n  ${docsDiffer.join("\n  ")}\n` +
      "Run `npm run perf:bytes -- --update-docs` and commit the table with the change that moved it.",
  );
  process.exit(1);
}
