import { ServiceAreaMap } from "@/components/location/ServiceAreaMap";
import { locationPath, SERVICE_AREA_LABEL, SERVICE_COUNTIES_LABEL } from "@/content/locations";
import { countyCoverageText } from "@/content/location-page";
import { locationsByCounty } from "@/lib/locations/by-county";
import { unservedZipsOf } from "@/lib/service-area/lookup";

const COUNTY_GROUPS = locationsByCounty();

/**
 * Every community we serve on the map and under its county, each one tap from its own page: the
 * /locations hub and the home page's locations section. `headingLevel` is one below the page's or
 * section's own heading. `coverage`: each county's coverage sentence, said once, on the hub (the
 * home page's section stays a short list on a phone).
 */
export function CommunitiesByCounty({
  headingLevel: Heading,
  coverage = false,
}: {
  headingLevel: "h2" | "h3";
  coverage?: boolean;
}) {
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-10">
      <figure className="mx-auto w-full max-w-64 rounded-3xl bg-brand-50 p-4 ring-1 ring-brand-100 sm:max-w-xs lg:max-w-none">
        <ServiceAreaMap
          label={`Map of ${SERVICE_COUNTIES_LABEL} with a dot for each of our ${SERVICE_AREA_LABEL}`}
        />
        <figcaption className="mt-3 text-sm text-slate-700">
          Every dot is a community we serve; they are all listed here.
        </figcaption>
      </figure>
      <div className="grid gap-6">
        {COUNTY_GROUPS.map(({ county, locations }) => {
          const headingId = `locations-${county.toLowerCase()}`;
          return (
            <div key={county}>
              <Heading
                id={headingId}
                className="border-b border-brand-100 pb-2 text-lg font-semibold text-brand-900"
              >
                {county} County
              </Heading>
              {/* Said once, on the hub, not on each of the county's pages (docs/pages.md, "County-wide claims"). */}
              {coverage ? (
                <p className="mt-2 text-slate-700">
                  {countyCoverageText(
                    county,
                    unservedZipsOf(county).map((zip) => `${zip.place} (${zip.zip})`),
                  )}
                </p>
              ) : null}
              <ul
                aria-labelledby={headingId}
                className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-3 xl:grid-cols-4"
              >
                {locations.map((location) => (
                  <li key={location.slug}>
                    <a
                      href={locationPath(location)}
                      className="-mx-2 flex min-h-10 items-center rounded-lg px-2 py-1 font-medium text-brand-800 underline-offset-4 hover:bg-brand-50 hover:underline"
                    >
                      {location.name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}
