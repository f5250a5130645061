import { memo, useLayoutEffect, useRef, type SyntheticEvent } from "react";
import type { Step } from "./quote-state";

/** How long after a step change a press selects nothing on the new step (docs/calculator.md, "Double taps"). */
export const TAP_HOLD_MS = 500;

/**
 * How much of the hold is already over when the new step is first painted (`paintedAt`), on the
 * clock of `changedAt`: the hold ends `TAP_HOLD_MS` after the change, and never before the paint.
 */
export function holdSpentAtPaint(changedAt: number, paintedAt: number): number {
  return Math.min(TAP_HOLD_MS, Math.max(0, paintedAt - changedAt));
}

/** The cover shown: a constant keyframe, its base style being hidden. */
const SHOWN: Keyframe[] = [{ visibility: "visible" }, { visibility: "visible" }];

/** A press begun on the cover does nothing: no click where a touch lifts, no focus moved by a mouse. */
const refuse = (event: SyntheticEvent) => event.preventDefault();

/**
 * A transparent cover over the calculator from a step change until the hold ends: a press there
 * (the second half of a double tap, a desktop double-click) lands on it, not on a card or button of
 * the step it revealed; the browser's hit testing does the work, and keys and focus pass as ever.
 * The hold is a Web Animation on the document timeline, not a page timer: it starts with the frame
 * that paints the new step, and test clocks that stop the page's timers leave it running.
 */
export const TapShield = memo(function TapShield({ step }: { step: Step }) {
  const shield = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useLayoutEffect(() => {
    const element = shield.current;
    if (!element || shownStep.current === step) return;
    shownStep.current = step;
    const changedAt = document.timeline.currentTime;
    const hold = element.animate(SHOWN, TAP_HOLD_MS);
    // Started with the first frame that paints the step: what of the hold that frame took is over.
    void hold.ready.then(() => {
      if (typeof changedAt === "number" && typeof hold.startTime === "number")
        hold.currentTime = holdSpentAtPaint(changedAt, hold.startTime);
    }, ignoreCancel);
    return () => hold.cancel();
  }, [step]);
  return (
    <div
      ref={shield}
      aria-hidden="true"
      data-tap-shield
      onTouchEnd={refuse}
      onMouseDown={refuse}
      className="invisible absolute inset-0 z-20"
    />
  );
});

/** A hold cancelled by the next step change rejects its `ready`: nothing to do. */
const ignoreCancel = () => undefined;
