import { randomUUID } from "node:crypto";
import type { StoredQuote } from "@shared/leads/store-contract";
import { currentPriceSheet } from "@shared/quote/locked-price";
import { quoteTotal } from "@shared/quote/pricing";
import { quoteRequestSchema, type QuoteRequestInput } from "@shared/quote/schema";
import { validQuote } from "./quote";

/**
 * A lead as the store hands it to the site's code (StoredQuote, supabase/functions/_shared/leads/store-contract.ts): the visitor's
 * quote, validated as the route does, priced from today's table as the store prices it, which it keeps as its sheet. For tests
 * of what is made from a lead (e-mails, the saved-quote view); the store itself is tested against
 * PostgreSQL (tests/supabase/).
 */
export function leadFixture(
  overrides: Partial<QuoteRequestInput> = {},
  fields: Partial<StoredQuote> = {},
): StoredQuote {
  const quote = quoteRequestSchema.parse(validQuote(overrides));
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    createdAt: now,
    updatedAt: now,
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    address: quote.address,
    message: quote.message ?? "",
    paneCount: quote.paneCount,
    frequency: quote.frequency,
    addOns: quote.addOns,
    isPostConstruction: quote.isPostConstruction || null,
    stories: quote.stories || null,
    totalPrice: quoteTotal(quote.paneCount, quote.frequency, quote.addOns),
    clientTotalPrice: null,
    sourcePage: "/",
    attribution: quote.attribution ?? null,
    idempotencyKey: randomUUID(),
    spamReason: null,
    visitEarliestDate: null,
    visitPartOfDay: null,
    version: 1,
    changes: [],
    webhookStatus: "not_configured",
    webhookError: null,
    webhookAttemptedAt: null,
    priceSheet: currentPriceSheet(),
    ...fields,
  };
}
