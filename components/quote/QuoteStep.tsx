import type { Dispatch, Ref } from "react";
import { ChoiceList, choiceStep, type ChoiceStepNumber } from "./ChoiceSteps";
import { CONTACT_STEP, ContactFields, type FieldIssue } from "./ContactStep";
import { canContinue, type QuoteAction, type QuoteState } from "./quote-state";
import { StatusNote } from "./StatusNote";
import { StepFrame } from "./StepFrame";

type QuoteStepProps = {
  step: ChoiceStepNumber | 4;
  state: QuoteState;
  dispatch: Dispatch<QuoteAction>;
  headingRef: Ref<HTMLHeadingElement>;
  /** The contact step's submit, and what it shows meanwhile. */
  contact: {
    submitting: boolean;
    /** The first invalid field and its message, shown beside it until it is fixed. */
    invalid: FieldIssue | null;
    /** The last submit's failure, up to the number to call (messages.ts, failureNote). */
    failure: string | null;
    honeypotRef: Ref<HTMLInputElement>;
    onSubmit: () => void;
  };
  onSeePrice: () => void;
  /** Off for a step drawn ahead of time, unseen (StepFrame). */
  progress?: boolean;
};

/**
 * Steps 1–6: one frame (progress, heading, Back / Continue) whose content changes with the step.
 * It stays mounted from step to step, so a step change updates the elements on screen instead of
 * building a new form (docs/performance.md, "What keeps a tap short").
 */
export function QuoteStep({
  step,
  state,
  dispatch,
  headingRef,
  contact,
  onSeePrice,
  progress,
}: QuoteStepProps) {
  const back = () => dispatch({ type: "back" });
  if (step === 4) {
    return (
      <StepFrame
        step={4}
        {...CONTACT_STEP}
        headingRef={headingRef}
        onSubmit={contact.onSubmit}
        onBack={contact.submitting ? null : back}
        continueLabel={contact.submitting ? "Continue..." : "Continue"}
        continueDisabled={contact.submitting}
        progress={progress}
        note={<StatusNote id="quote-submit-failure" words={contact.failure} />}
      >
        <ContactFields
          contact={state.contact}
          dispatch={dispatch}
          invalid={contact.invalid}
          honeypotRef={contact.honeypotRef}
        />
      </StepFrame>
    );
  }
  const shown = choiceStep(step, state, dispatch);
  return (
    <StepFrame
      step={step}
      title={shown.title}
      intro={shown.intro}
      headingRef={headingRef}
      choices={shown.type === "radio" ? "radiogroup" : "group"}
      onSubmit={step === 6 ? onSeePrice : () => dispatch({ type: "next" })}
      onBack={step > 1 ? back : null}
      continueLabel={shown.continueLabel}
      continueDisabled={!canContinue(state)}
      progress={progress}
    >
      <ChoiceList step={shown} />
    </StepFrame>
  );
}
