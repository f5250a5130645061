import { PRICE_LOCK_DAYS } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import { addDays, businessToday } from "./visit-window";

/**
 * The price lock (docs/pricing.md, "Price lock"): a quote's price is honoured through the
 * PRICE_LOCK_DAYS-th day after the day it was requested, both counted in the business's time zone.
 */

/** The last day the price is honoured, "YYYY-MM-DD". */
export function validUntil(requestedAt: string, timeZone: string = SITE.timeZone): string {
  return addDays(businessToday(new Date(requestedAt), timeZone), PRICE_LOCK_DAYS);
}

/** Whether the lock has run out at `now`: the day after validUntil has begun. */
export function isExpired(
  requestedAt: string,
  now: Date,
  timeZone: string = SITE.timeZone,
): boolean {
  return businessToday(now, timeZone) > validUntil(requestedAt, timeZone);
}
