/**
 * `npm run perf`: builds the site once and reports, for every prerendered page, the gzip bytes of
 * the JavaScript a visitor downloads on load (every script the page loads, lazy chunks included),
 * its HTML and its CSS, against the framework's own floor (Next's global-error page of the same
 * build). On calculator pages it also reports, unbudgeted, the JS a visitor has downloaded once the
 * calculator reaches its contact step (validation and toasts are split off to arrive only then):
 * walked on the first page of each set of calculator pages that load exactly the same script files
 * (the city pages share one bundle), whose figure the others of the set report, naming that page.
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

type Row = {
  route: string;
  calculator: boolean;
  /** In lib/pages-without-javascript.ts: budgeted at no script file and only the allowed inline scripts. */
  withoutJavaScript: boolean;
  jsGzip: number;
  overFloor: number;
  /** Calculator pages: JS downloaded once the calculator shows its contact step (not budgeted). */
  jsAtContactStepGzip: number | null;
  /** Calculator pages: script files downloaded by then (from anywhere). */
  scriptsAtContactStep: number | null;
  /** Calculator pages: where those were measured (this page, or one with the same scripts). */
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
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
}

const server = await startNextServer({ distDir });
const browser = await chromium.launch({ executablePath: resolveChromium(), args: CHROMIUM_ARGS });
const rows: Row[] = [];
/** A calculator walked to its contact step: on which page, and what had been downloaded by then. */
type ContactStep = { route: string; gzip: number; scripts: number };
/** The contact step per set of script files loaded on load (a calculator bundle). */
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
    const visit = route === "/_not-found" ? "/perf-check-unknown-path" : route;
    await page.goto(server.url + visit, { waitUntil: "networkidle" });
    // Lazy chunks (a calculator loaded when it scrolls into view) count as downloaded too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const jsGzip = sum(scriptUrls);
    const calculator = (await page.locator("[data-quote-calculator]").count()) > 0;
    const savedQuote = (await page.locator("[data-saved-quote]").count()) > 0;
    const scriptsOnLoad = anyScripts.size;
    let contactStep: ContactStep | null = null;
    if (calculator) {
      const bundle = [...scriptUrls].sort().join(" ");
      contactStep = args["walk-every-page"] ? null : (walkedBundles.get(bundle) ?? null);
      if (!contactStep) {
        await walkCalculatorToContactStep(page);
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
      ? anyScripts.size === 0 && inline.every((script) => kept.includes(script))
      : jsGzip - floor <= budget;
    rows.push({
      route,
      calculator,
      withoutJavaScript: noJsRoute !== undefined,
      jsGzip,
      overFloor: jsGzip - floor,
      jsAtContactStepGzip: contactStep?.gzip ?? null,
      scriptsAtContactStep: contactStep?.scripts ?? null,
      contactStepWalkedOn: contactStep?.route ?? null,
      budget,
      scripts: scriptsOnLoad,
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
        : `${kb(row.jsAtContactStepGzip)} in ${row.scriptsAtContactStep} files` +
          (row.contactStepWalkedOn === row.route ? "" : ` (walked on ${row.contactStepWalkedOn})`),
    "HTML gzip": kb(row.htmlGzip),
    "CSS gzip": kb(row.cssGzip),
    ok: row.ok ? "✓" : "✗ OVER",
  })),
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
