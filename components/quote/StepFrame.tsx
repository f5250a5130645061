import type { FormEvent, ReactNode, Ref } from "react";
import { STEP_COUNT } from "./quote-state";

type StepFrameProps = {
  step: number;
  title: string;
  intro?: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
  /** "group" names a set of choices by the step heading (radiogroup for single choice). */
  choices?: "radiogroup" | "group";
  onSubmit: () => void;
  onBack: (() => void) | null;
  continueLabel?: string;
  continueDisabled: boolean;
  /** Off for a step drawn ahead of time, unseen: the page's one "Step N of 6" is the step in view. */
  progress?: boolean;
  /** Under the buttons: what became of the step's submit (StatusNote.tsx). */
  note?: ReactNode;
  children: ReactNode;
};

export const buttonClasses = {
  primary:
    "inline-flex min-h-11 items-center justify-center rounded-full bg-sun-400 px-6 py-3 font-semibold text-slate-900 hover:bg-sun-300 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600",
  secondary:
    "inline-flex min-h-11 items-center justify-center rounded-full border-2 border-current px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500",
} as const;

/**
 * One calculator step: progress, a heading that takes focus when the step appears, its choices,
 * and Back / Continue. It is a form, so Enter continues once the step's choice is made.
 */
export function StepFrame({
  step,
  title,
  intro,
  headingRef,
  choices,
  onSubmit,
  onBack,
  continueLabel = "Continue",
  continueDisabled,
  progress = true,
  note,
  children,
}: StepFrameProps) {
  const headingId = `quote-step-${step}-heading`;
  // No `continueDisabled` check here: this render's value can be stale (a choice the calculator
  // adopted as it started is not rendered yet when a fast tap lands); each `onSubmit` gates on the
  // latest state (the reducer's canContinue, the contact step's own submitting flag).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    // autoComplete off: a reload must not have the browser put back the controls' state by their
    // position (Firefox put a ticked add-on onto a pane radio), which the calculator would take
    // for an early tap (early-answers.ts). The contact fields name their own autofill tokens.
    <form onSubmit={submit} noValidate autoComplete="off" aria-labelledby={headingId}>
      {progress ? (
        <>
          <p className="text-sm font-semibold text-brand-700">
            Step {step} of {STEP_COUNT}
          </p>
          <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200">
            <div
              className="h-full rounded-full bg-brand-600"
              style={{ width: `${(step / STEP_COUNT) * 100}%` }}
            />
          </div>
        </>
      ) : null}
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="mt-6 text-2xl font-bold text-brand-900 focus:outline-none"
      >
        {title}
      </h3>
      {intro ? <p className="mt-2 text-slate-600">{intro}</p> : null}
      <div className="mt-6" role={choices} aria-labelledby={choices ? headingId : undefined}>
        {children}
      </div>
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          onClick={onBack ?? undefined}
          disabled={!onBack}
          className={buttonClasses.secondary}
        >
          Back
        </button>
        <button type="submit" disabled={continueDisabled} className={buttonClasses.primary}>
          {continueLabel}
        </button>
      </div>
      {note}
    </form>
  );
}
