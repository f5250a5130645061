import { describe, expect, it } from "vitest";
import {
  firstTapFigures,
  phasesOf,
  slowestInteraction,
  type EventTimingEntry,
} from "./event-timing";

const entry = (overrides: Partial<EventTimingEntry>): EventTimingEntry => ({
  name: "click",
  interactionId: 1,
  startTime: 100,
  duration: 40,
  processingStart: 110,
  processingEnd: 120,
  ...overrides,
});

describe("slowestInteraction", () => {
  it("times a tap by its longest event", () => {
    const tap = [
      entry({ name: "pointerdown", duration: 24 }),
      entry({ name: "pointerup", duration: 56 }),
      entry({ name: "click", duration: 48 }),
    ];
    expect(slowestInteraction(tap, 0, 1000)).toMatchObject({ name: "pointerup", duration: 56 });
  });

  it("keeps to the interactions that started in the window", () => {
    const entries = [
      entry({ interactionId: 1, startTime: 50, duration: 200 }), // before the window
      entry({ interactionId: 2, startTime: 100, duration: 32 }),
      entry({ interactionId: 3, startTime: 300, duration: 72 }),
      entry({ interactionId: 4, startTime: 500, duration: 300 }), // at its end: the next one's
    ];
    expect(slowestInteraction(entries, 100, 500)).toMatchObject({ interactionId: 3, duration: 72 });
  });

  it("ignores events that are not interactions (interactionId 0)", () => {
    const hover = entry({ name: "pointerover", interactionId: 0 });
    expect(slowestInteraction([hover], 0, 1e9)).toBeUndefined();
  });
});

describe("phasesOf", () => {
  it("splits a duration into input delay, handlers and the wait for the paint", () => {
    expect(
      phasesOf(entry({ startTime: 100, processingStart: 130, processingEnd: 170, duration: 96 })),
    ).toBe("click: 30 + 40 + 26");
  });
});

describe("firstTapFigures", () => {
  it("times the choice's paint, the scripts and Continue from the tap", () => {
    expect(firstTapFigures({ tap: 1000, loaded: 1290, enabled: 1408 }, 32)).toEqual({
      shown: 32,
      loaded: 290,
      ready: 408,
    });
  });

  it("counts the choice as ready no sooner than it was shown", () => {
    expect(firstTapFigures({ tap: 1000, loaded: 1000, enabled: 1010 }, 40).ready).toBe(40);
  });

  it("refuses a walk whose scripts or Continue were there before the tap: it timed no first tap", () => {
    expect(() => firstTapFigures({ tap: 1000, loaded: 900, enabled: 1400 }, 32)).toThrow(
      /before the tap/,
    );
    expect(() => firstTapFigures({ tap: 1000, loaded: 1200, enabled: 990 }, 32)).toThrow(
      /before the tap/,
    );
  });
});
