import { useCallback, useEffect, useRef } from "react";
import { parseQuoteFragment, quoteFragment, type QuoteKey } from "@/lib/quote/saved-quote";

/** The address keeps the key as the link gives it, without any punctuation pasted after it. */
function keepInAddress(key: QuoteKey): void {
  const fragment = quoteFragment(key);
  if (window.location.hash !== fragment)
    window.history.replaceState(window.history.state, "", fragment);
}

const sameKey = (a: QuoteKey, b: QuoteKey) => a.id === b.id && a.token === b.token;

/**
 * The lead's id and token, read from the link's fragment once (docs/pages.md, "Saved quote"). A
 * link on the page that changes the fragment (the skip link's "#main") leaves the quote shown and
 * puts its key back into the address, so a reload or a bookmark still opens it; another quote's
 * link pasted into the address calls `onNewQuote`, and the key returned is then that one.
 */
export function useQuoteLink(onNewQuote: () => void): () => QuoteKey | null {
  const key = useRef<QuoteKey | null | undefined>(undefined);

  const read = useCallback(() => {
    if (key.current === undefined) {
      key.current = parseQuoteFragment(window.location.hash);
      if (key.current) keepInAddress(key.current);
    }
    return key.current;
  }, []);

  useEffect(() => {
    const onHashChange = () => {
      const next = parseQuoteFragment(window.location.hash);
      const shown = key.current ?? null;
      if (next && !(shown && sameKey(next, shown))) {
        key.current = next;
        keepInAddress(next);
        onNewQuote();
      } else if (shown) {
        keepInAddress(shown);
      }
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [onNewQuote]);

  return read;
}
