// Relative, with `.ts`: the lead function's `deno test` imports this file too.
import { quoteTotal } from "../../supabase/functions/_shared/quote/pricing.ts";
import type {
  Attribution,
  QuoteRequestInput,
} from "../../supabase/functions/_shared/quote/schema.ts";

const paneCount = "26-40";
const frequency = "quarterly";
const addOns = { interior: true, screens: false, tracks: true };

/**
 * A valid step-4 submission, as the calculator sends it, priced by the site's price table: the one
 * sample quote of the site's tests and of the lead function's `deno test`.
 */
export const SAMPLE_QUOTE = {
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "(813) 555-0100",
  address: "100 Bayshore Blvd, Tampa, FL",
  message: "Gate code 1234",
  paneCount,
  frequency,
  addOns,
  isPostConstruction: "",
  stories: "",
  totalPrice: quoteTotal(paneCount, frequency, addOns),
} as const satisfies QuoteRequestInput;

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
