import { ArrowRight } from "lucide";
import { Icon } from "@/components/ui/Icon";
import { Container } from "@/components/ui/Container";
import { NEARBY_INTRO } from "@/content/location-page";
import { CITY_COUNT, locationPath, type Location } from "@/content/locations";
import { LOCATIONS_LINK } from "@/content/navigation";
import type { CityCopy } from "@/lib/locations/city-copy";
import { ServiceAreaMap } from "./ServiceAreaMap";
import { SourceList } from "./SourceList";
import { TownQuestions } from "./TownQuestions";
import { SKIP_WHEN_OFFSCREEN } from "@/components/ui/offscreen";

/** The ids of the sources a block's figures come from, for the page's list (undefined: none). */
const sourcesOf = (block: { sources: readonly string[] }) =>
  block.sources.length > 0 ? block.sources.join(" ") : undefined;

/** The long local text (docs/pages.md, "City pages"): conditions in the city, a plan that suits them, nearby service areas. */
export function LocationDetails({ location, copy }: { location: Location; copy: CityCopy }) {
  return (
    <section
      aria-labelledby="local-heading"
      className={`bg-white py-16 sm:py-20 ${SKIP_WHEN_OFFSCREEN}`}
    >
      <Container>
        <article className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="max-w-prose">
            <h2
              id="local-heading"
              className="text-3xl font-bold tracking-tight text-balance text-brand-900"
            >
              {copy.heading}
            </h2>
            <div className="mt-6 space-y-5 text-lg text-slate-700">
              {copy.paragraphs.map((paragraph) => (
                <p key={paragraph.text} data-sources={sourcesOf(paragraph)}>
                  {paragraph.text}
                </p>
              ))}
            </div>
            <TownQuestions location={location} questions={copy.questions} sources={copy.sources} />
            <h3 className="mt-10 rounded-3xl bg-brand-50 p-6 text-xl font-bold text-brand-900 ring-1 ring-brand-100">
              Suggested for {location.name}:{" "}
              <a
                href={`/${copy.plan.slug}`}
                className="inline-flex min-h-11 items-center gap-2 text-brand-800 underline underline-offset-4"
              >
                the {copy.plan.name} plan
                <Icon icon={ArrowRight} className="size-4" />
              </a>
            </h3>
            <h3 className="mt-10 text-2xl font-bold text-brand-900">
              {location.name}&rsquo;s ZIP codes
            </h3>
            <div className="mt-2 space-y-3 text-slate-700">
              {copy.zips.map((line) => (
                <p key={line.text} data-sources={sourcesOf(line)}>
                  {line.text}
                </p>
              ))}
            </div>
            <h3 className="mt-10 text-2xl font-bold text-brand-900">Nearby service areas</h3>
            <p className="mt-2 text-slate-700">{NEARBY_INTRO}</p>
            <ul className="mt-4 grid gap-x-6 sm:grid-cols-2" data-sources="coordinates">
              {copy.nearby.map((neighbour) => (
                <li key={neighbour.location.slug}>
                  <a
                    href={locationPath(neighbour.location)}
                    className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {neighbour.location.name}
                  </a>
                  <span className="text-slate-600">
                    {" "}
                    · {neighbour.miles} mi {neighbour.direction}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-4">
              <a
                href={LOCATIONS_LINK.href}
                className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
              >
                All {CITY_COUNT} service cities
              </a>
            </p>
          </div>
          <aside aria-labelledby="glance-heading" className="space-y-6">
            <h3 id="glance-heading" className="text-xl font-bold text-brand-900">
              {location.name} at a glance
            </h3>
            <figure className="rounded-3xl bg-brand-100/60 p-4">
              <ServiceAreaMap
                current={location.slug}
                nearby={copy.nearby.map((neighbour) => neighbour.location.slug)}
                label={`Map of the service area around ${location.name}`}
              />
              <figcaption className="mt-3 text-sm text-slate-700">
                {location.name} in yellow, the nearby service cities above in blue.
              </figcaption>
            </figure>
            <dl className="divide-y divide-brand-100 rounded-3xl bg-brand-50 px-5 ring-1 ring-brand-100">
              {copy.facts.map((fact) => (
                <div key={fact.label} className="py-3" data-sources={sourcesOf(fact)}>
                  <dt className="text-sm font-semibold text-brand-800">{fact.label}</dt>
                  <dd className="text-slate-700">{fact.value}</dd>
                </div>
              ))}
            </dl>
            <section aria-labelledby="sources-heading" className="text-sm text-slate-700">
              <h3 id="sources-heading" className="text-base font-bold text-brand-900">
                Sources
              </h3>
              <SourceList sources={copy.sources} />
            </section>
          </aside>
        </article>
      </Container>
    </section>
  );
}
