import { formatUsd, planDiscount } from "@shared/content/pricing";
import { Check } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { Section } from "@/components/ui/Section";
import { PLAN_SHARED_BENEFITS, PLANS, maxYearlySavingUsd, type Plan } from "@/content/plans";
import type { PlanFrequency } from "@shared/content/pricing";
import { planPagePath } from "@/lib/plans/plan-page";

type Row = { label: string; value: (plan: Plan) => string };

const ROWS: readonly Row[] = [
  { label: "First visit", value: (plan) => `${formatUsd(planDiscount(plan.frequency))} off` },
  { label: "Schedule", value: (plan) => plan.cadence },
  { label: "Cleanings a year", value: (plan) => String(plan.cleaningsPerYear) },
  { label: "Saved a year", value: (plan) => `Up to ${maxYearlySavingUsd(plan)}` },
  { label: "Also included", value: (plan) => plan.features.join(", ") },
];

/** The three plans side by side, from the same PLANS data the home page's pricing section reads. */
export function PlanComparison({ current }: { current: PlanFrequency }) {
  return (
    <Section id="compare" eyebrow="Compare plans" title="Find the plan that fits your home">
      <div className="relative overflow-x-auto rounded-2xl border border-slate-200">
        <table className="w-full text-left text-sm sm:text-base">
          <caption className="sr-only">The three membership plans compared</caption>
          <thead>
            <tr className="bg-brand-50">
              <td className="p-2 sm:p-4" />
              {PLANS.map((plan) => (
                <th
                  key={plan.frequency}
                  scope="col"
                  className={`p-2 sm:p-4 align-bottom ${plan.frequency === current ? "bg-brand-100" : ""}`}
                >
                  {plan.isPopular ? (
                    <span className="mb-1 block text-xs font-semibold tracking-wide text-brand-800 uppercase">
                      Most Popular
                    </span>
                  ) : null}
                  <a
                    href={planPagePath(plan)}
                    aria-current={plan.frequency === current ? "page" : undefined}
                    className="inline-flex min-h-11 items-center text-base font-bold text-brand-800 sm:text-lg underline-offset-4 hover:underline"
                  >
                    {plan.name}
                  </a>
                  {plan.frequency === current ? (
                    <span className="block text-sm font-normal text-slate-600">This plan</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label} className="border-t border-slate-200">
                <th scope="row" className="p-2 font-medium sm:p-4 text-slate-700">
                  {row.label}
                </th>
                {PLANS.map((plan) => (
                  <td
                    key={plan.frequency}
                    className={`p-2 sm:p-4 text-slate-900 ${plan.frequency === current ? "bg-brand-50 font-semibold" : ""}`}
                  >
                    {row.value(plan)}
                  </td>
                ))}
              </tr>
            ))}
            {PLAN_SHARED_BENEFITS.map((benefit) => (
              <tr key={benefit} className="border-t border-slate-200">
                <th scope="row" className="p-2 font-medium sm:p-4 text-slate-700">
                  {benefit}
                </th>
                {PLANS.map((plan) => (
                  <td
                    key={plan.frequency}
                    className={`p-2 sm:p-4 ${plan.frequency === current ? "bg-brand-50" : ""}`}
                  >
                    <Icon icon={Check} className="size-5 text-brand-700" />
                    <span className="sr-only">Included</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
