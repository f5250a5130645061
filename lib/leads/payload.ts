import { quoteTotal, type AddOnSelection } from "@/lib/quote/pricing";
import type { QuoteRequest } from "@/lib/quote/schema";
import type { Lead } from "./inbox";

/**
 * What the lead function receives (contract: supabase/README.md): the lead (docs/leads.md) plus the
 * lead's id, so that the create and each later update of one quote can be matched, and the page
 * it came from. totalPrice is always the server's figure; the two last answers are "" until given.
 */
export type LeadPayload = Omit<QuoteRequest, "message" | "addOns"> & {
  id: string;
  message: string;
  addOns: AddOnSelection;
  sourcePage?: string;
};

export function leadPayload(lead: Lead): LeadPayload {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    message: lead.message,
    paneCount: lead.paneCount,
    frequency: lead.frequency,
    addOns: { ...lead.addOns },
    isPostConstruction: lead.isPostConstruction ?? "",
    stories: lead.stories ?? "",
    totalPrice: lead.totalPrice,
    ...(lead.sourcePage ? { sourcePage: lead.sourcePage } : {}),
  };
}

/** The same payload straight from a validated request, for LEADS_STORE=none (no stored lead). */
export function requestPayload(
  id: string,
  request: QuoteRequest,
  sourcePage: string | null,
): LeadPayload {
  return {
    id,
    name: request.name,
    email: request.email,
    phone: request.phone,
    address: request.address,
    message: request.message ?? "",
    paneCount: request.paneCount,
    frequency: request.frequency,
    addOns: { ...request.addOns },
    isPostConstruction: request.isPostConstruction,
    stories: request.stories,
    totalPrice: quoteTotal(request.paneCount, request.frequency, request.addOns),
    ...(sourcePage ? { sourcePage } : {}),
  };
}
