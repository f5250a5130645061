/**
 * The CPU slowdown that makes this host Lighthouse's phone, found by measurement, for
 * `npm run lighthouse` and the calculator benchmark (scripts/perf/README.md, "Calibrated CPU
 * slowdown", says why). Lighthouse is installed on first use.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { z } from "zod";
import { installTool } from "../install-tool";
import { median, range } from "./latency";

export function parseOptions<Schema extends z.ZodType>(
  options: ParseArgsOptionsConfig,
  schema: Schema,
): z.infer<Schema> {
  const parsed = schema.safeParse(parseArgs({ options }).values);
  if (!parsed.success) throw new Error(`bad option:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export const count = z.coerce.number().int().min(1);

export const CALIBRATED_RUN_OPTIONS = { timing: { type: "string", default: "gate" } } as const;
export const calibratedRunArgs = z.object({
  // "report": a timing over its budget is printed, not failed (npm test: it moves with the load).
  timing: z.enum(["gate", "report"]),
});

/**
 * Prints each threshold missed, and exits 1 for any but a timing in report mode (a timing moves
 * with the host's load: npm test reports it, the command run alone on a quiet machine gates it).
 */
export function verdict(tool: string, missed: { what: string; timing: boolean }[], gate: boolean) {
  const failed = missed.filter((one) => !one.timing || gate);
  for (const { what, timing } of missed) {
    if (timing && !gate) console.warn(`${tool}: over budget (reported, not gated): ${what}`);
    else console.error(`${tool}: failed: ${what}`);
  }
  if (failed.length > 0) process.exit(1);
}

/**
 * The phone Lighthouse's default 4x simulates, in its benchmark's units: the host that default is
 * meant for (its CPU calculator's "1,533 = 4x") slowed 4x.
 */
export const REFERENCE_PHONE_INDEX = 1533 / 4;

/** A host's benchmarkIndex, a throttling rate, and the index measured at it: the phone it makes. */
export type Calibration = { hostIndex: number; rate: number; phoneIndex: number };

/**
 * The DevTools throttling rate at which this host scores the reference phone, as Chrome DevTools
 * calibrates its CPU presets: start from proportion, measure (`measureAt`), and correct by the
 * ratio to the target until within 5% (the benchmark falls almost in proportion: a step or two).
 */
export async function measuredSlowdown(
  measureAt: (rate: number) => Promise<number>,
  hostIndex: number,
): Promise<Calibration> {
  if (!(hostIndex > 0) || !Number.isFinite(hostIndex)) {
    throw new Error(`benchmarkIndex must be a positive number, got ${hostIndex}`);
  }
  const target = REFERENCE_PHONE_INDEX;
  // Slower than the phone already: no throttling makes it faster.
  if (hostIndex <= target) return { hostIndex, rate: 1, phoneIndex: hostIndex };
  // DevTools keeps the rate to hundredths.
  const hundredths = (rate: number) => Math.max(1, Math.round(rate * 100) / 100);
  let rate = hundredths(hostIndex / target);
  let phoneIndex = await measureAt(rate);
  for (let step = 1; step < 4 && Math.abs(phoneIndex - target) > target * 0.05; step += 1) {
    const next = hundredths((rate * phoneIndex) / target);
    if (next === rate) break;
    rate = next;
    phoneIndex = await measureAt(rate);
  }
  return { hostIndex, rate, phoneIndex };
}

export const lighthouseDir = () => installTool("lighthouse", "lighthouse", "13");

export const lighthouseBin = () => path.join(lighthouseDir(), "..", ".bin", "lighthouse");

/** Lighthouse's own benchmark in `page`: the median of three runs (one varied by up to a third). */
async function runBenchmark(page: Page): Promise<number> {
  const url = pathToFileURL(path.join(lighthouseDir(), "core/lib/page-functions.js")).href;
  // z.custom, not z.function(), which would wrap it: its source text runs in the page.
  const isFunction = z.custom<() => number>((value) => typeof value === "function");
  const { pageFunctions } = z
    .object({ pageFunctions: z.object({ computeBenchmarkIndex: isFunction }) })
    .parse(await import(url));
  const samples: number[] = [];
  for (let sample = 0; sample < 3; sample += 1) {
    const source = `(${pageFunctions.computeBenchmarkIndex})()`;
    samples.push(z.number().parse(await page.evaluate(source)));
  }
  return median(samples);
}

/**
 * The host's benchmarkIndex and the throttling rate that makes it the reference phone, measured in
 * one fresh page unthrottled, then under each rate tried.
 */
export async function measureSlowdown(browser: Browser) {
  const page = await browser.newPage();
  try {
    const hostIndex = await runBenchmark(page);
    const cdp = await page.context().newCDPSession(page);
    const measureAt = async (rate: number) => {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      return runBenchmark(page);
    };
    return await measuredSlowdown(measureAt, hostIndex);
  } finally {
    await page.close();
  }
}

export function describeHosts(hosts: readonly Calibration[]) {
  const span = (figure: (host: Calibration) => number, digits = 0) =>
    range(hosts.map(figure), (value) => value.toFixed(digits));
  return (
    `benchmarkIndex ${span((host) => host.hostIndex)}, ` +
    `CPU slowdown ${span((host) => host.rate, 2)}x (scoring ${span((host) => host.phoneIndex)} slowed)`
  );
}
