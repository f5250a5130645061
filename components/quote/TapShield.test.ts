import { describe, expect, it } from "vitest";
import { TAP_HOLD_MS, holdAfterPaint } from "./TapShield";

describe("how long presses are held after a step change", () => {
  it("holds them for TAP_HOLD_MS from the change when the step was painted in time", () => {
    expect(TAP_HOLD_MS).toBe(500);
    expect(holdAfterPaint(1_000, 1_016)).toBe(484);
  });

  it("takes presses from the paint on when painting the step took longer than the hold", () => {
    expect(holdAfterPaint(1_000, 1_500)).toBe(0);
    expect(holdAfterPaint(1_000, 2_300)).toBe(0);
  });
});
