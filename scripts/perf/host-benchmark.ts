/**
 * The host's speed as Lighthouse measures it (its `benchmarkIndex`), for the scripts that slow the
 * CPU to simulate a phone (./cpu-calibration.ts): `npm run lighthouse` and the interaction
 * benchmark. Lighthouse is installed on first use (../install-tool.ts).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "@playwright/test";
import { z } from "zod";
import { installTool } from "../install-tool";
import { median } from "./cpu-calibration";

const LIGHTHOUSE_VERSION = "13";

/** Lighthouse's package folder, installed into .tools/lighthouse unless it is there already. */
export const lighthouseDir = () => installTool("lighthouse", "lighthouse", LIGHTHOUSE_VERSION);

/** Its command-line entry point. */
export const lighthouseBin = () => path.join(lighthouseDir(), "..", ".bin", "lighthouse");

/**
 * The host's benchmarkIndex now: Lighthouse's own benchmark function, evaluated in a fresh page of
 * the given Chromium (so with the same flags as the measurements it calibrates), median of three.
 */
export async function measureBenchmarkIndex(browser: Browser): Promise<number> {
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
  const page = await browser.newPage();
  try {
    const samples: number[] = [];
    for (let sample = 0; sample < 3; sample += 1) {
      samples.push(
        z.number().parse(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`)),
      );
    }
    return median(samples);
  } finally {
    await page.close();
  }
}

export const describeHost = (benchmarkIndex: number, multiplier: number) =>
  `benchmarkIndex ${Math.round(benchmarkIndex)}, CPU slowdown ${multiplier.toFixed(2)}x`;
