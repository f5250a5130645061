import { PRICE_LOCK_DAYS } from "@shared/content/pricing";
import { addDays, businessToday } from "./visit-window";

/**
 * The price lock (docs/pricing.md, "Price lock"): a quote's price is honoured through the
 * PRICE_LOCK_DAYS-th day after the day it was requested, both counted in the business's time zone.
 */

/** The last day the price is honoured, "YYYY-MM-DD". */
export function validUntil(requestedAt: string): string {
  return addDays(businessToday(new Date(requestedAt)), PRICE_LOCK_DAYS);
}

/** Whether the lock has run out at `now`: the day after validUntil has begun. */
export function isExpired(requestedAt: string, now: Date): boolean {
  return businessToday(now) > validUntil(requestedAt);
}
