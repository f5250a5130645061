import type { ReactNode } from "react";
import { Container } from "@/components/ui/Container";
import { PageTitle } from "@/components/ui/PageTitle";
import { CITY_COUNT, SERVICE_AREA_LABEL, SERVICE_COUNTIES_LABEL } from "@/content/locations";
import { LOCATIONS_LINK } from "@/content/navigation";
import { SERVICE_AREA_PAGE } from "@/content/service-area-page";
import { SITE, TEL_HREF } from "@/content/site";
import { serviceCircle } from "@/lib/geo/service-circle";
import {
  cityCoverageProblems,
  NEAR_TOWN_MILES,
  servedZips,
  servedZipsByTown,
} from "@/lib/service-area/lookup";
import { zipDataSource } from "@/lib/service-area/zip-data";
import { Corrections } from "./Corrections";

/** A town's name as an id: "Land O' Lakes" → "land-o-lakes". */
const townId = (town: string) =>
  town
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

/**
 * /service-area (docs/pages.md, "Service area"): every ZIP code we serve under the town it belongs to,
 * prerendered, so a visitor without JavaScript finds the answer too (the communities' own pages are
 * listed once, on /locations, linked here); `answer`, one ZIP code's
 * answer above it (`/service-area?zip=`). The build fails if the rule
 * leaves a city of ours unserved (docs/decisions.md, "Service area by ZIP code").
 */
export function ServedZipList({ answer }: { answer?: ReactNode }) {
  const problems = cityCoverageProblems();
  if (problems.length > 0) {
    throw new Error(`The ZIP rule does not serve every city:\n  ${problems.join("\n  ")}`);
  }
  const groups = servedZipsByTown();
  const { radiusMeters, radiusMiles } = serviceCircle();
  const source = zipDataSource();
  return (
    <>
      <div className="bg-brand-50 py-14 sm:py-20">
        <Container>
          {answer}
          <PageTitle
            eyebrow={SERVICE_AREA_PAGE.eyebrow}
            title={SERVICE_AREA_PAGE.title}
            // Under an answer, which is the page's heading, the list's title is the next level.
            as={answer ? "h2" : "h1"}
          />
          <p className="mt-5 max-w-3xl text-lg text-pretty text-slate-700">
            We clean windows in {servedZips().length} ZIP codes of {SERVICE_COUNTIES_LABEL}: every
            ZIP code within {Math.round(radiusMiles)} miles ({radiusMeters / 1000} km) of the middle
            of our {CITY_COUNT} communities, and every ZIP code of their towns beyond that. Find
            yours below, under its town; a town of ours that no ZIP code is named after shows the
            ZIP codes within {NEAR_TOWN_MILES} miles of it in a straight line, each with its own
            town. Not listed?{" "}
            <a href={TEL_HREF} className={linkClass}>
              Call {SITE.phone.display}
            </a>
            : we may still come, and we will tell you. Looking for your community&rsquo;s page? See{" "}
            <a href={LOCATIONS_LINK.href} className={linkClass}>
              {`all ${SERVICE_AREA_LABEL}, by county`}
            </a>
            .
          </p>
        </Container>
      </div>
      <Container className="py-14 sm:py-20">
        <div className="grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map(({ town, zips }) => {
            const headingId = `zips-${townId(town)}`;
            return (
              <section key={town} aria-labelledby={headingId}>
                <h2
                  id={headingId}
                  className="border-b border-brand-100 pb-2 text-lg font-semibold text-brand-900"
                >
                  {town}
                </h2>
                <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-slate-800">
                  {zips.map(({ zip, town: zipTown, own }) => (
                    <li key={zip} id={own ? `zip-${zip}` : undefined}>
                      <span className="font-semibold tabular-nums">{zip}</span>
                      {own ? null : <span className="text-slate-700"> {zipTown}</span>}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
        <p className="mt-12 text-sm text-slate-700">
          ZIP code towns and locations:{" "}
          <a href={source.dataUrl} className={linkClass}>
            {source.data}
          </a>{" "}
          (
          <a href={source.licenceUrl} className={linkClass}>
            {source.licence}
          </a>
          ), from the {source.packageName} package, version {source.version}
          <Corrections sources={source.corrections} className={linkClass} />.
        </p>
      </Container>
    </>
  );
}
