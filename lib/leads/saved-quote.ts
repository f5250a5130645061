import "server-only";
import { heldPrices } from "@shared/quote/pricing";
import { isExpired, validUntil } from "@/lib/quote/price-lock";
import { SAVED_QUOTE_PATH, quoteFragment, type SavedQuote } from "@/lib/quote/saved-quote";
import { firstName } from "@/lib/mail/header-text";
import { savingOf } from "./report";
import { siteUrl } from "@/lib/site-url";
import type { StoredQuote } from "@shared/leads/store-contract";

/** What `GET /api/quote/{id}` shows of a lead (docs/leads.md, "GET /api/quote/{id}"). */

const DOT = "•••";

/** "jane@example.com" → "j•••@example.com": enough to recognise, little to leak. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return DOT;
  return `${email.slice(0, 1)}${DOT}${email.slice(at)}`;
}

/** "(813) 555-0147" → "••• ••• 0147": the last four digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 4 ? `${DOT} ${DOT} ${digits.slice(-4)}` : `${DOT} ${DOT}`;
}

export function savedQuoteView(lead: StoredQuote, now: Date): SavedQuote {
  return {
    firstName: firstName(lead.name),
    address: lead.address,
    email: maskEmail(lead.email),
    phone: maskPhone(lead.phone),
    paneCount: lead.paneCount,
    frequency: lead.frequency,
    addOns: { ...lead.addOns },
    isPostConstruction: lead.isPostConstruction,
    stories: lead.stories,
    totalPrice: lead.totalPrice,
    firstVisitSaving: savingOf(lead),
    // A lead kept before sheets were is held to today's table (docs/pricing.md, "Price lock").
    priceSheet: heldPrices(lead.paneCount, lead.priceSheet),
    requestedAt: lead.createdAt,
    validUntil: validUntil(lead.createdAt),
    expired: isExpired(lead.createdAt, now),
    visitWindow:
      lead.visitEarliestDate && lead.visitPartOfDay
        ? { earliestDate: lead.visitEarliestDate, partOfDay: lead.visitPartOfDay }
        : null,
  };
}

/** The absolute link to a lead's page, from the site's one base URL; the token only in the fragment. */
export function savedQuoteUrl(id: string, token: string): string {
  return `${siteUrl(SAVED_QUOTE_PATH)}${quoteFragment({ id, token })}`;
}
