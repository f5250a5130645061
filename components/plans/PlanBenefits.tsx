import { formatUsd, planDiscount } from "@shared/content/pricing";
import { CircleCheck } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { Section } from "@/components/ui/Section";
import { PLAN_SHARED_BENEFITS, type Plan } from "@/content/plans";

export function PlanBenefits({ plan }: { plan: Plan }) {
  const benefits = [
    `${formatUsd(planDiscount(plan.frequency))} off your first visit`,
    ...PLAN_SHARED_BENEFITS,
    ...plan.features,
  ];
  return (
    <Section
      id="benefits"
      eyebrow={`${plan.name} plan`}
      title="Everything your plan includes"
      intro={plan.description}
    >
      <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
        {benefits.map((benefit) => (
          <li
            key={benefit}
            className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-lg"
          >
            <Icon icon={CircleCheck} className="mt-0.5 size-6 shrink-0 text-brand-600" />
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
