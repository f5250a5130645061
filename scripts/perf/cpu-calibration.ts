/**
 * Lighthouse simulates a mid-range phone by multiplying the CPU time it observes on the host. Its
 * default 4x assumes a host whose benchmarkIndex is about 1,500; on a slower or busier host the
 * same 4x simulates a slower phone, and timings such as TBT grow with the host's load rather than
 * the page. So the benchmarks that slow the CPU (the calculator walk, Lighthouse) find the rate by
 * measurement: the rate at which Lighthouse's own benchmark, run in Chromium under DevTools
 * throttling, scores what the phone of Lighthouse's 4x scores (`measuredSlowdown`), as Chrome
 * DevTools calibrates its own CPU presets.
 *
 * `slowdownFor` is the piecewise line of Lighthouse's CPU-throttling calculator (docs/throttling.md,
 * "Calibrating the CPU slowdown"): 2,000 → 6x, 1,533 → 4x, 1,300 → 3x, 800 → 2x, 150 → 1x. Past
 * its last anchor it extrapolates, and slows a fast host into a slower phone than Lighthouse's
 * (4,000 → 14.6x, where the benchmark scored 241, not 383): kept only to print beside the measured
 * rate.
 */

export type Slowdown = {
  /** The cpuSlowdownMultiplier that makes this host simulate Lighthouse's reference phone. */
  multiplier: number;
  /** The calculator's confidence range around it: any multiplier inside is as good. */
  range: readonly [number, number];
};

export function slowdownFor(benchmarkIndex: number): Slowdown {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`benchmarkIndex must be a positive number, got ${benchmarkIndex}`);
  }
  let multiplier: number;
  let spread: number;
  if (benchmarkIndex >= 1300) {
    const excess = (benchmarkIndex - 1300) / 233;
    multiplier = 3 + excess;
    spread = Math.max(excess, 1.5, multiplier * 0.3);
  } else if (benchmarkIndex >= 800) {
    multiplier = 2 + (benchmarkIndex - 800) / 500;
    spread = 1.5;
  } else if (benchmarkIndex >= 150) {
    multiplier = 1 + (benchmarkIndex - 150) / 650;
    spread = 0.5;
  } else {
    // Slower than the reference phone itself: no slowdown can make it faster.
    multiplier = 1;
    spread = 0;
  }
  return { multiplier, range: [Math.max(1, multiplier - spread / 2), multiplier + spread / 2] };
}

/** The host Lighthouse's default slowdown is meant for: the calculator's "1,533 = 4x". */
export const LIGHTHOUSE_REFERENCE_HOST = { benchmarkIndex: 1533, multiplier: 4 } as const;

/**
 * The phone that default simulates, in the benchmark's own units: the reference host slowed 4x.
 * A host slowed by DevTools throttling scores this on the benchmark when it is that phone.
 */
export const REFERENCE_PHONE_INDEX =
  LIGHTHOUSE_REFERENCE_HOST.benchmarkIndex / LIGHTHOUSE_REFERENCE_HOST.multiplier;

export type MeasuredSlowdown = {
  /** The throttling rate found. */
  rate: number;
  /** The benchmarkIndex measured at that rate: the phone the rate makes of this host. */
  phoneIndex: number;
};

/**
 * The DevTools throttling rate that makes this host score `target` on the benchmark, found by
 * measuring rather than read off the calculator's line (which, past its last anchor of 2,000,
 * slows a fast host into a slower phone than Lighthouse's: 4,000 → 14.6x, its confidence range
 * 8.8–20.4x, where a host of about 4,000 measured 241). As Chrome DevTools calibrates its own CPU presets: start
 * from proportion, measure at that rate, and correct by the ratio to the target until within
 * `tolerance` (the benchmark falls almost in proportion to the rate, so a step or two).
 * `measureAt(rate)` runs the benchmark under that throttling rate.
 */
export async function measuredSlowdown(
  measureAt: (rate: number) => Promise<number>,
  hostIndex: number,
  { target = REFERENCE_PHONE_INDEX, tolerance = 0.05, maxSteps = 4 } = {},
): Promise<MeasuredSlowdown> {
  if (!(hostIndex > 0) || !Number.isFinite(hostIndex)) {
    throw new Error(`benchmarkIndex must be a positive number, got ${hostIndex}`);
  }
  // Slower than the phone already: no throttling can make it faster.
  if (hostIndex <= target) return { rate: 1, phoneIndex: hostIndex };
  // DevTools keeps the rate to hundredths.
  const hundredths = (rate: number) => Math.max(1, Math.round(rate * 100) / 100);
  let rate = hundredths(hostIndex / target);
  let phoneIndex = await measureAt(rate);
  for (let step = 1; step < maxSteps; step += 1) {
    if (Math.abs(phoneIndex - target) <= target * tolerance) break;
    const next = hundredths((rate * phoneIndex) / target);
    if (next === rate) break;
    rate = next;
    phoneIndex = await measureAt(rate);
  }
  return { rate, phoneIndex };
}

/**
 * How far a run's own benchmarkIndex may stray from the one its rate was calibrated on before the
 * run counts as made on another host (the machine got busier or quieter): about the spread of the
 * calculator's own confidence range around 4x (3.25–4.75x).
 */
export const HOST_CHANGE_TOLERANCE = 0.2;

/** Whether a host measured at `benchmarkIndex` is still the one the rate was calibrated on. */
export function stillCalibrated(
  calibratedIndex: number,
  benchmarkIndex: number,
  tolerance = HOST_CHANGE_TOLERANCE,
): boolean {
  return Math.abs(benchmarkIndex / calibratedIndex - 1) <= tolerance;
}

/** The middle value (the lower middle for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
