import type { QuoteRequestInput } from "@/lib/quote/schema";

/** A valid step-4 submission, as the calculator sends it; override fields per test. */
export function validQuote(overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput {
  return {
    name: "Jane Doe",
    email: "jane@example.com",
    phone: "(813) 555-0100",
    address: "100 Bayshore Blvd, Tampa, FL",
    message: "Gate code 1234",
    paneCount: "26-40",
    frequency: "quarterly",
    addOns: { interior: true, screens: false, tracks: true },
    isPostConstruction: "",
    stories: "",
    totalPrice: 345,
    ...overrides,
  };
}
