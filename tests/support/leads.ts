import type { CreateMeta, Lead, LeadInbox } from "@/lib/leads/inbox";
import { quoteRequestSchema, type QuoteRequestInput } from "@shared/quote/schema";
import { validQuote } from "./quote";

/** Stores a new lead straight into an inbox (no HTTP), failing loudly if it was not created. */
export function storeLead(
  inbox: LeadInbox,
  overrides: Partial<QuoteRequestInput> = {},
  meta: Partial<CreateMeta> = {},
): { lead: Lead; token: string } {
  const result = inbox.create(quoteRequestSchema.parse(validQuote(overrides)), {
    sourcePage: "/",
    forwarding: false,
    ...meta,
  });
  if (result.status !== "created") throw new Error(`Expected a new lead, got "${result.status}".`);
  return result;
}
