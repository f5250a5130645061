/**
 * `npm run perf`: builds the site once and reports, for every prerendered page, the gzip bytes of
 * the JavaScript a visitor downloads, its HTML and its CSS, against the framework's own floor
 * (Next's global-error page of the same build). Each page is weighed twice: on load (opened at the
 * top, not scrolled), and once the visitor has scrolled down (to the calculator on a calculator
 * page, else to the bottom; lazy chunks included). A calculator page loads its scripts only when
 * the calculator is wanted (docs/performance.md, "Scripts when wanted"): on load it must load no
 * script file at all; at the calculator, at most the floor and its budget. On calculator pages it
 * also reports, unbudgeted, the JS a visitor has downloaded once the calculator reaches its contact
 * step (validation and toasts are split off to arrive only then): walked on the first page of each
 * set of calculator pages that load exactly the same script files (the city pages share one
 * bundle), whose figure the others of the set report, naming that page.
 * Pages that ship no JavaScript (lib/pages-without-javascript.ts) must load no script file at all
 * and run no inline script but those the list allows (the 404's log line).
 * Byte sizes are deterministic, so they are the budget: the script fails when a page goes over.
 *
 *   npm run perf                 build into .next-perf, measure, check budgets
 *   npm run perf -- --skip-build measure an existing build (default .next)
 *   npm run perf -- --webpack    build with webpack instead of Turbopack (for comparison)
 *   npm run perf:bytes -- --walk-every-page   walk the calculator on every calculator page
 *   npm run perf:bytes -- --skip-build --update-docs   rewrite docs/performance.md's table
 *
 * It also fails when docs/performance.md's "Page weights" table states other figures than the
 * build's (./weights-table.ts): the table changes in the commit that moves them.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { z } from "zod";
import { CHROMIUM_ARGS, resolveChromium } from "../../tests/e2e/chromium";
import { inlineScripts } from "../build/csp";
import { appDirOf, builtAssetFile } from "../build/dist";
import { runPostBuildSteps } from "../build/steps";
import { inlineScriptsKept, routeWithoutJavaScript } from "@/lib/pages-without-javascript";
import { perfDistDir } from "./dist-dir";
import { listPrerenderedPages, referencedAssets } from "./pages";
import { startNextServer } from "./server";
import { DOCS_FILE, checkDocsTable, type Downloaded, type WeighedPage } from "./weights-table";

const KB = 1024;
export const BUDGET = {
  /** Pages without the calculator may add this much JS to the framework floor. */
  staticPageOverFloor: 3 * KB,
  /** Pages with the quote calculator, once the visitor is at the calculator. */
  calculatorPageOverFloor: 25 * KB,
  /** Pages with the quote calculator, opened at the top: script files loaded. */
  calculatorPageScriptFilesOnLoad: 0,
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
    "update-docs": { type: "boolean", default: false },
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

/** A page's measure: the figures the docs' table shows (./weights-table.ts), and the rest. */
type Row = WeighedPage & {
  /** Calculator pages: where the contact step was walked (this page, or one with the same scripts). */
  contactStepWalkedOn: string | null;
  /** Inline scripts the browser runs, and their bytes (gzip, together). */
  inlineScripts: number;
  inlineScriptsGzip: number;
  ok: boolean;
};

/** How long the network must stay quiet before a page counts as having downloaded what it will. */
const QUIET_MS = 500;

/**
 * Watches a page's requests, and waits until none has been in flight for QUIET_MS: what a step
 * started has arrived. (Playwright's "networkidle" is reached once a page, never again.)
 */
function networkWatch(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on("request", () => change(1));
  page.on("requestfinished", () => change(-1));
  page.on("requestfailed", () => change(-1));
  return async function settled() {
    const from = Date.now();
    // Two frames, each with the task after it: the loader starts its scripts after a frame, or on
    // the observer's report, which comes after the frame it was computed in.
    await page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame++) {
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      }
    });
    while (inFlight > 0 || Date.now() - Math.max(from, lastChange) < QUIET_MS) {
      await page.waitForTimeout(100);
    }
  };
}

/** Drives the calculator to its contact step, where it loads its validation and toasts. */
async function walkCalculatorToContactStep(page: Page, settled: () => Promise<void>) {
  const form = page.locator("[data-quote-calculator]").first();
  const next = form.getByRole("button", { name: "Continue", exact: true });
  await form.getByRole("radio").first().check(); // a pane range
  await next.click();
  await form.getByRole("radio").first().check(); // a plan
  await next.click();
  await next.click(); // add-ons are optional
  await form.getByRole("heading", { name: "Almost there!" }).waitFor();
  await settled();
}

const server = await startNextServer({ distDir });
const browser = await chromium.launch({ executablePath: resolveChromium(), args: CHROMIUM_ARGS });
const rows: Row[] = [];
/** A calculator walked to its contact step: on which page, and what had been downloaded by then. */
type ContactStep = { route: string; gzip: number; scripts: number };
/** The contact step per set of script files loaded at the calculator (a calculator bundle). */
const walkedBundles = new Map<string, ContactStep>();
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  for (const { route, htmlFile } of listPrerenderedPages(distDir)) {
    const page = await context.newPage();
    const scriptUrls = new Set<string>();
    const anyScripts = new Set<string>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() !== "script") return;
      anyScripts.add(url.href);
      if (url.pathname.startsWith("/_next/")) scriptUrls.add(url.pathname);
    });
    const settled = networkWatch(page);
    const visit = route === "/_not-found" ? "/perf-check-unknown-path" : route;
    const downloaded = (): Downloaded => ({ jsGzip: sum(scriptUrls), scripts: anyScripts.size });
    // Network idle: 500 ms without a request since the page began, the loader's first frame long past.
    await page.goto(server.url + visit, { waitUntil: "networkidle" });
    const onLoad = downloaded();
    const calculator = (await page.locator("[data-quote-calculator]").count()) > 0;
    const savedQuote = (await page.locator("[data-saved-quote]").count()) > 0;
    // Down to the calculator, whose scripts start as it comes near; elsewhere to the bottom, where
    // a lazy chunk would start.
    if (calculator) await page.locator("[data-quote-calculator]").first().scrollIntoViewIfNeeded();
    else await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settled();
    const scrolled = downloaded();
    let contactStep: ContactStep | null = null;
    if (calculator) {
      const bundle = [...scriptUrls].sort().join(" ");
      contactStep = args["walk-every-page"] ? null : (walkedBundles.get(bundle) ?? null);
      if (!contactStep) {
        await walkCalculatorToContactStep(page, settled);
        contactStep = { route, gzip: sum(scriptUrls), scripts: anyScripts.size };
        walkedBundles.set(bundle, contactStep);
      }
    }
    await page.close();

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
      ? scrolled.scripts === 0 && inline.every((script) => kept.includes(script))
      : scrolled.jsGzip - floor <= budget &&
        (!calculator || onLoad.scripts <= BUDGET.calculatorPageScriptFilesOnLoad);
    rows.push({
      route,
      calculator,
      withoutJavaScript: noJsRoute !== undefined,
      onLoad,
      scrolled,
      overFloor: scrolled.jsGzip - floor,
      jsAtContactStepGzip: contactStep?.gzip ?? null,
      scriptsAtContactStep: contactStep?.scripts ?? null,
      contactStepWalkedOn: contactStep?.route ?? null,
      budget,
      inlineScripts: inline.length,
      inlineScriptsGzip: inline.length > 0 ? gzipSync(inline.join("")).length : 0,
      htmlGzip: gzipSync(html).length,
      cssGzip,
      ok: withinJsBudget && cssGzip <= BUDGET.css,
    });
  }
} finally {
  await browser.close();
  await server.stop();
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
console.log(
  `\nFramework floor (Next's bare global-error page): ${kb(floor)} gzip in ${floorScripts.length} scripts ` +
    `(of which the root main files: ${kb(rootMain)})`,
);
const files = (downloaded: Downloaded) =>
  `${kb(downloaded.jsGzip)} in ${downloaded.scripts} file${downloaded.scripts === 1 ? "" : "s"}`;
console.table(
  rows.map((row) => ({
    page: row.route,
    calculator: row.calculator ? "yes" : "",
    "JS on load": files(row.onLoad),
    "JS scrolled down (calculator: at it)": files(row.scrolled),
    "inline scripts": row.inlineScripts,
    "over floor": row.withoutJavaScript ? "" : kb(row.overFloor),
    budget: row.withoutJavaScript
      ? "no JS"
      : `+${kb(row.budget)}` +
        (row.calculator ? `, ${BUDGET.calculatorPageScriptFilesOnLoad} files on load` : ""),
    "JS by quote step 4":
      row.jsAtContactStepGzip === null
        ? ""
        : `${kb(row.jsAtContactStepGzip)} in ${row.scriptsAtContactStep} files` +
          (row.contactStepWalkedOn === row.route ? "" : ` (walked on ${row.contactStepWalkedOn})`),
    "HTML gzip": kb(row.htmlGzip),
    "CSS gzip": kb(row.cssGzip),
    ok: row.ok ? "✓" : "✗ OVER",
  })),
);
mkdirSync(path.dirname(args.out), { recursive: true });
const bundler = args.webpack ? "webpack" : "turbopack";
const report = {
  distDir,
  bundler,
  floor,
  floorScripts: floorScripts.length,
  rootMain,
  budget: BUDGET,
  pages: rows,
};
writeFileSync(args.out, JSON.stringify(report, null, 2));
console.log(`perf: wrote ${args.out}`);

// The docs state Turbopack's figures (the build `npm run build` makes).
const docsDiffer = args.webpack ? [] : checkDocsTable(report, { update: args["update-docs"] });
if (args["update-docs"] && !args.webpack) {
  execFileSync(process.execPath, ["node_modules/prettier/bin/prettier.cjs", "--write", DOCS_FILE], {
    stdio: "ignore",
  });
  console.log(`perf: ${DOCS_FILE}'s page weights are this build's`);
}

const over = rows.filter((row) => !row.ok);
if (over.length > 0) {
  console.error(
    `perf: ${over.length} page(s) over budget: ${over
      .map((row) =>
        row.withoutJavaScript
          ? `${row.route} (may load no script)`
          : row.calculator && row.onLoad.scripts > BUDGET.calculatorPageScriptFilesOnLoad
            ? `${row.route} (${row.onLoad.scripts} script files on load)`
            : row.route,
      )
      .join(", ")}`,
  );
  process.exit(1);
}
console.log(`perf: all ${rows.length} pages within budget`);
if (docsDiffer.length > 0) {
  console.error(
    `perf: ${DOCS_FILE}, "Page weights", is not this build's:\n  ${docsDiffer.join("\n  ")}\n` +
      "Run `npm run perf:bytes -- --skip-build --update-docs` and commit the table with the change that moved it.",
  );
  process.exit(1);
}
