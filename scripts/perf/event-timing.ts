/**
 * What the calculator benchmark (./interactions.ts) observes in the page: Event Timing entries, as
 * INP counts them, and the first tap on a calculator whose scripts have not loaded, timed in the
 * page from the tap's own timestamp (scripts/perf/README.md, "Calculator interactions").
 */
import { z } from "zod";
import { SCRIPTS_LOADED_ATTRIBUTE } from "../build/after-paint";

export const eventTimingEntrySchema = z.object({
  name: z.string(),
  interactionId: z.number(),
  startTime: z.number(),
  duration: z.number(),
  processingStart: z.number(),
  processingEnd: z.number(),
});
export type EventTimingEntry = z.infer<typeof eventTimingEntrySchema>;

/** An interaction under the API's 16 ms floor leaves no entry: it counts as the floor. */
export const EVENT_TIMING_FLOOR_MS = 16;

/**
 * The longest event of the interactions that started in [from, to): the slowest interaction's
 * figure. Events without an interactionId (hover, scroll, input from script) are no interaction.
 */
export function slowestInteraction(
  entries: readonly EventTimingEntry[],
  from: number,
  to: number,
): EventTimingEntry | undefined {
  return entries
    .filter((entry) => entry.interactionId > 0 && entry.startTime >= from && entry.startTime < to)
    .reduce<EventTimingEntry | undefined>(
      (slowest, entry) => (slowest && slowest.duration >= entry.duration ? slowest : entry),
      undefined,
    );
}

/** Where an interaction's time went: input delay + handlers + rendering to the paint, in ms. */
export function phasesOf(entry: EventTimingEntry): string {
  const delay = entry.processingStart - entry.startTime;
  const handlers = entry.processingEnd - entry.processingStart;
  const phases = [delay, handlers, entry.duration - delay - handlers];
  return `${entry.name}: ${phases.map((ms) => Math.round(ms)).join(" + ")}`;
}

/** Runs in the page before its scripts: keeps every Event Timing entry over the API's floor. */
export const OBSERVE_EVENT_TIMING = `{
  const kept = [];
  const keep = (entries) => kept.push(...entries.map((entry) => entry.toJSON()));
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: "event", durationThreshold: ${EVENT_TIMING_FLOOR_MS}, buffered: true });
  window.__eventTimings = () => (keep(observer.takeRecords()), kept);
}`;

/**
 * Runs in the page before its scripts: notes in `window.__scriptsLoaded` when the after-paint
 * loader marks <html> (observing the document: this runs before the parser has made <html>).
 */
export const OBSERVE_SCRIPTS_LOADED = `new MutationObserver((_, observer) => {
  if (!document.documentElement.hasAttribute("${SCRIPTS_LOADED_ATTRIBUTE}")) return;
  observer.disconnect();
  window.__scriptsLoaded = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["${SCRIPTS_LOADED_ATTRIBUTE}"] });`;

/**
 * Runs in the page before its own scripts (plain text: tsx would add helpers to a function's
 * source that the page lacks). The observer that would start the scripts as the calculator comes
 * near is held back, so the tap is what starts them: the longest a first tap can wait.
 */
export const OBSERVE_FIRST_TAP = `{
  window.IntersectionObserver = class {
    observe() {} unobserve() {} disconnect() {} takeRecords() { return []; }
  };
  const marks = {};
  window.__firstTap = marks;
  addEventListener("pointerdown", (event) => {
    if (marks.tap === undefined) marks.tap = event.timeStamp;
  }, true);
  ${OBSERVE_SCRIPTS_LOADED}
  document.addEventListener("DOMContentLoaded", () => {
    const calculator = document.querySelector("[data-quote-calculator]");
    new MutationObserver((_, observer) => {
      const submit = calculator.querySelector("form button[type=submit]");
      const chosen = calculator.querySelector("form input[type=radio]:checked");
      if (marks.tap === undefined || !chosen || !submit || submit.disabled) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (marks.enabled = performance.now())));
    }).observe(calculator, { subtree: true, attributes: true, childList: true });
  });
}`;

/** The page's marks: the tap (its pointerdown), the scripts loaded, the frame after Continue. */
export const FIRST_TAP_MARKS = "({ ...window.__firstTap, loaded: window.__scriptsLoaded })";
export const firstTapMarksSchema = z.object({
  tap: z.number(),
  loaded: z.number(),
  enabled: z.number(),
});

/**
 * From the tap, in ms: to the paint showing the choice (the tap's Event Timing duration: the native
 * radio shows it before any script), to the scripts' arrival, and to Continue enabled and painted.
 */
export function firstTapFigures(marks: z.infer<typeof firstTapMarksSchema>, tapDuration: number) {
  if (!(marks.tap <= marks.loaded && marks.tap <= marks.enabled)) {
    throw new Error(
      `first tap: the scripts or Continue were there before the tap (tap ${marks.tap}, loaded ${marks.loaded}, enabled ${marks.enabled})`,
    );
  }
  return {
    shown: tapDuration,
    loaded: marks.loaded - marks.tap,
    ready: Math.max(marks.enabled - marks.tap, tapDuration),
  };
}
