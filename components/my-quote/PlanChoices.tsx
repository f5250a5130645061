import {
  ADD_ONS,
  firstVisitSaving,
  formatUsd,
  type Frequency,
  type PaneRange,
} from "@shared/content/pricing";
import { PLAN_OPTIONS } from "@/lib/quote/labels";
import type { PriceSheet } from "@shared/quote/locked-price";
import { addOnPrice, planPrice, type AddOnSelection } from "@shared/quote/pricing";
import { ChoiceCard } from "@/components/quote/ChoiceCard";
import type { SelectionChange } from "./selection";

type PlanChoicesProps = {
  paneCount: PaneRange;
  frequency: Frequency;
  addOns: AddOnSelection;
  /** The prices the quote is held to: every card's. */
  sheet: PriceSheet;
  /** The one thing a tap changed. */
  onChange: (change: SelectionChange) => void;
};

const LEGEND = "text-lg font-bold text-brand-900";

/** The plan and add-ons, switched in place; each change is priced at once and saved (docs/pages.md, "Saved quote"). */
export function PlanChoices({ paneCount, frequency, addOns, sheet, onChange }: PlanChoicesProps) {
  const price = planPrice(sheet);
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className={LEGEND}>Your plan</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {PLAN_OPTIONS.map((plan) => {
            const saving = firstVisitSaving(paneCount, plan.frequency, price);
            return (
              <ChoiceCard
                key={plan.frequency}
                type="radio"
                name="saved-quote-plan"
                value={plan.frequency}
                checked={frequency === plan.frequency}
                onChange={() => onChange({ frequency: plan.frequency })}
                title={plan.name}
                description={
                  saving > 0 ? `Save ${formatUsd(saving)} on the first visit` : plan.details[0]
                }
                aside={formatUsd(price(paneCount, plan.frequency))}
              />
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend className={LEGEND}>Add-ons</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {ADD_ONS.map((addOn) => (
            <ChoiceCard
              key={addOn.id}
              type="checkbox"
              name="saved-quote-add-ons"
              value={addOn.id}
              checked={addOns[addOn.id]}
              onChange={(checked) => onChange({ addOns: { [addOn.id]: checked } })}
              title={addOn.label}
              description={addOn.description}
              aside={`+${formatUsd(addOnPrice(addOn, sheet))}`}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
