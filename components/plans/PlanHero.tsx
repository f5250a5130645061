import { formatUsd, planDiscount } from "@shared/content/pricing";
import { CallButton } from "@/components/ui/CallButton";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { Container } from "@/components/ui/Container";
import { PLAN_PAGES } from "@/content/plan-pages";
import { maxYearlySavingUsd, type Plan } from "@/content/plans";
import { planTitle } from "@/lib/plans/plan-page";

export function PlanHero({ plan }: { plan: Plan }) {
  const copy = PLAN_PAGES[plan.frequency];
  const figures = [
    { value: formatUsd(planDiscount(plan.frequency)), label: "off your first visit" },
    { value: String(plan.cleaningsPerYear), label: "cleanings a year" },
    { value: `Up to ${maxYearlySavingUsd(plan)}`, label: "saved a year" },
  ];
  return (
    <section
      aria-labelledby="plan-hero-heading"
      className="bg-gradient-to-br from-brand-900 to-brand-700 py-16 text-white sm:py-24"
    >
      <Container>
        <div className="max-w-3xl">
          <p className="flex flex-wrap items-center gap-3 text-sm font-semibold tracking-wide text-sun-300 uppercase">
            <span>{planTitle(plan)}</span>
            {plan.isPopular ? (
              <span className="rounded-full bg-sun-400 px-3 py-1 text-xs text-slate-900 normal-case">
                Most Popular
              </span>
            ) : null}
          </p>
          <h1
            id="plan-hero-heading"
            className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            {copy.headline}
          </h1>
          <p className="mt-5 text-lg text-pretty text-brand-100 sm:text-xl">{copy.intro}</p>
        </div>
        <dl className="mt-10 grid max-w-3xl grid-cols-3 gap-3 sm:gap-6">
          {figures.map((figure) => (
            <div key={figure.label} className="flex flex-col rounded-2xl bg-white/10 p-4 sm:p-5">
              <dt className="text-sm text-brand-100">{figure.label}</dt>
              <dd className="order-first text-xl font-bold text-white sm:text-3xl">
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row">
          <ButtonLink href="/#contact">Get Free Quote</ButtonLink>
          <CallButton variant="onDark" />
        </div>
      </Container>
    </section>
  );
}
