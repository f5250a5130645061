import { SITE, TEL_HREF } from "@/content/site";

/**
 * A failure the visitor must see, on the page under what failed, ending on the number to call as a
 * link: drawn by the calculator's own code, so it shows even when the toasts could not load (a
 * dropped network, docs/calculator.md "Submitting"). The live region is there before its words,
 * so screen readers announce them when they come; `words` null leaves it empty.
 */
export function FailureNote({ id, words }: { id: string; words: string | null }) {
  return (
    <p id={id} aria-live="polite" className="mt-4 font-medium text-red-800 empty:mt-0">
      {words ? (
        <>
          {words} at{" "}
          <a href={TEL_HREF} className="whitespace-nowrap underline">
            {SITE.phone.display}
          </a>
          .
        </>
      ) : null}
    </p>
  );
}
