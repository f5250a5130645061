import MapPin from "lucide-react/icons/map-pin";
import { ServiceAreaMap } from "@/components/location/ServiceAreaMap";
import { Section } from "@/components/ui/Section";
import {
  LOCATIONS,
  locationPath,
  SERVICE_AREA_LABEL,
  SERVICE_COUNTIES_LABEL,
} from "@/content/locations";

/** #locations: every service city, each linking to its own page. */
export function LocationsSection() {
  return (
    <Section
      id="locations"
      eyebrow="Service areas"
      title={`Serving ${SERVICE_AREA_LABEL}`}
      intro={`From the Gulf beaches to the inland suburbs of ${SERVICE_COUNTIES_LABEL}. Find your city for local details.`}
    >
      <div className="grid items-start gap-10 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <figure className="mx-auto w-full max-w-xs rounded-3xl bg-brand-50 p-4 ring-1 ring-brand-100 lg:max-w-none">
          <ServiceAreaMap
            label={`Map of ${SERVICE_COUNTIES_LABEL} with a dot for each of our ${SERVICE_AREA_LABEL}`}
          />
          <figcaption className="mt-3 text-sm text-slate-700">
            Every dot is a city we serve; they are all listed here.
          </figcaption>
        </figure>
        <ul className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 md:grid-cols-3">
          {LOCATIONS.map((location) => (
            <li key={location.slug}>
              <a
                href={locationPath(location)}
                className="group flex min-h-14 items-center gap-3 rounded-2xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100 transition-colors hover:bg-white hover:ring-brand-500"
              >
                <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
                <span>
                  <span className="block font-semibold text-brand-900 group-hover:underline">
                    {location.name}
                  </span>
                  <span className="block text-sm text-slate-600">{location.county} County</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
