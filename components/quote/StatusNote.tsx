import { SITE, TEL_HREF } from "@/content/site";

/**
 * What became of something the visitor sent, on the page under it: drawn by the calculator's own
 * code, so it shows even when the toasts could not load (a dropped network, docs/calculator.md
 * "Submitting"). A failure (`callUs`) ends on the number to call, as a link. The live region is
 * there before its words, so screen readers announce them when they come; `words` null leaves it
 * empty.
 */
export function StatusNote({
  id,
  words,
  callUs = true,
}: {
  id: string;
  words: string | null;
  callUs?: boolean;
}) {
  return (
    <p
      id={id}
      aria-live="polite"
      className={`mt-4 font-medium empty:mt-0 ${callUs ? "text-red-800" : "text-slate-700"}`}
    >
      {words}
      {words && callUs ? (
        <>
          {" "}
          at{" "}
          <a href={TEL_HREF} className="whitespace-nowrap underline">
            {SITE.phone.display}
          </a>
          .
        </>
      ) : null}
    </p>
  );
}
