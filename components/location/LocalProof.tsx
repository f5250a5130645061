import { Container } from "@/components/ui/Container";
import type { Location } from "@/content/locations";
import { type LocalProof as Entry, monthText } from "@/lib/locations/local-proof";

/** The owner's jobs and reviews in this town (docs/pages.md, "Local proof"); nothing when there are none. */
export function LocalProof({
  location,
  entries,
}: {
  location: Location;
  entries: readonly Entry[];
}) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="local-proof-heading" className="bg-slate-50 py-16 sm:py-20">
      <Container>
        <h2
          id="local-proof-heading"
          className="text-3xl font-bold tracking-tight text-balance text-brand-900"
        >
          Our recent work in {location.name}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {entries.map((entry) => (
            <li
              key={`${entry.month} ${entry.work}`}
              className="rounded-3xl bg-white p-6 ring-1 ring-slate-200"
            >
              {entry.photo && (
                // A photo the owner sized in content: a plain lazy image, no client component.
                // eslint-disable-next-line @next/next/no-img-element
                <img
                  src={entry.photo.src}
                  alt={entry.photo.alt}
                  width={entry.photo.width}
                  height={entry.photo.height}
                  loading="lazy"
                  decoding="async"
                  className="mb-4 h-auto w-full rounded-2xl"
                />
              )}
              <p className="text-sm font-semibold text-brand-800">
                <time dateTime={entry.month}>{monthText(entry.month)}</time>
                {entry.neighbourhood && ` · ${entry.neighbourhood}`}
              </p>
              <p className="mt-2 text-slate-700">{entry.work}</p>
              {entry.review && (
                <figure className="mt-4 border-l-4 border-brand-200 pl-4">
                  <blockquote className="text-slate-800 italic">
                    <p>“{entry.review.quote}”</p>
                  </blockquote>
                  <figcaption className="mt-2 text-sm text-slate-600">
                    {entry.review.name}
                  </figcaption>
                </figure>
              )}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
