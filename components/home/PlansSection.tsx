import { ButtonLink } from "@/components/ui/ButtonLink";
import { CheckList } from "@/components/ui/CheckList";
import { Section } from "@/components/ui/Section";
import { PLANS, PLAN_SHARED_BENEFITS } from "@/content/plans";
import { FUTURE_VISIT_DISCOUNT_PERCENT, formatUsd, planDiscount } from "@shared/content/pricing";
import { firstVisitPriceRange } from "@/lib/plans/plan-page";

export function PlansSection() {
  return (
    <Section
      id="pricing"
      eyebrow="Maintenance plans"
      title="Save on every visit with a membership plan"
      intro={`Lock in a discount on your first visit, ${FUTURE_VISIT_DISCOUNT_PERCENT}% off every visit after it, and our plan-only guarantees.`}
      tone="tint"
    >
      <ul className="grid items-start gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <li
            key={plan.slug}
            className={`relative flex h-full flex-col rounded-3xl bg-white p-7 shadow-sm ${
              plan.isPopular ? "ring-3 ring-sun-400 lg:-my-3 lg:py-10" : "ring-1 ring-slate-900/10"
            }`}
          >
            {plan.isPopular ? (
              <p className="absolute -top-4 left-1/2 -translate-x-1/2 rounded-full bg-sun-400 px-4 py-1 text-sm font-bold whitespace-nowrap text-slate-900">
                Most Popular
              </p>
            ) : null}
            <h3 className="text-2xl font-bold text-brand-900">{plan.name}</h3>
            <p className="mt-1 text-sm font-medium text-slate-600">
              {plan.cadence} · {plan.cleaningsPerYear} cleanings a year
            </p>
            <p className="mt-6">
              <span className="text-4xl font-extrabold text-brand-800">
                {formatUsd(planDiscount(plan.frequency))} off
              </span>
              <span className="block text-sm text-slate-600">
                your first visit · from {formatUsd(firstVisitPriceRange(plan).min)}
              </span>
            </p>
            <p className="mt-5 text-slate-700">{plan.description}</p>
            <CheckList
              items={[...plan.features, ...PLAN_SHARED_BENEFITS]}
              className="mt-6 flex-1 space-y-3"
            />
            <ButtonLink
              href={`/${plan.slug}`}
              variant={plan.isPopular ? "primary" : "secondary"}
              className="mt-8"
            >
              Explore the {plan.name} plan
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
