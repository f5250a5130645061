/**
 * Lighthouse simulates a mid-range phone by multiplying the CPU time it observes on the host. Its
 * default 4x assumes a host whose benchmarkIndex is about 1,500; on a slower or busier host the
 * same 4x simulates a slower phone, and timings such as TBT grow with the host's load rather than
 * the page. So the multiplier is chosen from the host's benchmarkIndex, following the piecewise
 * mapping of Lighthouse's own CPU-throttling calculator (docs/throttling.md, "Calibrating the CPU
 * slowdown"): 2,000 → 6x, 1,533 → 4x, 1,300 → 3x, 800 → 2x, 150 → 1x, and the same simulated
 * phone on every machine.
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

/** Whether a run made with `used` was calibrated for a host measured at `benchmarkIndex`. */
export function fitsHost(used: number, benchmarkIndex: number): boolean {
  const [low, high] = slowdownFor(benchmarkIndex).range;
  return used >= low && used <= high;
}

/** The middle value (the lower middle for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
