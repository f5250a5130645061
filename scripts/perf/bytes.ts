/**
 * `npm run perf`: builds the site once and reports, for every prerendered page, the gzip bytes of
 * the JavaScript a visitor downloads on load (every script the page loads, lazy chunks included),
 * its HTML and its CSS, against the framework's own floor (Next's global-error page of the same
 * build). On calculator pages it also reports, unbudgeted, the JS a visitor has downloaded once the
 * calculator reaches its contact step (validation and toasts are split off to arrive only then).
 * Every page is loaded and weighed, two at a time; the calculator is walked on the first page of
 * each set of calculator pages that load exactly the same script files (the home page; the city
 * pages share one bundle), and the others of the set report that page's figure, naming it.
 * Pages that ship no JavaScript (lib/pages-without-javascript.ts) must load no script file at all
 * and run no inline script but those the list allows (the 404's log line).
 * Byte sizes are deterministic, so they are the budget: the script fails when a page goes over.
 *
 *   npm run perf                 build into .next-perf, measure, check budgets
 *   npm run perf -- --skip-build measure an existing build (default .next)
 *   npm run perf -- --webpack    build with webpack instead of Turbopack (for comparison)
 *   npm run perf:bytes -- --walk-every-page   walk the calculator on every calculator page
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page, type Request, type Response } from "@playwright/test";
import { z } from "zod";
import { CHROMIUM_ARGS, resolveChromium } from "../../tests/e2e/chromium";
import { waitForScripts } from "../../tests/e2e/test";
import { inlineScripts } from "../build/csp";
import { appDirOf, builtAssetFile } from "../build/dist";
import { runPostBuildSteps } from "../build/steps";
import { inlineScriptsKept, routeWithoutJavaScript } from "@/lib/pages-without-javascript";
import { perfDistDir } from "./dist-dir";
import { listPrerenderedPages, referencedAssets, type PrerenderedPage } from "./pages";
import { startNextServer } from "./server";

const KB = 1024;
export const BUDGET = {
  /** Pages without the calculator may add this much JS to the framework floor. */
  staticPageOverFloor: 3 * KB,
  /** Pages with the quote calculator. */
  calculatorPageOverFloor: 25 * KB,
  /** The saved-quote page (/my-quote): the quote, its plan and add-ons, and the visit window. */
  savedQuotePageOverFloor: 15 * KB,
  css: 20 * KB,
} as const;

const { values: args } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    webpack: { type: "boolean", default: false },
    dist: { type: "string" },
    out: { type: "string", default: ".perf/bytes.json" },
    "walk-every-page": { type: "boolean", default: false },
  },
});

const distDir = perfDistDir(args);

if (!args["skip-build"]) {
  console.log(`perf: building into ${distDir} with ${args.webpack ? "webpack" : "Turbopack"}…`);
  execFileSync(
    process.execPath,
    ["node_modules/next/dist/bin/next", "build", ...(args.webpack ? ["--webpack"] : [])],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NEXT_DIST_DIR: distDir },
    },
  );
  // The same post-build steps as `npm run build` (proxy.ts needs the CSP manifest to serve pages).
  runPostBuildSteps(distDir);
}
if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  throw new Error(`perf: no build in ${distDir}; run without --skip-build or build first.`);
}

const gzipCache = new Map<string, number>();
/** gzip size of a built asset, read from the build folder by its /_next/ URL. */
function gzipBytesOfAsset(url: string): number {
  const pathname = new URL(url, "http://x").pathname;
  const cached = gzipCache.get(pathname);
  if (cached !== undefined) return cached;
  const size = gzipSync(readFileSync(builtAssetFile(distDir, pathname))).length;
  gzipCache.set(pathname, size);
  return size;
}
const sum = (urls: Iterable<string>) =>
  [...urls].reduce((total, url) => total + gzipBytesOfAsset(url), 0);

// The floor: Next's own bare global-error page from the same build (no code of the app's own).
const globalErrorHtml = readFileSync(path.join(appDirOf(distDir), "_global-error.html"), "utf8");
const floorScripts = referencedAssets(globalErrorHtml).scripts;
const floor = sum(floorScripts);
// For reference: the runtime chunks every App Router page loads.
const buildManifest = z
  .object({ rootMainFiles: z.array(z.string()).min(1) })
  .parse(JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8")));
const rootMain = sum(buildManifest.rootMainFiles.map((file) => `/_next/${file}`));

/** Pages loaded at once (each in a tab of its own, of one browser): byte counts do not depend on it. */
const CONCURRENT_PAGES = 2;
/** How long the network must stay silent before a page counts as done loading (Playwright's own). */
const QUIET_MS = 500;
/** A bound, not an expectation: a page whose network never goes quiet stops the run. */
const QUIET_TIMEOUT_MS = 30_000;

type Row = {
  route: string;
  calculator: boolean;
  /** In lib/pages-without-javascript.ts: budgeted at no script file and only the allowed inline scripts. */
  withoutJavaScript: boolean;
  jsGzip: number;
  overFloor: number;
  /** Calculator pages: JS downloaded once the calculator shows its contact step (not budgeted). */
  jsAtContactStepGzip: number | null;
  /** Calculator pages: script files downloaded by then. */
  scriptsAtContactStep: number | null;
  /**
   * Calculator pages: the page on which the calculator was walked to get those two figures: this
   * page, or the first page that loaded exactly the same script files (so the same calculator).
   */
  contactStepWalkedOn: string | null;
  budget: number;
  /** Script files the page downloaded on load (from anywhere). */
  scripts: number;
  /** Inline scripts the browser runs, and their bytes (gzip, together). */
  inlineScripts: number;
  inlineScriptsGzip: number;
  htmlGzip: number;
  cssGzip: number;
  ok: boolean;
};

/**
 * What a page downloads from the moment this is called: its script files, and its requests in
 * flight. `quiet` waits until none has been in flight for QUIET_MS since it was called, the rule
 * of Playwright's "networkidle"; that event fires once a document, so it cannot tell when what a
 * scroll or a step of the calculator started has arrived. `stop` detaches it from the page.
 */
function watchDownloads(page: Page) {
  const scriptUrls = new Set<string>(); // /_next/ paths, to weigh
  const anyScripts = new Set<string>(); // every script URL, from anywhere
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const onRequest = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const onSettled = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    const url = new URL(response.url());
    anyScripts.add(url.href);
    if (url.pathname.startsWith("/_next/")) scriptUrls.add(url.pathname);
  };
  page.on("request", onRequest);
  page.on("requestfinished", onSettled);
  page.on("requestfailed", onSettled);
  page.on("response", onResponse);
  return {
    scriptUrls,
    anyScripts,
    async quiet(what: string) {
      const calledAt = Date.now();
      while (inFlight.size > 0 || Date.now() - Math.max(lastChange, calledAt) < QUIET_MS) {
        if (Date.now() - calledAt > QUIET_TIMEOUT_MS) {
          const pending = [...inFlight].map((request) => request.url()).join(", ");
          throw new Error(`perf: ${what}: the network did not go quiet (in flight: ${pending})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop() {
      page.off("request", onRequest);
      page.off("requestfinished", onSettled);
      page.off("requestfailed", onSettled);
      page.off("response", onResponse);
    },
  };
}

/**
 * Waits until the page has painted twice and its main thread is idle: work a step defers until
 * after its paint (components/quote/lazy.ts, `afterNextPaint`) has started by then.
 */
const SETTLE = `new Promise((resolve) =>
  requestAnimationFrame(() =>
    requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 10000 })),
  ),
)`;

/**
 * Scrolls from the top to the bottom one viewport at a time, letting each position render (two
 * frames), so that whatever loads when it scrolls into view is asked for. Plain text, not a
 * function: tsx would add helpers to a function's source that do not exist in the page. Bounded,
 * in case a page were to keep growing as it is scrolled.
 */
const SCROLL_THROUGH = `(async () => {
  for (let top = 0, step = 0; step < 500; top += innerHeight, step += 1) {
    scrollTo({ top, behavior: "instant" });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    if (top + innerHeight >= document.documentElement.scrollHeight) break;
  }
})()`;

/** Drives the calculator to its contact step, where it loads its validation and toasts. */
async function walkCalculatorToContactStep(page: Page) {
  const form = page.locator("[data-quote-calculator]").first();
  const next = form.getByRole("button", { name: "Continue", exact: true });
  await form.getByRole("radio").first().check(); // a pane range
  await next.click();
  await form.getByRole("radio").first().check(); // a plan
  await next.click();
  await next.click(); // add-ons are optional
  await form.getByRole("heading", { name: "Almost there!" }).waitFor();
}

/**
 * Runs `work` on every item, taking them in order, in `slots` loops at once; each loop passes its
 * own slot (a browser tab) to every item it takes.
 */
async function inSlots<T, S, R>(
  items: readonly T[],
  slots: readonly S[],
  work: (item: T, index: number, slot: S) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    slots.map(async (slot) => {
      for (let index = next++; index < items.length; index = next++)
        results[index] = await work(items[index]!, index, slot);
    }),
  );
  return results;
}

/**
 * A browser tab of its own, with the HTTP cache off: each page it loads downloads every script it
 * uses, whatever the tab loaded before. The pages are loaded one after another in a tab rather
 * than each in a new one, as opening and closing tabs stalls the frames of the other tab (the
 * scroll below waits for frames).
 */
async function openTab(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return page;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => {}); // whoever awaits it sees the failure; the run fails once, not twice
  return { promise, resolve, reject };
}

type ContactStep = { jsGzip: number; scripts: number; walkedOn: string };

/**
 * Loads one page and weighs it. A calculator page also gets its contact-step figures: walked here
 * if no earlier page (in route order) loaded exactly the same script files, else that page's.
 * `loaded[i]` says which script files page i loaded (null: not a calculator page), so that a
 * page can wait for the earlier pages' loads (never their walks) before deciding.
 */
async function measurePage(
  page: Page,
  pages: readonly PrerenderedPage[],
  index: number,
  loaded: ReturnType<typeof deferred<string | null>>[],
  walked: ReturnType<typeof deferred<ContactStep>>[],
): Promise<Row> {
  const { route, htmlFile } = pages[index]!;
  // The calculator keeps its progress in the tab's sessionStorage: the page before may have left
  // it at the contact step.
  if (page.url().startsWith(server.url)) {
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
  }
  const downloads = watchDownloads(page);
  const { scriptUrls, anyScripts } = downloads;
  let calculator = false;
  try {
    const visit = route === "/_not-found" ? "/perf-check-unknown-path" : route;
    await page.goto(server.url + visit, { waitUntil: "networkidle" });
    await waitForScripts(page); // the runtime the after-paint loader inserts, all of it
    // Lazy chunks (a calculator loaded when it scrolls into view) count as downloaded too.
    await page.evaluate(SCROLL_THROUGH);
    await page.evaluate(SETTLE);
    await downloads.quiet(`${route}, after scrolling`);
    const jsGzip = sum(scriptUrls);
    const scriptsOnLoad = anyScripts.size;
    const loadedScripts = [...scriptUrls].sort().join(" ");
    calculator = (await page.locator("[data-quote-calculator]").count()) > 0;
    const savedQuote = (await page.locator("[data-saved-quote]").count()) > 0;
    loaded[index]!.resolve(calculator ? loadedScripts : null);

    let contactStep: ContactStep | null = null;
    if (calculator) {
      const earlier = await Promise.all(loaded.slice(0, index).map((each) => each.promise));
      const first = earlier.indexOf(loadedScripts);
      if (first === -1 || args["walk-every-page"]) {
        await walkCalculatorToContactStep(page);
        await page.evaluate(SETTLE);
        await downloads.quiet(`${route}, at the contact step`);
        contactStep = { jsGzip: sum(scriptUrls), scripts: anyScripts.size, walkedOn: route };
        walked[index]!.resolve(contactStep);
      } else {
        contactStep = await walked[first]!.promise;
      }
    }

    const html = readFileSync(htmlFile);
    const budget = calculator
      ? BUDGET.calculatorPageOverFloor
      : savedQuote
        ? BUDGET.savedQuotePageOverFloor
        : BUDGET.staticPageOverFloor;
    const cssGzip = sum(referencedAssets(html.toString("utf8")).styles);
    const inline = inlineScripts(html.toString("utf8"));
    const noJsRoute = routeWithoutJavaScript(route);
    const kept = noJsRoute ? inlineScriptsKept(noJsRoute) : [];
    const withinJsBudget = noJsRoute
      ? scriptsOnLoad === 0 && inline.every((script) => kept.includes(script))
      : jsGzip - floor <= budget;
    return {
      route,
      calculator,
      withoutJavaScript: noJsRoute !== undefined,
      jsGzip,
      overFloor: jsGzip - floor,
      jsAtContactStepGzip: contactStep?.jsGzip ?? null,
      scriptsAtContactStep: contactStep?.scripts ?? null,
      contactStepWalkedOn: contactStep?.walkedOn ?? null,
      budget,
      scripts: scriptsOnLoad,
      inlineScripts: inline.length,
      inlineScriptsGzip: inline.length > 0 ? gzipSync(inline.join("")).length : 0,
      htmlGzip: gzipSync(html).length,
      cssGzip,
      ok: withinJsBudget && cssGzip <= BUDGET.css,
    };
  } catch (error) {
    // Pages waiting on this one's load or walk fail with it rather than wait forever.
    loaded[index]!.reject(error);
    walked[index]!.reject(error);
    throw error;
  } finally {
    downloads.stop();
  }
}

const started = Date.now();
const server = await startNextServer({ distDir });
const browser = await chromium.launch({ executablePath: resolveChromium(), args: CHROMIUM_ARGS });
let rows: Row[];
try {
  const tabs = await Promise.all(Array.from({ length: CONCURRENT_PAGES }, () => openTab(browser)));
  const pages = listPrerenderedPages(distDir);
  const loaded = pages.map(() => deferred<string | null>());
  const walked = pages.map(() => deferred<ContactStep>());
  rows = await inSlots(pages, tabs, (_, index, tab) =>
    measurePage(tab, pages, index, loaded, walked),
  );
} finally {
  await browser.close();
  await server.stop();
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
console.log(
  `\nFramework floor (Next's bare global-error page): ${kb(floor)} gzip in ${floorScripts.length} scripts ` +
    `(of which the root main files: ${kb(rootMain)})`,
);
console.table(
  rows.map((row) => ({
    page: row.route,
    calculator: row.calculator ? "yes" : "",
    "JS gzip": kb(row.jsGzip),
    "script files": row.scripts,
    "inline scripts": row.inlineScripts,
    "over floor": row.withoutJavaScript ? "" : kb(row.overFloor),
    budget: row.withoutJavaScript ? "no JS" : `+${kb(row.budget)}`,
    "JS by quote step 4":
      row.jsAtContactStepGzip === null
        ? ""
        : `${kb(row.jsAtContactStepGzip)} in ${row.scriptsAtContactStep} files`,
    "step 4 walked on":
      row.contactStepWalkedOn === null
        ? ""
        : row.contactStepWalkedOn === row.route
          ? "this page"
          : row.contactStepWalkedOn,
    "HTML gzip": kb(row.htmlGzip),
    "CSS gzip": kb(row.cssGzip),
    ok: row.ok ? "✓" : "✗ OVER",
  })),
);
const walkedOn = new Set(rows.flatMap((row) => row.contactStepWalkedOn ?? []));
const calculatorPages = rows.filter((row) => row.calculator).length;
console.log(
  `perf: ${rows.length} pages loaded and weighed in ${((Date.now() - started) / 1000).toFixed(0)} s, ` +
    `${CONCURRENT_PAGES} at a time; the calculator walked to its contact step on ${[...walkedOn].join(", ") || "no page"}` +
    (calculatorPages > walkedOn.size
      ? `, whose figures the other ${calculatorPages - walkedOn.size} calculator pages, which load the same script files, report`
      : ""),
);
mkdirSync(path.dirname(args.out), { recursive: true });
const bundler = args.webpack ? "webpack" : "turbopack";
const report = { distDir, bundler, floor, rootMain, budget: BUDGET, pages: rows };
writeFileSync(args.out, JSON.stringify(report, null, 2));
console.log(`perf: wrote ${args.out}`);

const over = rows.filter((row) => !row.ok);
if (over.length > 0) {
  console.error(
    `perf: ${over.length} page(s) over budget: ${over
      .map((row) => (row.withoutJavaScript ? `${row.route} (may load no script)` : row.route))
      .join(", ")}`,
  );
  process.exit(1);
}
console.log(`perf: all ${rows.length} pages within budget`);
