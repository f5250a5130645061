import { FaqList } from "@/components/ui/FaqList";
import { Section } from "@/components/ui/Section";
import { MONTHLY_FAQS } from "@/content/plan-pages";

export function MonthlyFaq() {
  return (
    <Section id="faq" eyebrow="Questions" title="Monthly plan FAQ">
      <FaqList faqs={MONTHLY_FAQS} className="mx-auto max-w-3xl" />
    </Section>
  );
}
