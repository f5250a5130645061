import { SAMPLE_QUOTE } from "@shared/quote/sample-quote";
import type { QuoteRequestInput } from "@shared/quote/schema";

/** A valid step-4 submission, as the calculator sends it; override fields per test. */
export function validQuote(overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput {
  return { ...SAMPLE_QUOTE, ...overrides };
}
