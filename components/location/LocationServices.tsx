import { Building2, Check, House } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { Section } from "@/components/ui/Section";
import type { Location } from "@/content/locations";
import { SERVICE_INTROS } from "@/content/location-page";
import { SERVICES } from "@/content/services";

const SHOWN = [
  { id: "residential", icon: House },
  { id: "commercial", icon: Building2 },
] as const;

/** The residential and the commercial services, as on the home page (docs/pages.md, "City pages"). */
export function LocationServices({ location }: { location: Location }) {
  return (
    <Section
      id="services"
      eyebrow="Services"
      title={`Window cleaning services in ${location.name}`}
      tone="tint"
    >
      <div className="grid gap-6 md:grid-cols-2">
        {SHOWN.map(({ id, icon }) => {
          const service = SERVICES.find((candidate) => candidate.id === id);
          if (!service) return null;
          return (
            <div key={id} className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-100">
              <Icon icon={icon} className="size-9 text-brand-700" />
              <h3 className="mt-4 text-2xl font-bold text-brand-900">{service.title}</h3>
              <p className="mt-2 text-slate-700">{SERVICE_INTROS[id](location.name)}</p>
              <ul className="mt-5 space-y-3">
                {service.points.map((point) => (
                  <li key={point} className="flex gap-3 text-slate-800">
                    <Icon icon={Check} className="mt-0.5 size-5 shrink-0 text-brand-600" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </Section>
  );
}
