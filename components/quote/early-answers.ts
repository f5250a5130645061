import { choiceStep } from "./ChoiceSteps";
import { CONTINUED_EARLY_ATTRIBUTE } from "./EarlyContinue";
import type { QuoteAction, QuoteState } from "./quote-state";

/**
 * What the visitor chose in the server-rendered step before the scripts arrived, as the actions
 * that give it to a calculator in `state` (docs/calculator.md, "Before the scripts arrive"). React
 * keeps a control's state through hydration but resets it at the next render to what its state
 * says, which undid such a tap; the calculator adopts these instead, before it renders again.
 */
export function earlyAnswers(form: HTMLFormElement | null, state: QuoteState): QuoteAction[] {
  if (!form || state.step === 4 || state.step === "result") return [];
  const actions: QuoteAction[] = [];
  const step = choiceStep(state.step, state, (action) => actions.push(action));
  const inputs = form.querySelectorAll<HTMLInputElement>(`input[type="${step.type}"]`);
  step.cards.forEach((card, position) => {
    const input = inputs[position];
    if (!input || input.checked === card.checked) return;
    // A radio is answered by the one checked; a checkbox both ways.
    if (input.checked || step.type === "checkbox") card.onChange(input.checked);
  });
  // Continue pressed then too (EarlyContinue.tsx): it moves on, once the step allows it.
  if (form.hasAttribute(CONTINUED_EARLY_ATTRIBUTE)) actions.push({ type: "next" });
  return actions;
}
