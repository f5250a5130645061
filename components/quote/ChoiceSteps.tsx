import type { Dispatch } from "react";
import {
  ADD_ONS,
  FUTURE_VISIT_DISCOUNT_PERCENT,
  PANE_RANGES,
  formatUsd,
} from "@shared/content/pricing";
import {
  PLAN_OPTIONS,
  POST_CONSTRUCTION_OPTIONS,
  STORY_OPTIONS,
  paneRangeLabel,
} from "@/lib/quote/labels";
import { ChoiceCard } from "./ChoiceCard";
import type { Choices, QuoteAction, QuoteState } from "./quote-state";

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

/** One card per option, the chosen one checked; choosing one dispatches it as the answer `name`. */
function oneOf<Name extends keyof Choices>(
  name: Name,
  options: readonly Option<Choices[Name]>[],
  state: QuoteState,
  dispatch: Dispatch<QuoteAction>,
): Card[] {
  return options.map((option) => ({
    ...option,
    checked: state[name] === option.value,
    // Exact for this Name: TypeScript cannot relate a generic Name to the union of every answer.
    onChange: () => dispatch({ type: "choose", name, value: option.value } as QuoteAction),
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

/** What each choice step asks (docs/calculator.md, "Step 1: pane count" to "Step 6: stories"). */
const QUESTIONS: Record<ChoiceStepNumber, Omit<ChoiceStep, "type" | "name" | "cards">> = {
  1: {
    title: "How many window panes?",
    intro: "Count each pane of glass; an estimate is fine.",
    columns: "sm:grid-cols-2",
  },
  2: {
    title: "Choose your service plan",
    intro: `Plans save on your first visit and take ${FUTURE_VISIT_DISCOUNT_PERCENT}% off every visit after it.`,
    columns: "sm:grid-cols-2",
  },
  3: {
    title: "Add extra services",
    intro: "Optional: choose any you would like, or none.",
    columns: "",
  },
  5: {
    title: "Is this a post-construction clean?",
    intro:
      "New builds and renovations leave paint, stickers and dust on the glass that need extra care.",
    columns: "sm:grid-cols-2",
  },
  6: {
    title: "How many stories is the building?",
    columns: "grid-cols-2 sm:grid-cols-4",
    continueLabel: "See My Price",
  },
};

/** What choice step `step` shows for this state; its cards dispatch the visitor's choices. */
export function choiceStep(
  step: ChoiceStepNumber,
  state: QuoteState,
  dispatch: Dispatch<QuoteAction>,
): ChoiceStep {
  const question = QUESTIONS[step];
  const radio = <Name extends keyof Choices>(
    name: Name,
    options: readonly Option<Choices[Name]>[],
  ): ChoiceStep => ({
    ...question,
    type: "radio",
    name,
    cards: oneOf(name, options, state, dispatch),
  });
  switch (step) {
    case 1:
      return radio("paneCount", PANE_OPTIONS);
    case 2:
      return radio("frequency", PLAN_CARDS);
    case 3:
      return {
        ...question,
        type: "checkbox",
        name: "addOns",
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
      return radio("isPostConstruction", POST_CONSTRUCTION_CARDS);
    case 6:
      return radio("stories", STORY_CARDS);
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
