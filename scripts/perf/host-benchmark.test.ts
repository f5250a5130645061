import { describe, expect, it } from "vitest";
import {
  CALIBRATED_RUN_OPTIONS,
  calibratedRunArgs,
  count,
  parseOptions,
  REFERENCE_PHONE_INDEX,
  measuredSlowdown,
} from "./host-benchmark";

/**
 * `measuredSlowdown` on a host whose benchmark falls with the throttling rate as `curve` says:
 * what it found, and the rates it measured at, in order.
 */
async function measureOn(hostIndex: number, curve: (rate: number) => number) {
  const rates: number[] = [];
  const measureAt = async (rate: number) => {
    rates.push(rate);
    return curve(rate);
  };
  return { found: await measuredSlowdown(measureAt, hostIndex), rates };
}

describe("measuredSlowdown", () => {
  it("is Lighthouse's 4x on the host that 4x is meant for", async () => {
    const { found, rates } = await measureOn(1533, (rate) => 1533 / rate);
    expect(found.rate).toBe(4);
    expect(found.phoneIndex).toBeCloseTo(REFERENCE_PHONE_INDEX, 6);
    expect(rates).toEqual([4]);
  });

  it("makes a fast host the same phone, where the calculator's line would make it a slower one", async () => {
    // Measured here: a host of about 4,000 scored about 890 at 4x and 330 at 10x.
    const { found } = await measureOn(4000, (rate) => 4000 / rate);
    expect(found.rate).toBeCloseTo(10.44, 2);
  });

  it("corrects its first guess by measuring when the benchmark does not fall in proportion", async () => {
    // Throttling costs more than its rate: each step nearer the target, within 5% at the end.
    const { found, rates } = await measureOn(3000, (rate) => 3000 / rate ** 1.15);
    expect(rates.length).toBeGreaterThan(1);
    expect(rates.length).toBeLessThanOrEqual(4);
    expect(Math.abs(found.phoneIndex - REFERENCE_PHONE_INDEX)).toBeLessThanOrEqual(
      REFERENCE_PHONE_INDEX * 0.05,
    );
    expect(found.rate).toBeLessThan(3000 / REFERENCE_PHONE_INDEX);
  });

  it("leaves a host slower than the phone unthrottled, and refuses a non-measurement", async () => {
    expect(await measureOn(300, (rate) => 300 / rate)).toEqual({
      found: { hostIndex: 300, rate: 1, phoneIndex: 300 },
      rates: [],
    });
    await expect(measureOn(Number.NaN, (rate) => 300 / rate)).rejects.toThrow(
      /benchmarkIndex must be a positive number/,
    );
  });
});

describe("the calibrated runs' options", () => {
  const options = { ...CALIBRATED_RUN_OPTIONS, runs: { type: "string", default: "3" } } as const;
  const schema = calibratedRunArgs.extend({ runs: count });
  const read = (...args: string[]) => {
    process.argv = ["node", "script", ...args];
    return parseOptions(options, schema);
  };

  it("reads the defaults as a calibrated, gated run", () => {
    expect(read()).toEqual({ timing: "gate", runs: 3 });
    expect(read("--timing", "report", "--runs", "1")).toMatchObject({ timing: "report", runs: 1 });
  });

  it.each([
    [["--runs", "0"], "runs"],
    [["--runs", "two"], "runs"],
    [["--timing", "strict"], "timing"],
    [["--runs", "1.5"], "runs"],
  ])("refuses %o, naming the option", (args, option) => {
    expect(() => read(...args)).toThrow(new RegExp(`bad option:[\\s\\S]*at \\W*${option}`));
  });
});
