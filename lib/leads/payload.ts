import type { PostConstruction, Stories } from "@/lib/quote/choices";
import type { AddOnSelection } from "@/lib/quote/pricing";
import type { QuoteRequest } from "@/lib/quote/schema";

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

/** A stored lead, or (LEADS_STORE=none) a request the server has priced: unanswered may be null. */
export type PayloadSource = Omit<LeadPayload, "isPostConstruction" | "stories" | "sourcePage"> & {
  isPostConstruction: PostConstruction | "" | null;
  stories: Stories | "" | null;
  sourcePage: string | null;
};

/** Picks the contract's fields, and no others, from what the server holds about a lead. */
export function leadPayload(source: PayloadSource): LeadPayload {
  return {
    id: source.id,
    name: source.name,
    email: source.email,
    phone: source.phone,
    address: source.address,
    message: source.message,
    paneCount: source.paneCount,
    frequency: source.frequency,
    addOns: { ...source.addOns },
    isPostConstruction: source.isPostConstruction ?? "",
    stories: source.stories ?? "",
    totalPrice: source.totalPrice,
    ...(source.sourcePage ? { sourcePage: source.sourcePage } : {}),
  };
}
