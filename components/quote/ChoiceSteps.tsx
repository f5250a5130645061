import type { Dispatch } from "react";
import { ADD_ONS, FUTURE_VISIT_DISCOUNT_PERCENT, PANE_RANGES, formatUsd } from "@/content/pricing";
import {
  PLAN_OPTIONS,
  POST_CONSTRUCTION_OPTIONS,
  STORY_OPTIONS,
  paneRangeLabel,
} from "@/lib/quote/labels";
import { ChoiceCard } from "./ChoiceCard";
import type { QuoteAction, QuoteState } from "./quote-state";

/** Steps 1, 2, 3, 5 and 6 of docs/calculator.md: what each asks, and its choices as cards. */

export type ChoiceStepNumber = 1 | 2 | 3 | 5 | 6;

type Card = {
  value: string;
  title: string;
  description?: string;
  aside?: string | null;
  badge?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

export type ChoiceStep = {
  title: string;
  intro?: string;
  /** radio: one choice, which Continue waits for; checkbox: any number, or none. */
  type: "radio" | "checkbox";
  /** The radio group's name; for checkboxes, the prefix of each one's name. */
  name: string;
  /** The cards' grid columns beyond one. */
  columns: string;
  continueLabel?: string;
  cards: Card[];
};

type Option<T extends string> = Omit<Card, "checked" | "onChange"> & { value: T };

/** One card per option, the chosen one checked. */
function oneOf<T extends string>(
  options: readonly Option<T>[],
  selected: T | null,
  choose: (value: T) => void,
): Card[] {
  return options.map((option) => ({
    ...option,
    checked: selected === option.value,
    onChange: () => choose(option.value),
  }));
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

/** What choice step `step` shows for this state; its cards dispatch the visitor's choices. */
export function choiceStep(
  step: ChoiceStepNumber,
  state: QuoteState,
  dispatch: Dispatch<QuoteAction>,
): ChoiceStep {
  switch (step) {
    case 1:
      return {
        title: "How many window panes does your property have?",
        intro: "Count each separate pane of glass. A close estimate is fine.",
        type: "radio",
        name: "paneCount",
        columns: "sm:grid-cols-2",
        cards: oneOf(PANE_OPTIONS, state.paneCount, (paneCount) =>
          dispatch({ type: "choosePanes", paneCount }),
        ),
      };
    case 2:
      return {
        title: "Choose your service plan",
        intro: `Plans save on your first visit and take ${FUTURE_VISIT_DISCOUNT_PERCENT}% off every visit after it.`,
        type: "radio",
        name: "frequency",
        columns: "sm:grid-cols-2",
        cards: oneOf(PLAN_CARDS, state.frequency, (frequency) =>
          dispatch({ type: "choosePlan", frequency }),
        ),
      };
    case 3:
      return {
        title: "Add extra services",
        intro: "Optional: choose any you would like, or none.",
        type: "checkbox",
        name: "addOns",
        columns: "",
        cards: ADD_ONS.map((addOn) => ({
          value: addOn.id,
          title: addOn.label,
          description: addOn.description,
          aside: `+${formatUsd(addOn.price)}`,
          checked: state.addOns[addOn.id],
          onChange: (on) => dispatch({ type: "toggleAddOn", id: addOn.id, on }),
        })),
      };
    case 5:
      return {
        title: "Is this a post-construction clean?",
        intro:
          "New builds and renovations leave paint, stickers and dust on the glass that need extra care.",
        type: "radio",
        name: "isPostConstruction",
        columns: "sm:grid-cols-2",
        cards: oneOf(POST_CONSTRUCTION_CARDS, state.isPostConstruction, (answer) =>
          dispatch({ type: "answerPostConstruction", answer }),
        ),
      };
    case 6:
      return {
        title: "How many stories is the building?",
        type: "radio",
        name: "stories",
        columns: "grid-cols-2 sm:grid-cols-4",
        continueLabel: "See My Price",
        cards: oneOf(STORY_CARDS, state.stories, (stories) =>
          dispatch({ type: "chooseStories", stories }),
        ),
      };
  }
}

/**
 * A step's cards. Keyed by position, not by value: going from one step to the next, the cards
 * already on screen are updated in place rather than rebuilt (docs/performance.md, "What keeps a tap short").
 */
export function ChoiceList({ step }: { step: ChoiceStep }) {
  return (
    <div className={`grid gap-3 ${step.columns}`}>
      {step.cards.map((card, position) => (
        <ChoiceCard
          key={position}
          type={step.type}
          name={step.type === "radio" ? step.name : `${step.name}.${card.value}`}
          value={step.type === "radio" ? card.value : "yes"}
          checked={card.checked}
          onChange={card.onChange}
          title={card.title}
          description={card.description}
          aside={card.aside}
          badge={card.badge}
        />
      ))}
    </div>
  );
}
