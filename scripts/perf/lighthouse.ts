/**
 * `npm run lighthouse`: Lighthouse (default mobile config) on four page types of an existing build,
 * served by `next start`, each run 3 times (--runs) and judged on its median run. Gate: every
 * category >= 95, LCP <= 2.0 s, CLS <= 0.01, TBT <= 100 ms.
 *
 * The CPU slowdown is calibrated by measurement, as the calculator walk's is (./cpu-calibration.ts,
 * measuredSlowdown): Lighthouse's own benchmark runs in Chromium unthrottled (the host) and then
 * under DevTools throttling at the rates tried, until it scores what the phone of Lighthouse's 4x
 * scores; each run gets that rate as its multiplier (`--cpu-slowdown N` fixes it instead).
 * Lighthouse measures the host again as each run starts; a run whose host strayed more than a fifth
 * from the one calibrated on (the machine got busier or quieter) is made again after calibrating
 * again (at most 4 such repeats in all). Every result names the host, the rate and the phone.
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
import { slowdownFor, stillCalibrated, type MeasuredSlowdown } from "./cpu-calibration";
import { CALIBRATED_RUN_OPTIONS, calibratedRunSettings } from "./calibrated-run-options";
import { describeHost, lighthouseBin, measureSlowdown } from "./host-benchmark";
import { startNextServer } from "./server";

const OUT_DIR = ".perf/lighthouse";

export const GATE = { minScore: 95, maxLcpMs: 2000, maxCls: 0.01, maxTbtMs: 100 } as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const { values: args } = parseArgs({
  options: { ...CALIBRATED_RUN_OPTIONS, runs: { type: "string", default: "3" } },
});
const { runs, gateTiming, fixedSlowdown } = calibratedRunSettings(args, "runs", args.runs);

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

/** A calibration: the host's benchmarkIndex, the rate found for it, and the phone that rate made of it. */
type Calibration = MeasuredSlowdown & { hostIndex: number };
type Report = z.infer<typeof reportSchema> & { calibration: Calibration };

const chromePath = resolveChromium() ?? "";

/** Calibrates the slowdown on this host now, in the same Chromium with the same flags. */
async function calibrate(): Promise<Calibration> {
  const browser = await chromium.launch({
    executablePath: chromePath || undefined,
    args: CHROMIUM_ARGS,
  });
  try {
    const calibration = await measureSlowdown(browser, fixedSlowdown);
    console.log(`lighthouse: calibrated: ${describeCalibration(calibration)}`);
    return calibration;
  } finally {
    await browser.close();
  }
}

/** The host, the rate and the phone, with what the calculator's line would have given. */
const describeCalibration = ({ hostIndex, rate, phoneIndex }: Calibration) =>
  `${describeHost(hostIndex, rate, phoneIndex)}; the calculator's line would give ${slowdownFor(hostIndex).multiplier.toFixed(1)}x`;

/**
 * Lighthouse itself sometimes failed to record a trace on a loaded machine ("NO_NAVSTART", seen in
 * a CI-like run with one core busy) once every response carried `Cross-Origin-Opener-Policy:
 * same-origin` (next.config.ts). Lighthouse loads its blank page first, about:blank by default,
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
function runLighthouse(url: string, outputBase: string, calibration: Calibration): Report {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return runLighthouseOnce(url, outputBase, calibration);
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

function runLighthouseOnce(url: string, outputBase: string, calibration: Calibration): Report {
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
      `--throttling.cpuSlowdownMultiplier=${calibration.rate.toFixed(2)}`,
      "--quiet",
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CHROME_PATH: chromePath || process.env.CHROME_PATH },
    },
  );
  const report = reportSchema.parse(JSON.parse(readFileSync(`${outputBase}.report.json`, "utf8")));
  return { ...report, calibration };
}

/** The calibration the next run uses: made first, made again when a run's host has changed. */
let calibration: Calibration;
/**
 * Runs made again because the host changed under them. Capped: on a machine whose load swings
 * from run to run, chasing it would only multiply the time taken.
 */
let repeatsLeft = 4;

/** One calibrated run, made again (while repeats are left) when its own benchmark says the host changed. */
async function calibratedRun(url: string, outputBase: string): Promise<Report> {
  for (;;) {
    const report = runLighthouse(url, outputBase, calibration);
    const measured = report.environment.benchmarkIndex;
    const fits = fixedSlowdown !== null || stillCalibrated(calibration.hostIndex, measured);
    const repeat = !fits && repeatsLeft > 0;
    console.log(
      `lighthouse: ${url} run at ${calibration.rate.toFixed(2)}x; the run measured the host at ${Math.round(measured)}` +
        (fits
          ? ""
          : `, not the ${Math.round(calibration.hostIndex)} calibrated on: ${repeat ? "calibrating and running again" : "kept"}`),
    );
    if (!repeat) return report;
    repeatsLeft -= 1;
    calibration = await calibrate();
  }
}

const performanceScore = (report: Report) => report.categories.performance?.score ?? 0;

/** The median run by performance score, as Lighthouse advises for noisy machines. */
function medianRun(reports: Report[]): Report {
  const sorted = [...reports].sort((a, b) => performanceScore(a) - performanceScore(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Over a timing threshold in report mode: shown, not failed. */
const overTiming: string[] = [];
calibration = await calibrate();
const server = await startNextServer({ distDir: args.dist });
const rows: Record<string, string | number>[] = [];
const failures: string[] = [];
mkdirSync(OUT_DIR, { recursive: true });
try {
  for (const page of PAGES) {
    const reports: Report[] = [];
    for (let run = 1; run <= runs; run += 1) {
      reports.push(
        await calibratedRun(server.url + page.path, path.join(OUT_DIR, `${page.name}-${run}`)),
      );
    }
    const report = medianRun(reports);
    const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
    const metric = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
    const lcp = metric("largest-contentful-paint");
    const cls = metric("cumulative-layout-shift");
    const tbt = metric("total-blocking-time");
    const host = `the run measured the host at ${Math.round(report.environment.benchmarkIndex)}; ${describeCalibration(report.calibration)}`;
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
    row["CPU x"] = report.calibration.rate.toFixed(2);
    row.phone = Math.round(report.calibration.phoneIndex);
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
