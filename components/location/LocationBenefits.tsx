import { BadgeCheck, CalendarClock, MapPin, ShieldCheck, type IconNode } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { Container } from "@/components/ui/Container";
import { LOCATION_BENEFITS, type Benefit, type NamedPlace } from "@/content/location-page";
import type { Location } from "@/content/locations";
import { benefitPlace } from "@/lib/locations/city-copy";
import { SKIP_WHEN_OFFSCREEN } from "@/components/ui/offscreen";

const ICONS: Record<Benefit["id"], IconNode> = {
  local: MapPin,
  insured: ShieldCheck,
  scheduling: CalendarClock,
  guarantee: BadgeCheck,
};

/** The four benefit blocks of a city page (docs/pages.md, "City pages"). */
export function LocationBenefits({
  location,
  neighbours,
  countyExceptions,
}: {
  location: Location;
  neighbours: readonly NamedPlace[];
  countyExceptions: readonly string[];
}) {
  const place = benefitPlace(location, { localNeighbours: neighbours, countyExceptions });
  return (
    <section
      aria-label={`Why ${location.name} chooses us`}
      className={`bg-white py-12 sm:py-16 ${SKIP_WHEN_OFFSCREEN}`}
    >
      <Container>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {LOCATION_BENEFITS.map((benefit) => {
            const icon = ICONS[benefit.id];
            return (
              <li key={benefit.id} className="rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100">
                <Icon icon={icon} className="size-8 text-brand-700" />
                <h2 className="mt-4 text-lg font-bold text-brand-900">{benefit.title}</h2>
                <p className="mt-2 text-slate-700">{benefit.text(place)}</p>
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}
