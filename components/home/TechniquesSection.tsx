import { Section } from "@/components/ui/Section";
import { TECHNIQUES } from "@/content/techniques";
import { TechniqueIcon } from "./TechniqueIcon";

export function TechniquesSection() {
  return (
    <Section
      id="process"
      eyebrow="Our Way"
      title="How we get your glass this clear"
      intro="Four professional techniques, matched to each window, for glass that stays clear longer."
      tone="tint"
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TECHNIQUES.map((technique, index) => (
          <li
            key={technique.id}
            className="relative rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-900/10"
          >
            <span
              className="absolute top-6 right-6 text-sm font-bold text-brand-700"
              aria-hidden="true"
            >
              {String(index + 1).padStart(2, "0")}
            </span>
            <span className="flex size-14 items-center justify-center rounded-2xl bg-sun-300/60 text-brand-900">
              <TechniqueIcon id={technique.id} className="size-10" />
            </span>
            <h3 className="mt-5 text-lg font-bold text-brand-900">{technique.title}</h3>
            <p className="mt-3 text-slate-600">{technique.summary}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
