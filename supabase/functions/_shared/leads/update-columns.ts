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
  update.frequency !== undefined || update.addOns !== undefined || update.paneCount !== undefined;

/** The contact fields an update may correct, each its own column. */
const CONTACT_COLUMNS = ["name", "email", "phone", "address", "message"] as const;

const pick = <K extends string>(update: Partial<Record<K, string>>, keys: readonly K[]) =>
  Object.fromEntries(
    keys.flatMap((key) => (update[key] === undefined ? [] : [[key, update[key]]])),
  );

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
    ...pick(update, CONTACT_COLUMNS),
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
  const paneCount = update.paneCount ?? lead.paneCount;
  const addOns = { ...lead.addOns, ...update.addOns };
  return {
    ...columns,
    ...addOnColumns(addOns),
    frequency,
    pane_count: paneCount,
    total_price: quoteTotal(paneCount, frequency, addOns, sheet),
    // What the browser showed for this price; unknown (so never called a mismatch) if not sent.
    client_total_price: update.totalPrice ?? null,
  };
}

/** A lead's value of each field an update can carry, by the update's own field names. */
export function fieldValues(lead: StoredQuote): Record<string, unknown> {
  return {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    message: lead.message,
    paneCount: lead.paneCount,
    frequency: lead.frequency,
    ...Object.fromEntries(ADD_ONS.map(({ id }) => [`addOns.${id}`, lead.addOns[id]])),
    isPostConstruction: lead.isPostConstruction,
    stories: lead.stories,
    visitWindow: lead.visitEarliestDate && `${lead.visitEarliestDate} ${lead.visitPartOfDay}`,
  };
}

/** What `update` sets each field it carries to, by those names: an add-on each, not the browser's total. */
export function carriedValues(update: QuoteUpdate): Record<string, unknown> {
  const { addOns, totalPrice: _claimed, visitWindow, ...rest } = update;
  return {
    ...rest,
    ...Object.fromEntries(Object.entries(addOns ?? {}).map(([id, on]) => [`addOns.${id}`, on])),
    ...(visitWindow && { visitWindow: `${visitWindow.earliestDate} ${visitWindow.partOfDay}` }),
  };
}

/** What differs between two states of a lead, old -> new, by field; the price as `totalPrice`. */
export function changedFields(before: StoredQuote, after: StoredQuote) {
  const [old, now] = [fieldValues(before), fieldValues(after)];
  const changed: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(now)) {
    if (value !== old[field]) changed[field] = [old[field] ?? null, value ?? null];
  }
  if (before.totalPrice !== after.totalPrice) {
    changed.totalPrice = [before.totalPrice, after.totalPrice];
  }
  return changed;
}
