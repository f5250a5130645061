/**
 * `npm run lighthouse`: Lighthouse (default mobile config) on four page types of an existing build,
 * served by `next start`, each run 3 times (--runs) and judged on its median run. Gate: every
 * category >= 95, LCP <= 2.0 s, CLS <= 0.01, TBT <= 100 ms.
 *
 * The CPU slowdown is calibrated (./cpu-calibration.ts): the host's benchmarkIndex is measured
 * first, with Lighthouse's own benchmark in Chromium, and each run gets the multiplier that makes
 * this host simulate the same phone. Lighthouse measures the index again at the start of every run;
 * a run whose own index says the multiplier did not fit (the machine got busier or quieter) is
 * made again with the multiplier that fits (at most 4 such repeats in all). Every result names
 * both figures.
 *
 * `--timing report` (what npm test runs) still fails on every other threshold but only reports TBT,
 * LCP and the performance score: calibrated or not, they move with the host's load from run to run
 * (Lighthouse simulates LCP from the traced main-thread work, so a busy host lengthens it too: the
 * CI run of 93686be read 2.17 s on `/` at 7.48x, where quiet runs read 1.2-1.5 s).
 *
 * Lighthouse is installed on first use (./host-benchmark.ts). Reports are saved in .perf/lighthouse/.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { z } from "zod";
import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";
import { CHROMIUM_ARGS, resolveChromium } from "../../tests/e2e/chromium";
import { fitsHost, slowdownFor } from "./cpu-calibration";
import { describeHost, lighthouseBin, measureBenchmarkIndex } from "./host-benchmark";
import { startNextServer } from "./server";

const OUT_DIR = ".perf/lighthouse";

export const GATE = { minScore: 95, maxLcpMs: 2000, maxCls: 0.01, maxTbtMs: 100 } as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const { values: args } = parseArgs({
  options: {
    dist: { type: "string", default: ".next" },
    runs: { type: "string", default: "3" },
    // "gate": every threshold fails the run. "report": TBT, LCP and the performance score (which
    // weighs both) are printed against their thresholds but do not fail it: npm test's mode.
    timing: { type: "string", default: "gate" },
  },
});

const tampa = LOCATIONS.find((location) => location.slug === "tampa") ?? LOCATIONS[0];
const popularPlan = PLANS.find((plan) => plan.isPopular) ?? PLANS[0];
const PAGES = [
  { name: "home", path: "/" },
  { name: "city", path: `/locations/${tampa.slug}` },
  { name: "article", path: "/blog/how-often-clean-windows-tampa-bay" },
  { name: "plan", path: `/${popularPlan.slug}` },
];

const reportSchema = z.object({
  environment: z.object({ benchmarkIndex: z.number() }),
  categories: z.record(z.string(), z.object({ score: z.number().nullable() })),
  audits: z.record(z.string(), z.object({ numericValue: z.number().optional() })),
});

type Report = z.infer<typeof reportSchema> & { multiplier: number };

const chromePath = resolveChromium() ?? "";

/** The host's benchmarkIndex before any run, in the same Chromium with the same flags. */
async function measureHostFirst(): Promise<number> {
  const browser = await chromium.launch({
    executablePath: chromePath || undefined,
    args: CHROMIUM_ARGS,
  });
  try {
    return await measureBenchmarkIndex(browser);
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse itself sometimes failed to record a trace on a loaded machine ("NO_NAVSTART", seen in
 * a CI-like run with one core busy) once every response carried `Cross-Origin-Opener-Policy:
 * same-origin` (next.config.mjs). Lighthouse loads its blank page first, about:blank by default,
 * and starts the trace before navigating to the page; COOP makes Chrome put the page in a new
 * browsing context group, so a new renderer process, whose first trace event is the
 * `navigationStart` Lighthouse needs; on a busy machine that process's tracing can start too late
 * to record it, the likeliest cause (traced: with COOP the page commits in another process than
 * the blank page; without it, or with a blank page of the site's own, in the same one; the failure
 * itself was too rare to reproduce on demand). So the blank page is one of the site's own pages,
 * with the same COOP: the page then loads in the process that was traced from the start. It is the
 * blog index, which runs no script and names its icon (a text file such as robots.txt made Chrome
 * ask for /favicon.ico, whose 404 Lighthouse counted as a console error of the page). Lighthouse
 * clears the browser's caches after the blank page, so it warms nothing.
 * Should Lighthouse still fail, the run is made again, at most twice; a third failure stops the
 * script.
 */
function runLighthouse(url: string, outputBase: string, multiplier: number): Report {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return runLighthouseOnce(url, outputBase, multiplier);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`lighthouse: Lighthouse itself failed on ${url}; running it again`);
    }
  }
}

/** Lighthouse's default config with a blank page of the same origin as `url` (see above). */
function configFor(url: string): string {
  const file = path.join(OUT_DIR, "lighthouse-config.json");
  const blankPage = new URL("/blog", url).href;
  writeFileSync(file, JSON.stringify({ extends: "lighthouse:default", settings: { blankPage } }));
  return file;
}

function runLighthouseOnce(url: string, outputBase: string, multiplier: number): Report {
  execFileSync(
    lighthouseBin(),
    [
      url,
      `--config-path=${configFor(url)}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--output=json",
      "--output=html",
      `--output-path=${outputBase}`,
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(" ")}`,
      `--throttling.cpuSlowdownMultiplier=${multiplier.toFixed(3)}`,
      "--quiet",
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CHROME_PATH: chromePath || process.env.CHROME_PATH },
    },
  );
  const report = reportSchema.parse(JSON.parse(readFileSync(`${outputBase}.report.json`, "utf8")));
  return { ...report, multiplier };
}

/** Host benchmark as last measured: by the calibration first, then by each run's own start. */
let hostIndex = Number.NaN;
/**
 * Runs made again because the host changed under them. Capped: on a machine whose load swings
 * from run to run, chasing it would only multiply the time taken.
 */
let repeatsLeft = 4;

/** One calibrated run, made again (while repeats are left) when its own benchmark says the host changed. */
function calibratedRun(url: string, outputBase: string): Report {
  for (;;) {
    const { multiplier } = slowdownFor(hostIndex);
    const report = runLighthouse(url, outputBase, multiplier);
    const measured = report.environment.benchmarkIndex;
    hostIndex = measured;
    const fits = fitsHost(multiplier, measured);
    const repeat = !fits && repeatsLeft > 0;
    console.log(
      `lighthouse: ${url} run at ${multiplier.toFixed(2)}x; the run measured ${describeHost(measured, slowdownFor(measured).multiplier)}` +
        (fits ? "" : repeat ? ": does not fit, running again" : ": does not fit, kept"),
    );
    if (!repeat) return report;
    repeatsLeft -= 1;
  }
}

const performanceScore = (report: Report) => report.categories.performance?.score ?? 0;

/** The median run by performance score, as Lighthouse advises for noisy machines. */
function medianRun(reports: Report[]): Report {
  const sorted = [...reports].sort((a, b) => performanceScore(a) - performanceScore(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

const runs = Number(args.runs);
if (args.timing !== "gate" && args.timing !== "report") {
  throw new Error(`--timing must be "gate" or "report", not "${args.timing}"`);
}
const gateTiming = args.timing === "gate";
/** Over a timing threshold in report mode: shown, not failed. */
const overTiming: string[] = [];
hostIndex = await measureHostFirst();
console.log(
  `lighthouse: host measured first: ${describeHost(hostIndex, slowdownFor(hostIndex).multiplier)}`,
);
const server = await startNextServer({ distDir: args.dist });
const rows: Record<string, string | number>[] = [];
const failures: string[] = [];
mkdirSync(OUT_DIR, { recursive: true });
try {
  for (const page of PAGES) {
    const reports = Array.from({ length: runs }, (_, run) =>
      calibratedRun(server.url + page.path, path.join(OUT_DIR, `${page.name}-${run + 1}`)),
    );
    const report = medianRun(reports);
    const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
    const metric = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
    const lcp = metric("largest-contentful-paint");
    const cls = metric("cumulative-layout-shift");
    const tbt = metric("total-blocking-time");
    const host = describeHost(report.environment.benchmarkIndex, report.multiplier);
    const fail = (what: string, { timing = false } = {}) =>
      (timing && !gateTiming ? overTiming : failures).push(
        `${page.path}: ${what} (median run: ${host})`,
      );
    const row: Record<string, string | number> = { page: page.path };
    for (const category of CATEGORIES) {
      row[category] = score(category);
      if (score(category) < GATE.minScore)
        fail(
          `${category} ${score(category)} < ${GATE.minScore}, short by ${GATE.minScore - score(category)}`,
          { timing: category === "performance" },
        );
    }
    row["LCP s"] = (lcp / 1000).toFixed(2);
    row.CLS = cls.toFixed(3);
    row["TBT ms"] = Math.round(tbt);
    row.benchmarkIndex = Math.round(report.environment.benchmarkIndex);
    row["CPU x"] = report.multiplier.toFixed(2);
    if (!(lcp <= GATE.maxLcpMs))
      fail(
        `LCP ${Math.round(lcp)} ms > ${GATE.maxLcpMs} ms, over by ${Math.round(lcp - GATE.maxLcpMs)} ms`,
        { timing: true },
      );
    if (!(cls <= GATE.maxCls))
      fail(`CLS ${cls.toFixed(3)} > ${GATE.maxCls}, over by ${(cls - GATE.maxCls).toFixed(3)}`);
    if (!(tbt <= GATE.maxTbtMs))
      fail(
        `TBT ${Math.round(tbt)} ms > ${GATE.maxTbtMs} ms, over by ${Math.round(tbt - GATE.maxTbtMs)} ms`,
        { timing: true },
      );
    rows.push(row);
  }
} finally {
  await server.stop();
}

console.log(`lighthouse: median of ${runs} calibrated runs per page`);
console.table(rows);
console.log(`lighthouse: reports in ${OUT_DIR}/`);
if (overTiming.length > 0) {
  console.warn(
    `lighthouse: over the timing thresholds (reported, not gated: --timing report):\n  ${overTiming.join("\n  ")}`,
  );
}
if (failures.length > 0) {
  console.error(`lighthouse: gate failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log(
  gateTiming
    ? "lighthouse: all pages pass the gate"
    : "lighthouse: all pages pass the gate's deterministic part (accessibility, best practices, SEO, CLS)",
);
