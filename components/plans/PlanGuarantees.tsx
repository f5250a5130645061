import { Section } from "@/components/ui/Section";
import { PLAN_GUARANTEES } from "@/content/plan-pages";
import { InfoCardGrid } from "./InfoCardGrid";

export function PlanGuarantees() {
  return (
    <Section
      id="guarantee"
      eyebrow="Our guarantee"
      title="Clean windows, or we make it right"
      tone="tint"
    >
      <InfoCardGrid cards={PLAN_GUARANTEES} />
    </Section>
  );
}
