import { Section } from "@/components/ui/Section";
import { GUARANTEES } from "@/content/guarantees";
import { InfoCardGrid } from "./InfoCardGrid";

const cards = GUARANTEES.map((guarantee) => ({
  when: guarantee.term,
  title: guarantee.title,
  body: guarantee.summary,
}));

export function PlanGuarantees() {
  return (
    <Section
      id="guarantee"
      eyebrow="Our guarantee"
      title="Clean windows, or we make it right"
      tone="tint"
    >
      <InfoCardGrid cards={cards} />
    </Section>
  );
}
