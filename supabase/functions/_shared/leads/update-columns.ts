import { ADD_ONS } from "../content/pricing.ts";
import type { PriceSheet } from "../quote/locked-price.ts";
import { type AddOnSelection, quoteTotal } from "../quote/pricing.ts";
import type { QuoteUpdate } from "../quote/schema.ts";
import type { StoredQuote } from "./store-contract.ts";

/** What the lead stands at before the update: its plan, add-ons and pane range. */
export type PricedAnswers = Pick<StoredQuote, "frequency" | "addOns" | "paneCount">;

/**
 * Only a plan or add-on change reprices (docs/pricing.md, "Price lock"): asking for a visit window
 * or answering steps 5-6 never moves the price the visitor was given.
 */
export const repricedBy = (update: QuoteUpdate): boolean =>
  update.frequency !== undefined || update.addOns !== undefined;

/** The add-on flags as quote_requests' columns. */
export const addOnColumns = (addOns: AddOnSelection) =>
  Object.fromEntries(ADD_ONS.map(({ id }) => [`add_on_${id}`, addOns[id]]));

/**
 * The columns a saved quote's update sets (./quote-store.ts): only what the update carries. A
 * repricing update sets the plan, every add-on's flag (one it does not name as the lead has it)
 * and the total, priced from `sheet`: the price table of the quote's day, so a change within the
 * lock keeps the prices the visitor was given; beside it, the total the browser showed, when sent.
 */
export function updateColumns(lead: PricedAnswers, update: QuoteUpdate, sheet: PriceSheet) {
  const columns = {
    ...(update.isPostConstruction ? { is_post_construction: update.isPostConstruction } : {}),
    ...(update.stories ? { stories: update.stories } : {}),
    ...(update.visitWindow
      ? {
          visit_earliest_date: update.visitWindow.earliestDate,
          visit_part_of_day: update.visitWindow.partOfDay,
        }
      : {}),
  };
  if (!repricedBy(update)) return columns;
  const frequency = update.frequency ?? lead.frequency;
  const addOns = { ...lead.addOns, ...update.addOns };
  return {
    ...columns,
    ...addOnColumns(addOns),
    frequency,
    total_price: quoteTotal(lead.paneCount, frequency, addOns, sheet),
    // What the browser showed for this price; unknown (so never called a mismatch) if not sent.
    client_total_price: update.totalPrice ?? null,
  };
}
