/**
 * The host's speed as Lighthouse measures it (its `benchmarkIndex`), and the slowdown that makes it
 * Lighthouse's phone, for the scripts that slow the CPU (./cpu-calibration.ts): `npm run lighthouse`
 * and the interaction benchmark. Lighthouse is installed on first use (../install-tool.ts).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { z } from "zod";
import { installTool } from "../install-tool";
import { measuredSlowdown, median, type MeasuredSlowdown } from "./cpu-calibration";

const LIGHTHOUSE_VERSION = "13";

/** Lighthouse's package folder, installed into .tools/lighthouse unless it is there already. */
export const lighthouseDir = () => installTool("lighthouse", "lighthouse", LIGHTHOUSE_VERSION);

/** Its command-line entry point. */
export const lighthouseBin = () => path.join(lighthouseDir(), "..", ".bin", "lighthouse");

/** Lighthouse's own benchmark function, as source text to evaluate in a page. */
async function benchmarkSource(): Promise<string> {
  const pageFunctionsUrl = pathToFileURL(
    path.join(lighthouseDir(), "core/lib/page-functions.js"),
  ).href;
  const { pageFunctions } = z
    .object({
      pageFunctions: z.object({
        // Kept as it is (z.function() would wrap it): its source text runs in the page.
        computeBenchmarkIndex: z.custom<() => number>((value) => typeof value === "function"),
      }),
    })
    .parse(await import(pageFunctionsUrl));
  return `(${pageFunctions.computeBenchmarkIndex})()`;
}

/** Median of three runs: one run under throttling varied by up to a third here. */
async function runBenchmark(page: Page, source: string): Promise<number> {
  const samples: number[] = [];
  for (let sample = 0; sample < 3; sample += 1) {
    samples.push(z.number().parse(await page.evaluate(source)));
  }
  return median(samples);
}

/**
 * The host's benchmarkIndex, and the DevTools throttling rate that makes it Lighthouse's reference
 * phone, found by running the same benchmark in one fresh page unthrottled and then under each rate
 * tried (./cpu-calibration.ts, measuredSlowdown); or, given a `fixedRate`, the phone that rate makes
 * of this host.
 */
export async function measureSlowdown(
  browser: Browser,
  fixedRate: number | null = null,
): Promise<MeasuredSlowdown & { hostIndex: number }> {
  const source = await benchmarkSource();
  const page = await browser.newPage();
  try {
    const hostIndex = await runBenchmark(page, source);
    const cdp = await page.context().newCDPSession(page);
    const measureAt = async (rate: number) => {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      return runBenchmark(page, source);
    };
    const found =
      fixedRate === null
        ? await measuredSlowdown(measureAt, hostIndex)
        : { rate: fixedRate, phoneIndex: await measureAt(fixedRate) };
    return { hostIndex, ...found };
  } finally {
    await page.close();
  }
}

export const describeHost = (benchmarkIndex: number, multiplier: number, phoneIndex?: number) =>
  `benchmarkIndex ${Math.round(benchmarkIndex)}, CPU slowdown ${multiplier.toFixed(2)}x` +
  (phoneIndex === undefined ? "" : ` (scoring ${Math.round(phoneIndex)} slowed)`);
