import { CloudRain, Droplets, ShieldCheck } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { Section } from "@/components/ui/Section";
import { GUARANTEES, type Guarantee } from "@/content/guarantees";
import { FaqList } from "@/components/ui/FaqList";
import { HOME_FAQS } from "@/content/faqs";

const ICONS = {
  satisfaction: ShieldCheck,
  rain: CloudRain,
  "hard-water": Droplets,
} satisfies Record<Guarantee["id"], unknown>;

export function GuaranteeSection() {
  return (
    <Section
      id="guarantee"
      eyebrow="Our guarantee"
      title="Clean windows, guaranteed"
      intro="Clear promises on every visit, and extra peace of mind for maintenance plan members."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {GUARANTEES.map((guarantee) => {
          const icon = ICONS[guarantee.id];
          return (
            <li
              key={guarantee.id}
              className="flex flex-col rounded-3xl border-t-4 border-sun-400 bg-brand-50 p-7 ring-1 ring-brand-100"
            >
              <Icon icon={icon} className="size-9 text-brand-700" />
              <h3 className="mt-4 text-xl font-bold text-brand-900">{guarantee.title}</h3>
              <p className="mt-3 flex-1 text-slate-700">{guarantee.summary}</p>
              <p className="mt-5 text-sm font-semibold text-brand-700">{guarantee.term}</p>
            </li>
          );
        })}
      </ul>
      <div className="mx-auto mt-16 max-w-3xl">
        <h3 className="text-center text-2xl font-bold tracking-tight text-brand-900">
          Frequently asked questions
        </h3>
        <FaqList faqs={HOME_FAQS} className="mt-6" />
      </div>
    </Section>
  );
}
