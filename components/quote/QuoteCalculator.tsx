"use client";

import {
  Suspense,
  lazy,
  memo,
  startTransition,
  useEffect,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { flushSync } from "react-dom";
import type { Frequency } from "@shared/content/pricing";
import { newIdempotencyKey } from "@/lib/quote/idempotency-key";
import { quoteTotal } from "@shared/quote/pricing";
import {
  INITIAL_STATE,
  quoteReducer,
  quoteRequestFrom,
  stepAfter,
  type QuoteState,
  type Step,
} from "./quote-state";
import { QuoteResult } from "./QuoteResult";
import { QuoteStep } from "./QuoteStep";
import { skipOffscreenSections } from "@/components/ui/offscreen";
import { afterNextPaint, loadSchema, loadSonner, notify } from "./lazy";
import { msSinceFirstTouch, noteFirstTouch, watchFirstTouch } from "./first-touch";
import { MESSAGES, UPDATE_NOTES, failureMessage, failureNote } from "./messages";
import {
  QUOTE_STORAGE_KEY as STORAGE_KEY,
  catchUpWithLead,
  readStoredQuote,
} from "./quote-storage";
import { queueQuoteUpdate, sendNewQuote, type UpdateStatus } from "./send-quote";
import { StatusNote } from "./StatusNote";
import type { FieldIssue } from "./ContactStep";
import { CONTACT_FIELDS } from "@shared/quote/choices";
import { earlyAnswers } from "./early-answers";

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** The field a validation message is about, with its label in view below the fixed header. */
function focusField(field: string | undefined): void {
  const input = field ? document.getElementById(`quote-${field}`) : null;
  input?.focus({ preventScroll: true });
  input?.scrollIntoView({ block: "center" });
}

/**
 * A view drawn before it is shown: laid out inside the calculator's padding at the width it will be
 * shown at, out of the flow, transparent and behind the step in view (whose form takes every tap
 * there), hidden from assistive technology, its controls disabled. None of that is inherited, as
 * `visibility` and `inert` are: showing it restyles this wrapper and the controls, not the whole
 * view (docs/performance.md, "What keeps a tap short").
 */
function Prepared({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div
      aria-hidden={shown ? undefined : true}
      className={
        shown ? undefined : "absolute inset-(--calculator-padding) -z-10 overflow-hidden opacity-0"
      }
    >
      <fieldset disabled={!shown} role="none" className="m-0 min-w-0 border-0 p-0">
        {children}
      </fieldset>
    </div>
  );
}

type ChoiceOrContactStep = Exclude<Step, "result">;
const ignore = () => undefined;
const UNUSED_CONTACT = {
  submitting: false,
  invalid: null,
  failure: null,
  honeypotRef: null,
  onSubmit: ignore,
};

/**
 * The step the one in view leads to, drawn once with no answers and never shown: its first showing
 * then finds its text already shaped and laid out (docs/performance.md, "What keeps a tap short"). Memoized, so
 * the visitor's answers on the step in view do not draw it again.
 */
const StepPreview = memo(function StepPreview({ step }: { step: ChoiceOrContactStep }) {
  return (
    <QuoteStep
      step={step}
      state={{ ...INITIAL_STATE, step }}
      dispatch={ignore}
      headingRef={null}
      contact={UNUSED_CONTACT}
      onSeePrice={ignore}
      progress={false}
    />
  );
});

/** Where focus goes once a visitor's move has rendered: the heading of the step it left `from` for, or the savings after a plan switch. */
type FocusMove = { to: "heading"; from: Step } | { to: "savings" };

/**
 * The instant-quote calculator (docs/calculator.md): six steps, then the result. The server renders
 * step 1; progress is kept in sessionStorage, so a reload in the same tab resumes it.
 */
export function QuoteCalculator() {
  const [state, dispatch] = useReducer(quoteReducer, INITIAL_STATE);
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState<FieldIssue | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Shown once an update had to wait or was refused; a save that simply went through says nothing.
  const [updateStatus, setUpdateStatus] = useState<UpdateStatus | null>(null);
  const reportUpdate = (status: UpdateStatus) =>
    setUpdateStatus((shown) => (status === "saved" && shown === null ? null : status));
  const [toasterLoaded, setToasterLoaded] = useState(false);
  const restored = useRef(false);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const savingsRef = useRef<HTMLDivElement>(null);
  const priceRef = useRef<HTMLDivElement>(null);
  // Focus follows the visitor's own moves only, never a restore on page load.
  const moveFocus = useRef<FocusMove | null>(null);
  // Bot trap: the hidden field's input (the time trap's clock is first-touch.ts).
  const honeypotRef = useRef<HTMLInputElement>(null);

  const calculatorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const saved = readStoredQuote();
    // The server rendered step 1: a choice made there before the scripts arrived is the visitor's
    // latest word, kept on the step they made it on, over a saved state (docs/calculator.md,
    // "Before the scripts arrive").
    const inView = { ...(saved ?? INITIAL_STATE), step: INITIAL_STATE.step };
    const early = earlyAnswers(calculatorRef.current?.querySelector("form") ?? null, inView);
    if (early.length > 0) dispatch({ type: "restore", state: inView });
    else if (saved) dispatch({ type: "restore", state: saved });
    for (const action of early) dispatch(action);
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
  }, []);

  useEffect(() => {
    // Written only after the saved state was read, so the first render cannot erase it.
    if (restored.current) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  }, [state]);

  useEffect(() => {
    const move = moveFocus.current;
    // Only once the move itself has rendered: a background render (the prepared result) can
    // commit between the tap and the render of the step it asked for.
    if (!move || (move.to === "heading" && state.step === move.from)) return;
    moveFocus.current = null;
    if (move.to === "savings") {
      // The new total sits above the savings: both in view, the total never under the fixed
      // header (scroll-padding keeps "nearest" below it).
      savingsRef.current?.focus({ preventScroll: true });
      priceRef.current?.scrollIntoView({ block: "nearest" });
      return;
    }
    (state.step === "result" ? resultHeadingRef : stepHeadingRef).current?.focus();
  });

  useEffect(watchFirstTouch, []);

  // A field marked invalid keeps its message until the visitor's edit makes it pass its rule.
  const invalidField = invalid?.field;
  const invalidValue = invalidField ? state.contact[invalidField] : "";
  useEffect(() => {
    if (!invalidField) return;
    let current = true;
    loadSchema().then(
      ({ contactFieldIssue }) => {
        if (!current) return;
        const message = contactFieldIssue(invalidField, invalidValue);
        setInvalid((shown) =>
          message === shown?.message ? shown : message ? { field: invalidField, message } : null,
        );
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [invalidField, invalidValue]);

  // The result view is built and laid out, unseen, once step 6 has painted with its answer chosen:
  // "See My Price" then reveals it instead of building it (docs/performance.md, "What keeps a tap short").
  const [resultPrepared, setResultPrepared] = useState(false);
  const storiesChosen = state.stories !== null;
  useEffect(() => {
    if (state.step !== 6 || !storiesChosen) return;
    return afterNextPaint(() => startTransition(() => setResultPrepared(true)));
  }, [state.step, storiesChosen]);
  const resultShown = state.step === "result";

  // The next step is drawn the same way, unseen, once the step in view has painted; each at most
  // once a page view, since a step shown before needs no such warm-up.
  const upcoming = stepAfter(state.step);
  const stepToDraw = upcoming === "result" ? null : upcoming;
  const [drawnStep, setDrawnStep] = useState<ChoiceOrContactStep | null>(null);
  const stepsDrawn = useRef(new Set<Step>());
  useEffect(() => {
    stepsDrawn.current.add(state.step);
    if (stepToDraw === null || stepsDrawn.current.has(stepToDraw)) return;
    return afterNextPaint(() => {
      stepsDrawn.current.add(stepToDraw);
      startTransition(() => setDrawnStep(stepToDraw));
    });
  }, [state.step, stepToDraw]);

  const showsToasts = state.step !== 1 && state.step !== 2 && state.step !== 3;
  useEffect(() => {
    if (!showsToasts) return;
    // Fetched while the visitor types, so the submit does not wait for them; started after the
    // step's first paint, so the tap that shows the step does not wait for them either.
    return afterNextPaint(() => {
      if (state.step === 4) void loadSchema();
      loadSonner().then(
        () => setToasterLoaded(true),
        // It could not load (offline): there is no toaster to mount.
        () => undefined,
      );
    });
  }, [showsToasts, state.step]);

  const act: typeof dispatch = (action) => {
    if (action.type === "next" || action.type === "back" || action.type === "reset")
      moveFocus.current = { to: "heading", from: state.step };
    // Leaving step 6 or the result: a later step 6 prepares the result again, after its own paint.
    if (action.type === "back" || action.type === "reset") setResultPrepared(false);
    dispatch(action);
  };

  /** A toast, and the Toaster to show it once sonner has loaded (it may load only now: lazy.ts). */
  const say = (kind: "success" | "error", message: string) =>
    void notify(kind, message).then((shown) => shown && setToasterLoaded(true));

  /** A submit that failed: on the page, with the number to call, and as the spec's toast. */
  const fail = (retryAfterSeconds: number | null) => {
    setFailure(failureNote(retryAfterSeconds));
    say("error", failureMessage(retryAfterSeconds));
  };

  const submitContact = async () => {
    const payload = quoteRequestFrom(state);
    if (!payload || submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const { firstIssue, quoteRequestSchema } = await loadSchema();
      const parsed = quoteRequestSchema.safeParse(payload);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        const field = CONTACT_FIELDS.find((name) => name === issue.field);
        setInvalid(field ? { field, message: issue.message } : null);
        focusField(issue.field);
        say("error", issue.message);
        return;
      }
      setInvalid(null);
      const snapshot = JSON.stringify(parsed.data);
      if (state.lead?.submitted === snapshot) {
        // Back from step 5 and Continue again with nothing changed: the lead exists already.
        moveFocus.current = { to: "heading", from: 4 };
        dispatch({ type: "submitted", lead: state.lead });
        return;
      }
      // Same payload as the last attempt (a retry, or a reload mid-submit): same key, same lead.
      const attempt =
        state.attempt?.payload === snapshot
          ? state.attempt
          : { key: newIdempotencyKey(), payload: snapshot };
      dispatch({ type: "attempt", attempt });
      // Saved now, not after the next render: a reload while the request runs must keep the key.
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...state, attempt }));
      const created = await sendNewQuote(parsed.data, {
        idempotencyKey: attempt.key,
        honeypot: honeypotRef.current?.value ?? "",
        formMs: msSinceFirstTouch(),
      });
      if (!created.ok) {
        fail(created.retryAfterSeconds);
        return;
      }
      moveFocus.current = { to: "heading", from: 4 };
      dispatch({
        type: "submitted",
        lead: {
          id: created.id,
          token: created.token,
          submitted: snapshot,
          quoteUrl: created.quoteUrl,
          linkEmailed: created.linkEmailed,
        },
      });
      say("success", MESSAGES.success);
    } catch {
      // The schema could not load (offline): the failure the spec names; the next submit loads it again.
      fail(null);
    } finally {
      setSubmitting(false);
    }
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
    moveFocus.current = { to: "heading", from: 6 };
    dispatch({ type: "showResult" });
  };

  const switchPlan = (frequency: Frequency) => {
    sendAnswers(frequency);
    moveFocus.current = { to: "savings" };
    dispatch({ type: "choose", name: "frequency", value: frequency });
  };

  const reset = () => {
    sessionStorage.removeItem(STORAGE_KEY);
    setInvalid(null);
    setFailure(null);
    setUpdateStatus(null);
    act({ type: "reset" });
  };

  return (
    <>
      {/* Contained (docs/performance.md, "What keeps a tap short"): what changes inside is laid out and painted
          apart from the page. The toasts, fixed to the screen, stay outside: it would pin them here.
          Its padding is a variable, so the prepared result below sits exactly where it will show. */}
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
            headingRef={stepHeadingRef}
            contact={{ submitting, invalid, failure, honeypotRef, onSubmit: submitContact }}
            onSeePrice={seePrice}
          />
        ) : null}
        {(resultShown || (state.step === 6 && resultPrepared)) &&
        state.paneCount &&
        state.frequency &&
        state.stories ? (
          <Prepared shown={resultShown}>
            <QuoteResult
              paneCount={state.paneCount}
              frequency={state.frequency}
              addOns={state.addOns}
              stories={state.stories}
              isPostConstruction={state.isPostConstruction === "yes"}
              headingRef={resultHeadingRef}
              savingsRef={savingsRef}
              priceRef={priceRef}
              onSwitchPlan={switchPlan}
              onReset={reset}
              quoteUrl={state.lead?.quoteUrl ?? null}
              linkEmailed={state.lead?.linkEmailed ?? false}
              updateNote={
                <StatusNote
                  id="quote-update-status"
                  words={updateStatus && UPDATE_NOTES[updateStatus]}
                  callUs={updateStatus === "refused"}
                />
              }
            />
          </Prepared>
        ) : null}
        {drawnStep !== null && drawnStep === stepToDraw ? (
          <Prepared shown={false}>
            <StepPreview step={drawnStep} />
          </Prepared>
        ) : null}
      </div>
      {showsToasts && toasterLoaded ? (
        <Suspense fallback={null}>
          <Toaster
            position="top-center"
            offset={{ top: 80 }}
            mobileOffset={{ top: 72 }}
            richColors
          />
        </Suspense>
      ) : null}
    </>
  );
}
