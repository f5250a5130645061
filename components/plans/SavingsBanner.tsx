import { BadgePercent } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { Container } from "@/components/ui/Container";
import { maxYearlySavingUsd, type Plan } from "@/content/plans";
import {
  FUTURE_VISIT_DISCOUNT_PERCENT,
  PANE_RANGES,
  PRICE_TABLE,
  firstVisitSaving,
  formatUsd,
  planDiscount,
} from "@shared/content/pricing";

/** The first-visit saving, then the table it comes from: one-time price, plan price and saving per home size. */
export function SavingsBanner({ plan }: { plan: Plan }) {
  return (
    <section aria-labelledby="savings-heading" className="bg-sun-300 py-12 sm:py-16">
      <Container>
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <Icon icon={BadgePercent} className="size-12 shrink-0 text-brand-900" />
          <div>
            <h2
              id="savings-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
            >
              Save {formatUsd(planDiscount(plan.frequency))} on your first visit
            </h2>
            <p className="mt-2 text-lg text-slate-800">
              Then {FUTURE_VISIT_DISCOUNT_PERCENT}% off all future visits: {plan.cleaningsPerYear}{" "}
              cleanings a year and up to {maxYearlySavingUsd(plan)} saved a year, for the largest
              home with every add-on.
            </p>
          </div>
        </div>
        <div className="relative mt-8 overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-left text-sm sm:text-base">
            <caption className="px-4 pt-4 text-left font-semibold text-slate-900 sm:px-6">
              First-visit price by home size, {plan.name} plan
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="px-4 py-3 font-medium sm:px-6">
                  Window panes
                </th>
                <th scope="col" className="px-4 py-3 font-medium sm:px-6">
                  One-time clean
                </th>
                <th scope="col" className="px-4 py-3 font-medium sm:px-6">
                  {plan.name} plan
                </th>
                <th scope="col" className="px-4 py-3 font-medium sm:px-6">
                  You save
                </th>
              </tr>
            </thead>
            <tbody>
              {PANE_RANGES.map((range) => (
                <tr key={range.id} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-4 py-3 font-medium text-slate-900 sm:px-6">
                    {range.id}
                    <span className="block text-xs font-normal text-slate-600 sm:text-sm">
                      {range.description}
                    </span>
                  </th>
                  <td className="px-4 py-3 text-slate-700 sm:px-6">
                    {formatUsd(PRICE_TABLE[range.id].initial)}
                  </td>
                  <td className="px-4 py-3 font-semibold text-slate-900 sm:px-6">
                    {formatUsd(PRICE_TABLE[range.id][plan.frequency])}
                  </td>
                  <td className="px-4 py-3 font-semibold text-brand-800 sm:px-6">
                    {formatUsd(firstVisitSaving(range.id, plan.frequency))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Container>
    </section>
  );
}
