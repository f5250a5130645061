import ChevronDown from "lucide-react/icons/chevron-down";
import { Section } from "@/components/ui/Section";
import { MONTHLY_FAQS } from "@/content/plan-pages";

/** Native disclosure widgets: keyboard and screen-reader operable with no JavaScript. */
export function MonthlyFaq() {
  return (
    <Section id="faq" eyebrow="Questions" title="Monthly plan FAQ">
      <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {MONTHLY_FAQS.map((faq) => (
          <details key={faq.question} className="group p-2">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-4 py-3 text-lg font-semibold text-slate-900 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
              {faq.question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-4 pt-1 pb-4 text-slate-700">{faq.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
