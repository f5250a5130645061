"use client";

import { useEffect, useReducer, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { Frequency } from "@shared/content/pricing";
import { quoteTotal } from "@shared/quote/pricing";
import { INITIAL_STATE, quoteReducer, type QuoteAction, type QuoteState } from "./quote-state";
import { QuoteStep } from "./QuoteStep";
import { skipOffscreenSections } from "@/components/ui/offscreen";
import { afterNextPaint } from "./lazy";
import { noteFirstTouch, watchFirstTouch } from "./first-touch";
import { UPDATE_NOTES } from "./messages";
import {
  QUOTE_STORAGE_KEY as STORAGE_KEY,
  calculatorSession,
  catchUpWithLead,
  newCalculatorSession,
  readStoredQuote,
} from "./quote-storage";
import { queueQuoteUpdate, type UpdateStatus } from "./send-quote";
import { StatusNote } from "./StatusNote";
import { earlyAnswers } from "./early-answers";
import { CALCULATOR_STARTED_EVENT } from "./EarlyContinue";
import { NextStepDrawn } from "./DrawnAhead";
import { TapShield } from "./TapShield";
import { ResultStage } from "./ResultStage";
import { useFocusMove } from "./use-focus-move";
import { useContactSubmit } from "./use-contact-submit";
import { useToasts } from "./use-toasts";

/**
 * The instant-quote calculator (docs/calculator.md): six steps, then the result. The server renders
 * step 1; progress is kept in sessionStorage, so a reload in the same tab resumes it.
 */
export function QuoteCalculator() {
  const [state, dispatch] = useReducer(quoteReducer, INITIAL_STATE);
  // Shown once an update had to wait or was refused; a save that simply went through says nothing.
  const [updateStatus, setUpdateStatus] = useState<UpdateStatus | null>(null);
  const reportUpdate = (status: UpdateStatus) => {
    setUpdateStatus((shown) => (status === "saved" && shown === null ? null : status));
    // Not applied: changed elsewhere first. The quote as it stands, from the server.
    if (status === "conflict") void catchUpWithLead().then(showKept);
  };
  const showKept = (kept: QuoteState | null) => {
    if (kept) dispatch({ type: "restore", state: kept });
  };
  const restored = useRef(false);
  const calculatorRef = useRef<HTMLDivElement>(null);
  const { moveFocusRef, ...focusRefs } = useFocusMove(state.step);
  const { say, toaster } = useToasts(state.step);
  const submit = useContactSubmit(state, dispatch, moveFocusRef, say, showKept);

  useEffect(() => {
    // The session exists before any submit: a tab duplicated now shares it (one lead).
    calculatorSession();
    const saved = readStoredQuote();
    // The server rendered step 1: a choice made there before the scripts arrived is the visitor's
    // latest word, kept on the step they made it on, over a saved state (docs/calculator.md,
    // "Before the scripts arrive").
    const inView = { ...(saved ?? INITIAL_STATE), step: INITIAL_STATE.step };
    const early = earlyAnswers(calculatorRef.current?.querySelector("form") ?? null, inView);
    // From now on the calculator answers its own Continue (EarlyContinue.tsx, which listens on the
    // calculator's wrapper: the event bubbles up to it).
    calculatorRef.current?.dispatchEvent(new Event(CALCULATOR_STARTED_EVENT, { bubbles: true }));
    if (early.length > 0) dispatch({ type: "restore", state: inView });
    else if (saved) dispatch({ type: "restore", state: saved });
    for (const action of early) dispatch(action);
    if (early.some((action) => action.type === "next"))
      moveFocusRef.current = { to: "heading", from: INITIAL_STATE.step };
    // Progress made before this page view, or a choice made before the scripts arrived, is a
    // person's: their clock (first-touch.ts) ran no later than the page began.
    if (saved?.paneCount || early.length > 0) noteFirstTouch(performance.timeOrigin);
    restored.current = true;
    // The page has been rendered whole: from now on a step change renders only what is in view.
    skipOffscreenSections();
    // Back from another page of the tab, kept as it was (back/forward cache): that page may have
    // changed the quote (the saved-quote page follows the lead).
    // Rendered at once (flushSync), not through React's scheduler: Firefox can keep a page whose
    // scheduler had a task queued when it was left, and that task never runs after the restore.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const restore = (kept: QuoteState | null) => {
        if (kept) flushSync(() => dispatch({ type: "restore", state: kept }));
      };
      restore(readStoredQuote());
      void catchUpWithLead().then(restore);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [moveFocusRef]);

  useEffect(() => {
    // Written only after the saved state was read, so the first render cannot erase it.
    if (restored.current) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  }, [state]);

  useEffect(watchFirstTouch, []);

  const act = (action: QuoteAction) => {
    if (action.type === "next" || action.type === "back" || action.type === "reset")
      moveFocusRef.current = { to: "heading", from: state.step };
    dispatch(action);
  };

  /**
   * Steps 5-6, and the plan when the visitor switches it here: only what they changed, so that an
   * update sent late (a retry, or after Back from the saved-quote page) never undoes a change made
   * on the quote's own page meanwhile (docs/calculator.md, "Updates after the contact step").
   */
  const sendAnswers = (frequency?: Frequency) => {
    if (state.lead && state.isPostConstruction && state.stories) {
      const lead = state.lead;
      const update = {
        isPostConstruction: state.isPostConstruction,
        stories: state.stories,
        ...(frequency && {
          frequency,
          // The total the result then shows: the owner sees it beside the server's own.
          totalPrice: quoteTotal(state.paneCount, frequency, state.addOns),
        }),
      };
      // Started once the view it changes is painted: the tap does not wait for the request.
      afterNextPaint(() => void queueQuoteUpdate(lead, update, reportUpdate));
    }
  };

  const seePrice = () => {
    if (!state.frequency) return;
    sendAnswers();
    moveFocusRef.current = { to: "heading", from: 6 };
    dispatch({ type: "showResult" });
  };

  const switchPlan = (frequency: Frequency) => {
    sendAnswers(frequency);
    moveFocusRef.current = { to: "savings" };
    dispatch({ type: "choose", name: "frequency", value: frequency });
  };

  const reset = () => {
    sessionStorage.removeItem(STORAGE_KEY);
    newCalculatorSession();
    submit.clear();
    setUpdateStatus(null);
    act({ type: "reset" });
  };

  return (
    <>
      {/* Contained (docs/performance.md, "What keeps a tap short"): what changes inside is laid out and painted
          apart from the page. The toasts, fixed to the screen, stay outside: it would pin them here.
          Its padding is a variable, so the views drawn ahead sit exactly where they will show. */}
      <div
        ref={calculatorRef}
        data-quote-calculator
        className="rounded-3xl bg-white p-(--calculator-padding) shadow-sm ring-1 ring-slate-900/10 [--calculator-padding:--spacing(5)] [contain:content] sm:[--calculator-padding:--spacing(8)]"
      >
        {state.step !== "result" ? (
          <QuoteStep
            step={state.step}
            state={state}
            dispatch={act}
            headingRef={focusRefs.stepHeadingRef}
            contact={submit.contact}
            onSeePrice={seePrice}
          />
        ) : null}
        {state.step === 6 || state.step === "result" ? (
          <ResultStage
            state={state}
            headingRef={focusRefs.resultHeadingRef}
            savingsRef={focusRefs.savingsRef}
            priceRef={focusRefs.priceRef}
            onSwitchPlan={switchPlan}
            onReset={reset}
            updateNote={
              <StatusNote
                id="quote-update-status"
                words={updateStatus && UPDATE_NOTES[updateStatus]}
                callUs={updateStatus === "refused"}
              />
            }
          />
        ) : null}
        <NextStepDrawn inView={state.step} />
        <TapShield step={state.step} />
      </div>
      {toaster}
    </>
  );
}
