import { COUNTY_QUESTIONS, countyQuestionId } from "@/content/town-questions";
import type { Location } from "@/content/locations";
import { LOCATIONS_LINK } from "@/content/navigation";
import type { Source } from "@/lib/locations/sources";
import type { AnsweredQuestion } from "@/lib/locations/town-questions";

const linkClass = "underline underline-offset-2";

/** An answer with the words each page it rests on names linked to that page. */
export function LinkedAnswer({ text, pages }: { text: string; pages: readonly Source[] }) {
  const page = pages.find((candidate) => candidate.anchor && text.includes(candidate.anchor));
  if (!page?.anchor) return text;
  const [before = "", ...rest] = text.split(page.anchor);
  const others = pages.filter((other) => other !== page);
  return (
    <>
      <LinkedAnswer text={before} pages={others} />
      <a href={page.url} className={linkClass}>
        {page.anchor}
      </a>
      <LinkedAnswer text={rest.join(page.anchor)} pages={others} />
    </>
  );
}

/** The questions a town's residents ask, a heading each; its county's, one link to the hub (docs/pages.md, "Town questions"). */
export function TownQuestions({
  location,
  questions,
  sources,
}: {
  location: Location;
  questions: readonly AnsweredQuestion[];
  sources: readonly Source[];
}) {
  const countyWide = COUNTY_QUESTIONS.filter((entry) => entry.county === location.county);
  if (questions.length === 0 && countyWide.length === 0) return null;
  return (
    <section aria-labelledby="questions-heading" className="mt-10">
      <h3 id="questions-heading" className="text-2xl font-bold text-brand-900">
        {location.name} questions
      </h3>
      {questions.map((entry) => (
        <div key={entry.id} className="mt-5" data-sources={entry.sources.join(" ") || undefined}>
          <h4 className="text-lg font-semibold text-brand-900">{entry.question}</h4>
          <p className="mt-1 text-slate-700">
            <LinkedAnswer
              text={entry.answer}
              pages={sources.filter((source) => entry.sources.includes(source.id))}
            />
          </p>
        </div>
      ))}
      {countyWide.map((entry) => (
        <p key={entry.id} className="mt-5 text-slate-700">
          All over {entry.county} County:{" "}
          <a href={`${LOCATIONS_LINK.href}#${countyQuestionId(entry.id)}`} className={linkClass}>
            {entry.question}
          </a>
        </p>
      ))}
    </section>
  );
}
