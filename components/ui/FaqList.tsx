import { ChevronDown } from "lucide";
import { Icon } from "@/components/ui/Icon";
import type { Faq } from "@/content/faqs";

/** Q&As as native disclosures: keyboard and screen-reader operable with no JavaScript. */
export function FaqList({ faqs, className = "" }: { faqs: readonly Faq[]; className?: string }) {
  return (
    <div
      className={`divide-y divide-slate-200 rounded-3xl bg-white ring-1 ring-slate-900/10 ${className}`}
    >
      {faqs.map((faq) => (
        <details key={faq.question} className="group px-6">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-semibold text-brand-900 [&::-webkit-details-marker]:hidden">
            {faq.question}
            <Icon
              icon={ChevronDown}
              className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="pb-5 text-slate-700">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
