import { Building2, Droplets, House } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { CheckList } from "@/components/ui/CheckList";
import { Section } from "@/components/ui/Section";
import { QUOTE_LINK } from "@/content/navigation";
import { SERVICES, type Service } from "@/content/services";

const ICONS = {
  residential: House,
  commercial: Building2,
  "hard-water": Droplets,
} satisfies Record<Service["id"], unknown>;

export function ServicesSection() {
  return (
    <Section
      id="services"
      eyebrow="Services"
      title="Window cleaning for homes and businesses"
      intro="Licensed and insured professionals, careful with your property and obsessive about streaks."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {SERVICES.map((service) => {
          const icon = ICONS[service.id];
          return (
            <li
              key={service.id}
              className="flex flex-col rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-900/10"
            >
              <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                <Icon icon={icon} className="size-7" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-brand-900">{service.title}</h3>
              <p className="mt-3 text-slate-600">{service.summary}</p>
              <CheckList items={service.points} className="mt-5 space-y-2" />
            </li>
          );
        })}
      </ul>
      <div className="mt-10 text-center">
        <ButtonLink href={QUOTE_LINK.href} variant="secondary">
          Get a free quote
        </ButtonLink>
      </div>
    </Section>
  );
}
