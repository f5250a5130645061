import { describe, expect, it } from "vitest";
import { calibratedRunSettings } from "./calibrated-run-options";

describe("calibratedRunSettings", () => {
  it("reads the defaults as a calibrated, gated run", () => {
    expect(calibratedRunSettings({ timing: "gate" }, "runs", "3")).toEqual({
      runs: 3,
      gateTiming: true,
      fixedSlowdown: null,
    });
    expect(calibratedRunSettings({ timing: "report", "cpu-slowdown": "4" }, "walks", "1")).toEqual({
      runs: 1,
      gateTiming: false,
      fixedSlowdown: 4,
    });
  });

  it.each([
    [{ timing: "gate" }, "0", '--runs must be a whole number ≥ 1, not "0"'],
    [{ timing: "gate" }, "two", '--runs must be a whole number ≥ 1, not "two"'],
    [{ timing: "strict" }, "3", '--timing must be "gate" or "report", not "strict"'],
    [
      { timing: "gate", "cpu-slowdown": "0.5" },
      "3",
      '--cpu-slowdown must be a number ≥ 1, not "0.5"',
    ],
  ])("refuses %o with %s runs", (values, runs, message) => {
    expect(() => calibratedRunSettings(values, "runs", runs)).toThrow(message);
  });
});
