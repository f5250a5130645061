import { useLayoutEffect, useRef, type TouchEvent } from "react";
import { afterNextPaint } from "./lazy";
import type { Step } from "./quote-state";

/** How long after a step change a press selects nothing on the new step (docs/calculator.md, "Double taps"). */
export const TAP_HOLD_MS = 500;

/**
 * When the new step starts taking presses, as a delay from its paint: `TAP_HOLD_MS` after the step
 * changed, and never before it was painted (a press begun before then aimed at the step it left).
 */
export function holdAfterPaint(changedAt: number, paintedAt: number): number {
  return Math.max(0, changedAt + TAP_HOLD_MS - paintedAt);
}

/** A touch that began on the shield makes no click, wherever it lifts (the hold may be over by then). */
const noClick = (event: TouchEvent) => event.preventDefault();

/**
 * A transparent cover over the calculator from a step change until `holdAfterPaint`: a press there
 * (the second half of a double tap, a desktop double-click) lands on it, not on a card or button of
 * the step it revealed. The browser's own hit testing does the work: keys and focus pass as ever.
 * Shown and hidden on the element itself, so the hold costs no render of the steps.
 */
export function TapShield({ step }: { step: Step }) {
  const shield = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useLayoutEffect(() => {
    const element = shield.current;
    if (!element || shownStep.current === step) return;
    shownStep.current = step;
    element.hidden = false;
    const changedAt = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancelPaint = afterNextPaint(() => {
      timer = setTimeout(
        () => {
          element.hidden = true;
        },
        holdAfterPaint(changedAt, performance.now()),
      );
    });
    return () => {
      cancelPaint();
      clearTimeout(timer);
    };
  }, [step]);
  return (
    <div
      ref={shield}
      hidden
      aria-hidden="true"
      data-tap-shield
      onTouchEnd={noClick}
      className="absolute inset-0 z-20"
    />
  );
}
