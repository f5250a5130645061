import { SITE, TEL_HREF } from "@/content/site";
import { checkZip } from "@/lib/service-area/lookup";
import { readZipField, SERVICE_AREA_PATH } from "@/lib/service-area/zip-code";
import { ZipAnswerWords, type ZipShown } from "./ZipAnswerWords";

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

/** The answer to what a ZIP field sent: a ZIP code's, or "a ZIP code is 5 digits" for anything else. */
export function zipShownFor(value: string): ZipShown {
  const read = readZipField(value);
  if (typeof read === "string") return { status: "malformed" };
  const answer = checkZip(read.zip);
  return answer ? { status: "found", answer } : { status: "unknown", zip: read.zip };
}

/** The answer's heading: the question the visitor asked. */
export function zipAnswerTitle(shown: ZipShown): string {
  const zip = "zip" in shown ? shown.zip : shown.status === "found" ? shown.answer.zip : null;
  return zip ? `Do we come to ${zip}?` : "Check your ZIP code";
}

/**
 * `/service-area?zip=…` at the top (docs/pages.md, "Service area"): the hero's ZIP check as the
 * server answers it, for a visitor whose scripts had not run, with a form to ask about another.
 */
export function ZipAnswer({ value }: { value: string }) {
  const shown = zipShownFor(value);
  return (
    <section
      aria-labelledby="zip-answer-title"
      className="mb-12 max-w-3xl rounded-2xl bg-white p-6 ring-1 ring-slate-900/10"
    >
      <h1 id="zip-answer-title" className="text-3xl font-bold tracking-tight text-slate-900">
        {zipAnswerTitle(shown)}
      </h1>
      <p className="mt-3 text-lg text-slate-800">
        <ZipAnswerWords
          shown={shown}
          homeState={SITE.region.code}
          phone={{ display: SITE.phone.display, href: TEL_HREF }}
          currentPath={SERVICE_AREA_PATH}
          linkClass={linkClass}
        />
      </p>
      <form action={SERVICE_AREA_PATH} method="get" className="mt-5 flex flex-wrap items-end gap-2">
        <label className="w-full font-semibold text-slate-900" htmlFor="zip-answer-field">
          Check another ZIP code
        </label>
        <input
          id="zip-answer-field"
          name="zip"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          enterKeyHint="go"
          className="block min-h-11 w-36 rounded-xl border-2 border-slate-300 bg-white px-4 py-2 text-base text-slate-900 hover:border-slate-400 focus-visible:border-brand-600"
        />
        <button
          type="submit"
          className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Check
        </button>
      </form>
    </section>
  );
}
