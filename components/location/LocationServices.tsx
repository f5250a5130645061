import { ArrowRight, Building2, House } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { Section } from "@/components/ui/Section";
import type { Location } from "@/content/locations";
import { SERVICES } from "@/content/services";

/** What a city page leaves to the home page: every service's points, and the guarantees. */
const MORE = [
  { href: "/#services", label: "What each service includes" },
  { href: "/#guarantee", label: "Our guarantees" },
] as const;

/**
 * The residential and the commercial service by name (a town of homes says where its businesses
 * are); what each includes is the home page's, one link away (docs/pages.md, "City pages").
 */
export function LocationServices({
  location,
  business,
}: {
  location: Location;
  business: string | undefined;
}) {
  const lines: Partial<Record<(typeof SERVICES)[number]["id"], string>> = { commercial: business };
  const shown = [
    { id: "residential", icon: House },
    { id: "commercial", icon: Building2 },
  ] as const;
  return (
    <Section id="services" title={`Window cleaning services in ${location.name}`} tone="tint">
      <div className="grid gap-6 md:grid-cols-2">
        {shown.map(({ id, icon }) => {
          const service = SERVICES.find((candidate) => candidate.id === id);
          if (!service) return null;
          return (
            <div key={id} className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-100">
              <Icon icon={icon} className="size-9 text-brand-700" />
              <h3 className="mt-4 text-2xl font-bold text-brand-900">{service.title}</h3>
              {lines[id] ? <p className="mt-2 text-slate-700">{lines[id]}</p> : null}
            </div>
          );
        })}
      </div>
      <ul className="mt-6 flex flex-wrap justify-center gap-x-8">
        {MORE.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4"
            >
              {link.label}
              <Icon icon={ArrowRight} className="size-4" />
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
