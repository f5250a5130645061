import type { ReactNode, Ref } from "react";
import {
  ADD_ONS,
  type Frequency,
  type PaneRange,
  firstVisitSaving,
  formatUsd,
} from "@shared/content/pricing";
import {
  ESTIMATE_NOTE,
  FUTURE_VISITS_BANNER,
  PLAN_OPTIONS,
  paneRangeLabel,
  storiesLabel,
} from "@/lib/quote/labels";
import { quoteTotal, type AddOnSelection } from "@shared/quote/pricing";
import type { Stories } from "@shared/quote/choices";
import { CustomQuoteNotice, PriceBreakdown } from "./QuoteParts";
import { SaveQuote } from "./SaveQuote";
import { buttonClasses } from "./StepFrame";

type QuoteResultProps = {
  paneCount: PaneRange;
  frequency: Frequency;
  addOns: AddOnSelection;
  stories: Stories;
  isPostConstruction: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  savingsRef: Ref<HTMLDivElement>;
  /** The itemised price, brought into view with the savings after a plan switch. */
  priceRef: Ref<HTMLDivElement>;
  onSwitchPlan: (frequency: Frequency) => void;
  onReset: () => void;
  /** The link to the lead's own page, when the server gave one. */
  quoteUrl: string | null;
  /** That link is on its way by e-mail too. */
  linkEmailed: boolean;
  /** Where the updates sent from here stand (StatusNote.tsx), shown under the price or summary. */
  updateNote: ReactNode;
};

const HEADING = "text-2xl font-bold text-brand-900 focus:outline-none sm:text-3xl";

/** The result view (docs/calculator.md, "Result view"): a custom-quote notice after "yes", else the itemised first-visit price. */
export function QuoteResult({ isPostConstruction, ...props }: QuoteResultProps) {
  const { paneCount, stories, headingRef, onReset, quoteUrl, linkEmailed } = props;
  const resetButton = (
    <>
      {quoteUrl ? (
        <SaveQuote url={quoteUrl} emailed={linkEmailed} priced={!isPostConstruction} />
      ) : null}
      <button
        type="button"
        onClick={onReset}
        className={`${buttonClasses.secondary} mt-8 w-full sm:w-auto`}
      >
        Get Another Quote
      </button>
    </>
  );
  if (isPostConstruction) {
    return (
      <div>
        <h3 ref={headingRef} tabIndex={-1} className={HEADING}>
          Request Received!
        </h3>
        <CustomQuoteNotice />
        <dl className="mt-6 grid gap-3 sm:grid-cols-3">
          {[
            ["Panes", paneRangeLabel(paneCount)],
            ["Stories", storiesLabel(stories)],
            ["Type", "Post-construction"],
          ].map(([term, value]) => (
            <div key={term} className="rounded-xl bg-white p-4 ring-1 ring-slate-900/10">
              <dt className="text-sm text-slate-600">{term}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {props.updateNote}
        {resetButton}
      </div>
    );
  }
  return <PricedResult {...props} isPostConstruction={false} resetButton={resetButton} />;
}

function PricedResult({
  paneCount,
  frequency,
  addOns,
  headingRef,
  savingsRef,
  priceRef,
  onSwitchPlan,
  updateNote,
  resetButton,
}: QuoteResultProps & { resetButton: ReactNode }) {
  const notChosen = ADD_ONS.filter((addOn) => !addOns[addOn.id]);
  const saving = firstVisitSaving(paneCount, frequency);
  return (
    <div>
      <h3 ref={headingRef} tabIndex={-1} className={HEADING}>
        Your Custom Quote
      </h3>
      <div
        ref={priceRef}
        aria-live="polite"
        className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-slate-900/10"
      >
        <PriceBreakdown
          paneCount={paneCount}
          frequency={frequency}
          addOns={addOns}
          total={quoteTotal(paneCount, frequency, addOns)}
          totalTestId="quote-total"
        />
      </div>
      {updateNote}

      <div
        ref={savingsRef}
        tabIndex={-1}
        className="mt-6 rounded-2xl bg-sun-300/60 p-5 focus:outline-none"
      >
        {frequency === "initial" ? (
          <>
            <p className="text-xl font-extrabold tracking-wide text-slate-900">
              WAIT! YOU COULD SAVE!
            </p>
            <p className="mt-1 text-slate-800">
              Choose a plan for this visit and {FUTURE_VISITS_BANNER.toLowerCase()}:
            </p>
            <div className="mt-4 grid gap-3 sm:grid-cols-3">
              {PLAN_OPTIONS.filter((plan) => plan.frequency !== "initial").map((plan) => (
                <button
                  key={plan.frequency}
                  type="button"
                  onClick={() => onSwitchPlan(plan.frequency)}
                  className="inline-flex min-h-11 flex-col items-center justify-center rounded-2xl bg-white px-4 py-3 font-semibold text-slate-900 ring-1 ring-slate-900/10 hover:bg-brand-50"
                >
                  <span>{plan.name}</span>
                  <span className="text-sm font-medium text-slate-700">
                    Save {formatUsd(firstVisitSaving(paneCount, plan.frequency))}
                  </span>
                </button>
              ))}
            </div>
          </>
        ) : (
          <>
            <p className="text-xl font-extrabold text-slate-900">
              You save {formatUsd(saving)} on your first visit
            </p>
            <p className="mt-1 text-slate-800">
              Compared with a one-time clean of the same windows and extras (
              {formatUsd(quoteTotal(paneCount, "initial", addOns))}), plus{" "}
              <strong>{FUTURE_VISITS_BANNER}</strong>.
            </p>
          </>
        )}
      </div>

      {notChosen.length > 0 ? (
        <div className="mt-6">
          <p className="font-semibold text-slate-900">Also available:</p>
          <ul className="mt-2 space-y-1 text-slate-700">
            {notChosen.map((addOn) => (
              <li key={addOn.id}>
                {addOn.label} (+{formatUsd(addOn.price)})
              </li>
            ))}
          </ul>
          <p className="mt-2 font-medium text-brand-800">Mention these when we contact you!</p>
        </div>
      ) : null}

      <p className="mt-6 text-sm text-slate-600">{ESTIMATE_NOTE}</p>
      {resetButton}
    </div>
  );
}
