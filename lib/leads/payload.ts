import type { PartOfDay, PostConstruction, Stories } from "@shared/quote/choices";
import type { AddOnSelection } from "@shared/quote/pricing";
import type { Attribution, QuoteRequest } from "@shared/quote/schema";
import type { VisitWindow } from "@/lib/quote/visit-window";

/**
 * What the lead function receives (contract: supabase/README.md): the lead (docs/leads.md) plus the
 * lead's id, so that the create and each later update of one quote can be matched, and the page
 * it came from, and whether the delivery is the lead's create or an update of it. totalPrice is
 * always the server's figure; the two last answers are "" until given; the visit window is sent
 * once the visitor asked for one on the saved-quote page.
 */
export type LeadPayload = Omit<QuoteRequest, "message" | "addOns"> & {
  event: LeadEvent;
  id: string;
  message: string;
  addOns: AddOnSelection;
  sourcePage?: string;
  visitWindow?: VisitWindow;
};

export type LeadEvent = "create" | "update";

/** A stored lead: its unanswered steps may be null. */
export type PayloadSource = Omit<
  LeadPayload,
  "event" | "isPostConstruction" | "stories" | "sourcePage" | "visitWindow" | "attribution"
> & {
  attribution?: Attribution | null;
  isPostConstruction: PostConstruction | "" | null;
  stories: Stories | "" | null;
  sourcePage: string | null;
  visitEarliestDate?: string | null;
  visitPartOfDay?: PartOfDay | null;
};

/** Picks the contract's fields, and no others, from what the server holds about a lead. */
export function leadPayload(source: PayloadSource, event: LeadEvent): LeadPayload {
  const { visitEarliestDate, visitPartOfDay } = source;
  return {
    event,
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
    ...(source.attribution ? { attribution: source.attribution } : {}),
    ...(visitEarliestDate && visitPartOfDay
      ? { visitWindow: { earliestDate: visitEarliestDate, partOfDay: visitPartOfDay } }
      : {}),
  };
}
