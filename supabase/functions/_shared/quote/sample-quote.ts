import { quoteTotal } from "./pricing.ts";
import type { QuoteRequestInput } from "./schema.ts";

const paneCount = "26-40";
const frequency = "quarterly";
const addOns = { interior: true, screens: false, tracks: true };

/**
 * A valid step-4 submission, as the calculator sends it, priced by the site's price table: the one
 * sample quote of the site's tests (tests/support/quote.ts, tests/supabase/fixtures.ts) and of the
 * lead function's `deno test` (through its copy of this file).
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
