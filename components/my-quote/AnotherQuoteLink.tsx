"use client";

import { ButtonLink } from "@/components/ui/ButtonLink";
import { forgetSentQuote } from "@/components/quote/quote-storage";

/** "Get another quote" starts the calculator afresh, not on the result it sent before (docs/pages.md, "Saved quote"). */
export function AnotherQuoteLink() {
  return (
    <ButtonLink href="/#contact" onClick={forgetSentQuote}>
      Get another quote
    </ButtonLink>
  );
}
