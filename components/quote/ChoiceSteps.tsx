import type { Dispatch, ReactNode, Ref } from "react";
import { ADD_ONS, FUTURE_VISIT_DISCOUNT_PERCENT, PANE_RANGES, formatUsd } from "@/content/pricing";
import {
  PLAN_OPTIONS,
  POST_CONSTRUCTION_OPTIONS,
  STORY_OPTIONS,
  paneRangeLabel,
} from "@/lib/quote/labels";
import { ChoiceCard } from "./ChoiceCard";
import { canContinue, type QuoteAction, type QuoteState } from "./quote-state";
import { StepFrame } from "./StepFrame";

/** Steps 1, 2, 3, 5 and 6 of docs/calculator.md: choices as cards, Continue gated on the required one. */

type ChoiceStepProps = {
  state: QuoteState;
  dispatch: Dispatch<QuoteAction>;
  headingRef: Ref<HTMLHeadingElement>;
};

type Option<T extends string> = {
  value: T;
  title: string;
  description?: string;
  aside?: string | null;
  badge?: string;
};

type RadioStepProps<T extends string> = ChoiceStepProps & {
  step: number;
  title: string;
  intro?: ReactNode;
  name: string;
  options: readonly Option<T>[];
  selected: T | null;
  onSelect: (value: T) => void;
  columns?: string;
  continueLabel?: string;
  onContinue?: () => void;
};

function RadioStep<T extends string>(props: RadioStepProps<T>) {
  const { state, dispatch, step, options, selected, onSelect, columns = "sm:grid-cols-2" } = props;
  return (
    <StepFrame
      step={step}
      title={props.title}
      intro={props.intro}
      headingRef={props.headingRef}
      choices="radiogroup"
      onSubmit={props.onContinue ?? (() => dispatch({ type: "next" }))}
      onBack={step > 1 ? () => dispatch({ type: "back" }) : null}
      continueLabel={props.continueLabel}
      continueDisabled={!canContinue(state)}
    >
      <div className={`grid gap-3 ${columns}`}>
        {options.map((option) => (
          <ChoiceCard
            key={option.value}
            type="radio"
            name={props.name}
            value={option.value}
            checked={selected === option.value}
            onChange={() => onSelect(option.value)}
            title={option.title}
            description={option.description}
            aside={option.aside}
            badge={option.badge}
          />
        ))}
      </div>
    </StepFrame>
  );
}

const PANE_OPTIONS = PANE_RANGES.map((range) => ({
  value: range.id,
  title: paneRangeLabel(range.id),
  description: range.description,
}));

const PLAN_CARDS = PLAN_OPTIONS.map((plan) => ({
  value: plan.frequency,
  title: plan.name,
  description: plan.details.join(" · "),
  aside: plan.offer,
  badge: plan.popular ? "Most Popular" : undefined,
}));

const POST_CONSTRUCTION_CARDS = POST_CONSTRUCTION_OPTIONS.map((option) => ({
  value: option.value,
  title: option.label,
  description: option.description,
}));

const STORY_CARDS = STORY_OPTIONS.map((option) => ({ value: option.value, title: option.label }));

export function PaneStep(props: ChoiceStepProps) {
  return (
    <RadioStep
      {...props}
      step={1}
      title="How many window panes does your property have?"
      intro="Count each separate pane of glass. A close estimate is fine."
      name="paneCount"
      options={PANE_OPTIONS}
      selected={props.state.paneCount}
      onSelect={(paneCount) => props.dispatch({ type: "choosePanes", paneCount })}
    />
  );
}

export function PlanStep(props: ChoiceStepProps) {
  return (
    <RadioStep
      {...props}
      step={2}
      title="Choose your service plan"
      intro={`Plans save on your first visit and take ${FUTURE_VISIT_DISCOUNT_PERCENT}% off every visit after it.`}
      name="frequency"
      options={PLAN_CARDS}
      selected={props.state.frequency}
      onSelect={(frequency) => props.dispatch({ type: "choosePlan", frequency })}
    />
  );
}

export function AddOnsStep({ state, dispatch, headingRef }: ChoiceStepProps) {
  return (
    <StepFrame
      step={3}
      title="Add extra services"
      intro="Optional: choose any you would like, or none."
      headingRef={headingRef}
      choices="group"
      onSubmit={() => dispatch({ type: "next" })}
      onBack={() => dispatch({ type: "back" })}
      continueDisabled={false}
    >
      <div className="grid gap-3">
        {ADD_ONS.map((addOn) => (
          <ChoiceCard
            key={addOn.id}
            type="checkbox"
            name={`addOns.${addOn.id}`}
            value="yes"
            checked={state.addOns[addOn.id]}
            onChange={(on) => dispatch({ type: "toggleAddOn", id: addOn.id, on })}
            title={addOn.label}
            description={addOn.description}
            aside={`+${formatUsd(addOn.price)}`}
          />
        ))}
      </div>
    </StepFrame>
  );
}

export function PostConstructionStep(props: ChoiceStepProps) {
  return (
    <RadioStep
      {...props}
      step={5}
      title="Is this a post-construction clean?"
      intro="New builds and renovations leave paint, stickers and dust on the glass that need extra care."
      name="isPostConstruction"
      options={POST_CONSTRUCTION_CARDS}
      selected={props.state.isPostConstruction}
      onSelect={(answer) => props.dispatch({ type: "answerPostConstruction", answer })}
    />
  );
}

export function StoriesStep({
  onSeePrice,
  ...props
}: ChoiceStepProps & { onSeePrice: () => void }) {
  return (
    <RadioStep
      {...props}
      step={6}
      title="How many stories is the building?"
      name="stories"
      options={STORY_CARDS}
      selected={props.state.stories}
      onSelect={(stories) => props.dispatch({ type: "chooseStories", stories })}
      columns="grid-cols-2 sm:grid-cols-4"
      continueLabel="See My Price"
      onContinue={onSeePrice}
    />
  );
}
