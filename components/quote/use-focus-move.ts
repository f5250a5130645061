import { useEffect, useRef } from "react";
import type { Step } from "./quote-state";

/** Where focus goes once a visitor's move has rendered: the heading of the step it left `from` for, or the savings after a plan switch. */
export type FocusMove = { to: "heading"; from: Step } | { to: "savings" };

/**
 * Focus follows the visitor's own moves only, never a restore on page load: a move sets
 * `moveFocusRef`, and focus goes once the step it asked for has rendered (a background render, the
 * prepared result, can commit between the tap and that step).
 */
export function useFocusMove(step: Step) {
  const moveFocusRef = useRef<FocusMove | null>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const savingsRef = useRef<HTMLDivElement>(null);
  const priceRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const move = moveFocusRef.current;
    if (!move || (move.to === "heading" && step === move.from)) return;
    moveFocusRef.current = null;
    if (move.to === "savings") {
      // The new total sits above the savings: both in view, the total never under the fixed
      // header (scroll-padding keeps "nearest" below it).
      savingsRef.current?.focus({ preventScroll: true });
      priceRef.current?.scrollIntoView({ block: "nearest" });
      return;
    }
    (step === "result" ? resultHeadingRef : stepHeadingRef).current?.focus();
  });
  return { moveFocusRef, stepHeadingRef, resultHeadingRef, savingsRef, priceRef };
}
