import { SAMPLE_QUOTE } from "@shared/quote/sample-quote";
import type { Attribution, QuoteRequestInput } from "@shared/quote/schema";

/** A valid step-4 submission, as the calculator sends it; override fields per test. */
export function validQuote(overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput {
  return { ...SAMPLE_QUOTE, ...overrides };
}

/**
 * A visit's attribution as the site records it (docs/leads.md, "Attribution"): a paid Google
 * search's campaign, its referrer and the page it landed on; utm_term, utm_content, gbraid and
 * wbraid left out, so a test can check an absent one is not shown.
 */
export const SAMPLE_ATTRIBUTION = {
  utm_source: "google",
  utm_medium: "cpc",
  utm_campaign: "spring",
  gclid: "abc123",
  referrer: "https://www.google.com/",
  landingPage: "/locations/tampa",
} as const satisfies Attribution;
