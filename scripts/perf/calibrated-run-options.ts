/**
 * The command-line options the two calibrated benchmarks share (lighthouse.ts, interactions.ts),
 * read once: a bad value stops the run before anything starts, with a message naming the option.
 */
export const CALIBRATED_RUN_OPTIONS = {
  /** The build to serve. */
  dist: { type: "string", default: ".next" },
  // "gate": a timing over its budget fails the run. "report": it is printed against its budget but
  // does not fail it (npm test's mode: calibrated or not, timings move with the host's load).
  timing: { type: "string", default: "gate" },
  /** A fixed CPU slowdown instead of the calibrated one. */
  "cpu-slowdown": { type: "string" },
} as const;

export type CalibratedRun = {
  /** How many times each page is measured. */
  runs: number;
  /** Whether a timing over its budget fails the run (--timing gate). */
  gateTiming: boolean;
  /** --cpu-slowdown, or null to calibrate. */
  fixedSlowdown: number | null;
};

/**
 * The shared options' values checked, with the count of runs given under `runsOption` (a whole
 * number ≥ 1).
 */
export function calibratedRunSettings(
  values: { timing: string; "cpu-slowdown"?: string },
  runsOption: string,
  runsText: string,
): CalibratedRun {
  const runs = Number(runsText);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`--${runsOption} must be a whole number ≥ 1, not "${runsText}"`);
  }
  if (values.timing !== "gate" && values.timing !== "report") {
    throw new Error(`--timing must be "gate" or "report", not "${values.timing}"`);
  }
  const slowdownText = values["cpu-slowdown"];
  const fixedSlowdown = slowdownText === undefined ? null : Number(slowdownText);
  if (fixedSlowdown !== null && !(fixedSlowdown >= 1)) {
    throw new Error(`--cpu-slowdown must be a number ≥ 1, not "${slowdownText}"`);
  }
  return { runs, gateTiming: values.timing === "gate", fixedSlowdown };
}
