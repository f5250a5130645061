import type { SavedQuote } from "@/lib/quote/saved-quote";
import { newIdempotencyKey } from "@/lib/quote/idempotency-key";
import { parseStoredState, type QuoteState } from "./quote-state";

/**
 * The calculator's progress in this tab (sessionStorage), as the calculator and the saved-quote
 * page see it: a reload, or Back from another page, shows the quote as it last stood, and the
 * saved-quote page keeps it up to date with the lead (docs/calculator.md, "Every step").
 */

export const QUOTE_STORAGE_KEY = "suncoast-shine:quote";
/** The calculator session's key: its create's Idempotency-Key, so the session is one lead. */
const SESSION_KEY = "suncoast-shine:session";

/** Storage can be turned off or full: the calculator then simply keeps no progress. */
function attempt<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}

export function readStoredQuote(): QuoteState | null {
  return attempt(() => parseStoredState(sessionStorage.getItem(QUOTE_STORAGE_KEY))) ?? null;
}

export function storeQuote(state: QuoteState): void {
  attempt(() => sessionStorage.setItem(QUOTE_STORAGE_KEY, JSON.stringify(state)));
}

export function forgetQuote(): void {
  attempt(() => sessionStorage.removeItem(QUOTE_STORAGE_KEY));
}

/**
 * The tab's calculator session: one quote, one lead until "Get Another Quote" (docs/calculator.md,
 * "One quote, one lead"). Kept in session storage, which a tab the browser duplicates carries, so
 * the copy's submit is the same lead; a link opened in a new tab starts a session of its own.
 * Without storage, one per page view.
 */
let pageSession: string | null = null;
export function calculatorSession(): string {
  const kept = attempt(() => sessionStorage.getItem(SESSION_KEY));
  if (kept) return kept;
  pageSession ??= newIdempotencyKey();
  attempt(() => sessionStorage.setItem(SESSION_KEY, pageSession!));
  return pageSession;
}

/** "Get Another Quote": a new session, so the next submit is a new lead. */
export function newCalculatorSession(): void {
  pageSession = null;
  attempt(() => sessionStorage.removeItem(SESSION_KEY));
  calculatorSession();
}

/**
 * The saved-quote page loaded or changed lead `id`: if the calculator in this tab holds that lead,
 * it takes the lead's plan, add-ons and answers, so going Back to it shows the quote as it stands.
 */
export function followSavedQuote(id: string, quote: SavedQuote): void {
  const stored = readStoredQuote();
  if (stored?.lead?.id !== id) return;
  storeQuote({
    ...stored,
    frequency: quote.frequency,
    addOns: quote.addOns,
    isPostConstruction: quote.isPostConstruction ?? stored.isPostConstruction,
    stories: quote.stories ?? stored.stories,
  });
}

/**
 * Back to a calculator the browser kept in its back/forward cache, holding a lead: the lead as it
 * now stands, from the server, over the saved progress. The saved-quote page's copy is not enough:
 * Firefox gives such a page back the session storage it had when it was left. Resolves to the
 * progress to show, or null when there is no lead or no answer. Its code loads only then.
 */
export async function catchUpWithLead(): Promise<QuoteState | null> {
  const lead = readStoredQuote()?.lead;
  if (!lead) return null;
  const { loadSavedQuote } = await import("@/components/my-quote/saved-quote-api");
  const loaded = await loadSavedQuote(lead);
  if (loaded.status !== "found") return null;
  followSavedQuote(lead.id, loaded.quote);
  return readStoredQuote();
}

/** "Get another quote": a quote already sent is not brought back; one still being filled in is. */
export function forgetSentQuote(): void {
  if (readStoredQuote()?.lead) forgetQuote();
}
