import { ADD_ONS, formatUsd, type Frequency, type PaneRange } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import { paneRangeLabel, planName } from "@/lib/quote/labels";
import type { PriceSheet } from "@shared/quote/locked-price";
import { addOnPrice, planPrice, type AddOnSelection } from "@shared/quote/pricing";

/**
 * What the calculator's result view and the saved-quote page show alike (docs/calculator.md,
 * "Result view"; docs/pages.md, "Saved quote"): the price, or the notice that stands for it.
 */

/**
 * The first visit's itemised price: the plan for the pane range, each chosen add-on and the total;
 * each line from `sheet`, a saved quote's held prices, when given (docs/pricing.md, "Price lock").
 */
export function PriceBreakdown({
  paneCount,
  frequency,
  addOns,
  total,
  totalTestId,
  sheet,
}: {
  paneCount: PaneRange;
  frequency: Frequency;
  addOns: AddOnSelection;
  total: number;
  totalTestId: string;
  sheet?: PriceSheet;
}) {
  const chosen = ADD_ONS.filter((addOn) => addOns[addOn.id]);
  return (
    <>
      <p className="text-sm text-slate-600">First visit, {paneRangeLabel(paneCount)}</p>
      <ul className="mt-3 divide-y divide-slate-100">
        <li className="flex justify-between gap-4 py-2">
          <span>{planName(frequency)}</span>
          <span className="font-semibold">{formatUsd(planPrice(sheet)(paneCount, frequency))}</span>
        </li>
        {chosen.map((addOn) => (
          <li key={addOn.id} className="flex justify-between gap-4 py-2">
            <span>{addOn.label}</span>
            <span className="font-semibold">+{formatUsd(addOnPrice(addOn, sheet))}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex items-baseline justify-between gap-4 border-t-2 border-slate-900 pt-3">
        <span className="text-lg font-bold">Total</span>
        <span data-testid={totalTestId} className="text-3xl font-extrabold text-brand-800">
          {formatUsd(total)}
        </span>
      </p>
    </>
  );
}

/** What stands for the price after "yes, post-construction": the team quotes it by hand. */
export function CustomQuoteNotice() {
  return (
    <div className="mt-6 rounded-2xl bg-sun-300/60 p-5">
      <p className="text-lg font-bold text-slate-900">Custom Quote Required</p>
      <p className="mt-1 text-slate-800">
        Post-construction cleaning needs a closer look, so our team will reach out within{" "}
        {SITE.responseHours} hours with your custom quote.
      </p>
    </div>
  );
}
