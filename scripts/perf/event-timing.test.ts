import { describe, expect, it } from "vitest";
import {
  EVENT_TIMING_FLOOR_MS,
  interactionsBetween,
  phasesOf,
  summarise,
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

describe("interactionsBetween", () => {
  it("groups a tap's events by interactionId and times it by its longest event", () => {
    const tap = [
      entry({ name: "pointerdown", duration: 24 }),
      entry({ name: "pointerup", duration: 56 }),
      entry({ name: "click", duration: 48 }),
    ];
    const [only, ...rest] = interactionsBetween(tap, 0, 1000);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ interactionId: 1, duration: 56, slowest: { name: "pointerup" } });
  });

  it("keeps the interactions that started in the window, slowest first", () => {
    const entries = [
      entry({ interactionId: 1, startTime: 50, duration: 200 }), // before the window
      entry({ interactionId: 2, startTime: 100, duration: 32 }),
      entry({ interactionId: 3, startTime: 300, duration: 72 }),
      entry({ interactionId: 4, startTime: 500, duration: 300 }), // at its end: the next one's
    ];
    expect(
      interactionsBetween(entries, 100, 500).map((i) => [i.interactionId, i.duration]),
    ).toEqual([
      [3, 72],
      [2, 32],
    ]);
  });

  it("ignores events that are not interactions (interactionId 0)", () => {
    expect(interactionsBetween([entry({ name: "pointerover", interactionId: 0 })], 0, 1e9)).toEqual(
      [],
    );
  });
});

describe("phasesOf", () => {
  it("splits a duration into input delay, handlers and the wait for the paint", () => {
    expect(
      phasesOf(entry({ startTime: 100, processingStart: 130, processingEnd: 170, duration: 96 })),
    ).toEqual({ inputDelay: 30, processing: 40, presentation: 26 });
  });
});

describe("summarise", () => {
  it("judges each interaction on its median and names the slowest", () => {
    const { medians, slowest } = summarise([
      { label: "choose", durations: [40, 250, 48] },
      { label: "Continue", durations: [88, 72, 96] },
    ]);
    expect(medians).toEqual([
      { label: "choose", median: 48 },
      { label: "Continue", median: 88 },
    ]);
    expect(slowest).toEqual({ label: "Continue", median: 88 });
  });

  it("counts an interaction under the API's floor as the floor", () => {
    expect(summarise([{ label: "type", durations: [null, null, 24] }]).slowest.median).toBe(
      EVENT_TIMING_FLOOR_MS,
    );
  });

  it("refuses to summarise nothing", () => {
    expect(() => summarise([])).toThrow(/no interactions/);
    expect(() => summarise([{ label: "tap", durations: [] }])).toThrow(/"tap" was never measured/);
  });
});
