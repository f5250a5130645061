import { memo, startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import { afterNextPaint } from "./lazy";
import { INITIAL_STATE, stepAfter, type Step } from "./quote-state";
import { QuoteStep } from "./QuoteStep";

/**
 * Views drawn before they are shown (docs/performance.md, "What keeps a tap short"). Each keeps
 * its own state, so drawing one renders it alone, never the step in view.
 */

/**
 * A view drawn before it is shown: laid out inside the calculator's padding at the width it will be
 * shown at, out of the flow, transparent and behind the step in view (whose form takes every tap
 * there), hidden from assistive technology, its controls disabled (a disabled fieldset leaves links
 * focusable, so its links alone are made invisible). No `visibility` or `inert` on the whole view:
 * showing it then restyles this wrapper, the controls and the links, not every element of the view.
 */
export function Prepared({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div
      aria-hidden={shown ? undefined : true}
      className={
        shown
          ? undefined
          : "absolute inset-(--calculator-padding) -z-10 overflow-hidden opacity-0 [&_a]:invisible"
      }
    >
      <fieldset disabled={!shown} role="none" className="m-0 min-w-0 border-0 p-0">
        {children}
      </fieldset>
    </div>
  );
}

/** Once `ready` (the step in view painted as it must be), true from the frame after it. */
export function usePreparedAfterPaint(ready: boolean): boolean {
  const [prepared, setPrepared] = useState(false);
  useEffect(() => {
    if (!ready) return;
    return afterNextPaint(() => startTransition(() => setPrepared(true)));
  }, [ready]);
  return prepared;
}

type DrawableStep = Exclude<Step, "result">;
const ignore = () => undefined;
const UNUSED_CONTACT = {
  submitting: false,
  invalid: null,
  failure: null,
  honeypotRef: null,
  onSubmit: ignore,
};

/**
 * The step the one in view leads to, drawn once a page view with no answers and never shown: its
 * first showing then finds its text already shaped and laid out. Memoized on the step in view, so
 * the visitor's answers there do not draw it again.
 */
export const NextStepDrawn = memo(function NextStepDrawn({ inView }: { inView: Step }) {
  const upcoming = stepAfter(inView);
  const toDraw = upcoming === "result" ? null : upcoming;
  const [drawn, setDrawn] = useState<DrawableStep | null>(null);
  const stepsDrawn = useRef(new Set<Step>());
  useEffect(() => {
    stepsDrawn.current.add(inView);
    if (toDraw === null || stepsDrawn.current.has(toDraw)) return;
    return afterNextPaint(() => {
      stepsDrawn.current.add(toDraw);
      startTransition(() => setDrawn(toDraw));
    });
  }, [inView, toDraw]);
  if (drawn === null || drawn !== toDraw) return null;
  return (
    <Prepared shown={false}>
      <QuoteStep
        step={drawn}
        state={{ ...INITIAL_STATE, step: drawn }}
        dispatch={ignore}
        headingRef={null}
        contact={UNUSED_CONTACT}
        onSeePrice={ignore}
        progress={false}
      />
    </Prepared>
  );
});
