// Generated from lib/quote/sample-quote.ts by scripts/supabase/sync-shared.ts: edit that file, then run npm run supabase:sync.
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

/** The sample quote as the site delivers it to the lead function (lib/leads/delivery-schema.ts). */
export const SAMPLE_DELIVERY = {
  event: "create",
  id: "3f1c2b9e-7d4a-4c1e-9b2f-5a6d7e8f9a01",
  ...SAMPLE_QUOTE,
} as const;
