import { Corrections } from "@/components/service-area/Corrections";
import { LOCATIONS_LINK } from "@/content/navigation";
import type { Source } from "@/lib/locations/sources";

const linkClass = "underline underline-offset-2";

/** Where the hub lists every dataset with its licence and edition, once for all the city pages. */
export const DATA_SOURCES_ID = "sources";

/**
 * A list of sources, each `id="source-{id}"`: a city page's names each dataset by name and year
 * and links the hub for licences and editions; the hub's (`full`) gives them (docs/pages.md, "Data
 * and sources").
 */
export function SourceList({
  sources,
  full = false,
}: {
  sources: readonly Source[];
  full?: boolean;
}) {
  return (
    <ul className="mt-2 space-y-2">
      {sources.map((source) => (
        <li key={source.id} id={`source-${source.id}`}>
          {source.used}:{" "}
          <a href={source.url} className={linkClass}>
            {full || !source.short ? source.name : source.short.name}
          </a>
          {!full && source.short?.edition ? `, ${source.short.edition}` : null}
          {full && source.licence ? (
            <>
              {" "}
              (
              <a href={source.licence.url} className={linkClass}>
                {source.licence.name}
              </a>
              ), {source.licence.edition}
            </>
          ) : null}
          {source.corrections ? (
            <Corrections sources={source.corrections} className={linkClass} />
          ) : null}
          .
        </li>
      ))}
      {full ? null : (
        <li>
          <a href={`${LOCATIONS_LINK.href}#${DATA_SOURCES_ID}`} className={linkClass}>
            Licences and editions
          </a>
        </li>
      )}
    </ul>
  );
}

/** The hub's list of every dataset the city pages measure from, with licence, edition and all ZIP corrections. */
export function DataSources({ sources }: { sources: readonly Source[] }) {
  return (
    <section
      id={DATA_SOURCES_ID}
      aria-labelledby="data-sources-heading"
      className="mt-14 max-w-3xl"
    >
      <h2 id="data-sources-heading" className="text-2xl font-bold text-brand-900">
        Where the town pages&rsquo; figures come from
      </h2>
      <SourceList sources={sources} full />
    </section>
  );
}
