import { useId, useRef, useState } from "react";
import { PRICE_LOCK_DAYS } from "@shared/content/pricing";

const COPIED = {
  idle: "",
  copied: "Link copied.",
  failed: "Select the link and copy it.",
} as const;

/**
 * "Save your quote" on the result view (docs/calculator.md, "Save your quote"): the private link
 * to the lead's own page, with a copy button. Where the clipboard is refused, the link is selected
 * for the visitor to copy by hand.
 */
export function SaveQuote({
  url,
  emailed,
  priced,
}: {
  url: string;
  emailed: boolean;
  /** False for a custom (post-construction) quote: it has no price to hold. */
  priced: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<keyof typeof COPIED>("idle");

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
    } catch {
      input.current?.select();
      setCopied("failed");
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl bg-brand-50 p-5">
      <h4 id={`${id}-title`} className="text-lg font-bold text-brand-900">
        Save your quote
      </h4>
      <p className="mt-1 text-slate-800">
        {priced
          ? `This price is held for ${PRICE_LOCK_DAYS} days. Keep this private link to see your quote again, switch plans or tell us when to come.`
          : "Keep this private link to see your request again or tell us when to come."}
        {emailed ? " We have e-mailed you this link too." : null}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-link`} className="sr-only">
          Your quote link
        </label>
        <input
          ref={input}
          id={`${id}-link`}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          className="min-h-11 flex-1 rounded-xl border-2 border-slate-300 bg-white px-3 text-sm text-slate-900"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Copy link
        </button>
      </div>
      <p role="status" className="mt-2 text-sm font-medium text-brand-800">
        {COPIED[copied]}
      </p>
    </section>
  );
}
