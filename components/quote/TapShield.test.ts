import { describe, expect, it } from "vitest";
import { TAP_HOLD_MS, holdSpentAtPaint } from "./TapShield";

describe("the hold on presses after a step change", () => {
  it("lasts half a second from the change", () => {
    expect(TAP_HOLD_MS).toBe(500);
    expect(holdSpentAtPaint(1_000, 1_000)).toBe(0);
  });

  it("ends TAP_HOLD_MS after the change when the step was painted in time", () => {
    const spent = holdSpentAtPaint(1_000, 1_016);
    expect(1_016 + TAP_HOLD_MS - spent).toBe(1_000 + TAP_HOLD_MS);
  });

  it("ends at the paint when painting the step took longer than the hold", () => {
    expect(holdSpentAtPaint(1_000, 1_500)).toBe(TAP_HOLD_MS);
    expect(holdSpentAtPaint(1_000, 2_300)).toBe(TAP_HOLD_MS);
  });

  it("counts a start dated before the change (a frame's clock) as none spent", () => {
    expect(holdSpentAtPaint(1_000, 996)).toBe(0);
  });
});
