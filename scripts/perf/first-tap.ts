/**
 * The first tap on a calculator whose scripts have not loaded (docs/performance.md, "The first
 * tap"), for the calculator benchmark (./interactions.ts): a page opened at the top, the calculator
 * brought into view with nothing started, and a pane range tapped. The tap is what starts the
 * scripts (the observer that would start them as the calculator came near is held back, so no
 * earlier move has), so this is the longest a first tap can wait. Timed in the page, from the tap's
 * own timestamp: to the paint that shows the choice (the tap's Event Timing entry: the native radio
 * shows it before any script), to the scripts' arrival, and to the frame after Continue is enabled
 * (the calculator has run, adopted the choice and rendered it).
 */
import { z } from "zod";
import { SCRIPTS_LOADED_ATTRIBUTE } from "../build/after-paint";

/**
 * Runs in the page before its own scripts. Plain text, not a function: tsx would add helpers to a
 * function's source that do not exist in the page.
 */
export const OBSERVE_FIRST_TAP = `{
  window.IntersectionObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() { return []; }
  };
  const marks = {};
  window.__firstTap = marks;
  addEventListener("pointerdown", (event) => {
    if (marks.tap === undefined) marks.tap = event.timeStamp;
  }, true);
  const afterPaint = (name) =>
    requestAnimationFrame(() => setTimeout(() => (marks[name] = performance.now())));
  // The document, not <html>: this runs before the parser has made <html>.
  new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute("${SCRIPTS_LOADED_ATTRIBUTE}")) return;
    observer.disconnect();
    marks.loaded = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["${SCRIPTS_LOADED_ATTRIBUTE}"] });
  document.addEventListener("DOMContentLoaded", () => {
    const calculator = document.querySelector("[data-quote-calculator]");
    new MutationObserver((_, observer) => {
      const submit = calculator.querySelector("form button[type=submit]");
      const chosen = calculator.querySelector("form input[type=radio]:checked");
      if (marks.tap === undefined || !chosen || !submit || submit.disabled) return;
      observer.disconnect();
      afterPaint("enabled");
    }).observe(calculator, { subtree: true, attributes: true, childList: true });
  });
}`;

export const firstTapMarksSchema = z.object({
  /** The tap's timestamp (its pointerdown's). */
  tap: z.number(),
  /** All the scripts loaded. */
  loaded: z.number(),
  /** The frame after Continue was enabled, the choice still checked, was painted. */
  enabled: z.number(),
});
export type FirstTapMarks = z.infer<typeof firstTapMarksSchema>;

export type FirstTap = {
  /** From the tap to the paint that shows the choice (its Event Timing duration), ms. */
  shown: number;
  /** From the tap to the scripts' arrival, ms. */
  loaded: number;
  /** From the tap to Continue enabled and painted, ms: the figure. */
  ready: number;
};

/** The first tap's figures, from the marks the page took and the tap's Event Timing duration. */
export function firstTapFigures(marks: FirstTapMarks, tapDuration: number): FirstTap {
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
