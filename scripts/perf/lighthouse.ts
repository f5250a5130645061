/**
 * `npm run lighthouse`: Lighthouse (default mobile config) on four page types of an existing build,
 * served by `next start`, each run 3 times (--runs) and judged on its median run. Gate: every
 * category >= 95, LCP <= 2.0 s, CLS <= 0.01, TBT <= 100 ms.
 * Lighthouse is not a dependency (its lockfile entry breaks `npm ci` here): it is installed on first
 * use into the git-ignored .tools/lighthouse. Reports are saved in .perf/lighthouse/.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";
import { CHROMIUM_ARGS, resolveChromium } from "../../tests/e2e/chromium";
import { startNextServer } from "./server";

const LIGHTHOUSE_VERSION = "13";
const TOOL_DIR = ".tools/lighthouse";
const OUT_DIR = ".perf/lighthouse";

export const GATE = { minScore: 95, maxLcpMs: 2000, maxCls: 0.01, maxTbtMs: 100 } as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const { values: args } = parseArgs({
  options: {
    dist: { type: "string", default: ".next" },
    runs: { type: "string", default: "3" },
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

const lighthouseBin = path.join(TOOL_DIR, "node_modules", ".bin", "lighthouse");
if (!existsSync(lighthouseBin)) {
  console.log(`lighthouse: installing lighthouse@${LIGHTHOUSE_VERSION} into ${TOOL_DIR}`);
  mkdirSync(TOOL_DIR, { recursive: true });
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      TOOL_DIR,
      "--no-save",
      "--no-package-lock",
      `lighthouse@${LIGHTHOUSE_VERSION}`,
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}

const reportSchema = z.object({
  categories: z.record(z.string(), z.object({ score: z.number().nullable() })),
  audits: z.record(z.string(), z.object({ numericValue: z.number().optional() })),
});

type Report = z.infer<typeof reportSchema>;

const chromePath = resolveChromium() ?? "";

function runLighthouse(url: string, outputBase: string): Report {
  execFileSync(
    lighthouseBin,
    [
      url,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--output=json",
      "--output=html",
      `--output-path=${outputBase}`,
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(" ")}`,
      "--quiet",
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CHROME_PATH: chromePath || process.env.CHROME_PATH },
    },
  );
  return reportSchema.parse(JSON.parse(readFileSync(`${outputBase}.report.json`, "utf8")));
}

const performanceScore = (report: Report) => report.categories.performance?.score ?? 0;

/** The median run by performance score, as Lighthouse advises for noisy machines. */
function medianRun(reports: Report[]): Report {
  const sorted = [...reports].sort((a, b) => performanceScore(a) - performanceScore(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

const runs = Number(args.runs);
const server = await startNextServer({ distDir: args.dist });
const rows: Record<string, string | number>[] = [];
const failures: string[] = [];
mkdirSync(OUT_DIR, { recursive: true });
try {
  for (const page of PAGES) {
    const reports = Array.from({ length: runs }, (_, run) =>
      runLighthouse(server.url + page.path, path.join(OUT_DIR, `${page.name}-${run + 1}`)),
    );
    const report = medianRun(reports);
    const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
    const metric = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
    const lcp = metric("largest-contentful-paint");
    const cls = metric("cumulative-layout-shift");
    const tbt = metric("total-blocking-time");
    const row: Record<string, string | number> = { page: page.path };
    for (const category of CATEGORIES) {
      row[category] = score(category);
      if (score(category) < GATE.minScore)
        failures.push(`${page.path}: ${category} ${score(category)} < ${GATE.minScore}`);
    }
    row["LCP s"] = (lcp / 1000).toFixed(2);
    row.CLS = cls.toFixed(3);
    row["TBT ms"] = Math.round(tbt);
    if (!(lcp <= GATE.maxLcpMs))
      failures.push(`${page.path}: LCP ${Math.round(lcp)} ms > ${GATE.maxLcpMs} ms`);
    if (!(cls <= GATE.maxCls))
      failures.push(`${page.path}: CLS ${cls.toFixed(3)} > ${GATE.maxCls}`);
    if (!(tbt <= GATE.maxTbtMs))
      failures.push(`${page.path}: TBT ${Math.round(tbt)} ms > ${GATE.maxTbtMs} ms`);
    rows.push(row);
  }
} finally {
  await server.stop();
}

console.log(`lighthouse: median of ${runs} runs per page`);
console.table(rows);
console.log(`lighthouse: reports in ${OUT_DIR}/`);
if (failures.length > 0) {
  console.error(`lighthouse: gate failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("lighthouse: all pages pass the gate");
