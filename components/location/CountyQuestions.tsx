import { COUNTY_QUESTIONS, countyQuestionId } from "@/content/town-questions";
import { citySource } from "@/lib/locations/sources";
import { LinkedAnswer } from "./TownQuestions";

const linkClass = "underline underline-offset-2";

/**
 * The questions one authority answers for a whole county, answered here once with their sources;
 * each town page of that county links here (docs/pages.md, "Town questions").
 */
export function CountyQuestions() {
  return (
    <section aria-labelledby="county-questions-heading" className="mt-14">
      <h2 id="county-questions-heading" className="text-2xl font-bold text-brand-900">
        Asked all over a county
      </h2>
      {COUNTY_QUESTIONS.map((entry) => {
        const sources = entry.sources.map(citySource);
        return (
          <div key={entry.id} id={countyQuestionId(entry.id)} className="mt-5 max-w-3xl">
            <h3 className="text-lg font-semibold text-brand-900">
              {entry.county} County: {entry.question}
            </h3>
            <p className="mt-1 text-slate-700">
              <LinkedAnswer text={entry.answer} pages={sources} />
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Sources:{" "}
              {sources.map((source, index) => (
                <span key={source.id}>
                  {index > 0 ? "; " : null}
                  {source.used}:{" "}
                  <a href={source.url} className={linkClass}>
                    {source.name}
                  </a>
                </span>
              ))}
              .
            </p>
          </div>
        );
      })}
    </section>
  );
}
