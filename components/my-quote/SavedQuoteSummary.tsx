import { formatUsd, type Frequency } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import { CustomQuoteNotice, PriceBreakdown } from "@/components/quote/QuoteParts";
import { FUTURE_VISITS_BANNER, paneRangeLabel, storiesLabel } from "@/lib/quote/labels";
import type { AddOnSelection } from "@shared/quote/pricing";
import type { SavedQuote } from "@/lib/quote/saved-quote";
import { formatCalendarDate } from "@/lib/quote/visit-window";

type SavedQuoteSummaryProps = {
  quote: SavedQuote;
  /** The plan and add-ons shown: the visitor's latest choice, which the server may still be pricing. */
  frequency: Frequency;
  addOns: AddOnSelection;
  total: number;
  saving: number;
};

function requestDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: SITE.timeZone,
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(new Date(iso));
}

/** The quote as it stands (docs/pages.md, "Saved quote"): who and where, the answers, the price. */
export function SavedQuoteSummary({
  quote,
  frequency,
  addOns,
  total,
  saving,
}: SavedQuoteSummaryProps) {
  const details: [string, string][] = [
    ["Address", quote.address],
    ["Email", quote.email],
    ["Phone", quote.phone],
    ["Panes", paneRangeLabel(quote.paneCount)],
    ["Stories", quote.stories ? storiesLabel(quote.stories) : "Not answered yet"],
    ["Requested", requestDate(quote.requestedAt)],
  ];
  return (
    <div>
      <h2 className="text-2xl font-bold text-brand-900">Quote for {quote.firstName}</h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {details.map(([term, value]) => (
          <div key={term} className="rounded-xl bg-white p-4 ring-1 ring-slate-900/10">
            <dt className="text-sm text-slate-600">{term}</dt>
            <dd className="font-semibold break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {quote.isPostConstruction === "yes" ? (
        <CustomQuoteNotice />
      ) : (
        <div className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-slate-900/10">
          <PriceBreakdown
            paneCount={quote.paneCount}
            frequency={frequency}
            addOns={addOns}
            total={total}
            totalTestId="saved-quote-total"
            sheet={quote.priceSheet}
          />
          {saving > 0 ? (
            <p className="mt-3 font-semibold text-slate-900">
              You save {formatUsd(saving)} on your first visit, plus {FUTURE_VISITS_BANNER}.
            </p>
          ) : null}
          <p className="mt-3 text-sm text-slate-700">
            {quote.expired ? "This price was held until" : "This price is held until"}{" "}
            <strong>{formatCalendarDate(quote.validUntil)}</strong>.
          </p>
        </div>
      )}
    </div>
  );
}
