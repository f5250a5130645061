import { ADD_ONS, type AddOnId, type Frequency, type PaneRange } from "../content/pricing.ts";
import { sheetTotal, type PriceSheet } from "../quote/locked-price.ts";
import type { AddOnSelection } from "../quote/pricing.ts";
import type { PartOfDay, PostConstruction, Stories } from "../quote/choices.ts";
import type { QuoteUpdate } from "../quote/schema.ts";

/**
 * The columns a saved quote's update sets (./quote-store.ts). Only what the update carries is
 * set.
 */

/** What the lead stands at before the update: its plan, add-ons and pane range. */
export type PricedAnswers = { frequency: Frequency; addOns: AddOnSelection; paneCount: PaneRange };

/**
 * Only a plan or add-on change reprices (docs/pricing.md, "Price lock"): asking for a visit window
 * or answering steps 5-6 never moves the price the visitor was given.
 */
export const repricedBy = (update: QuoteUpdate): boolean =>
  update.frequency !== undefined || update.addOns !== undefined;

export type UpdateColumns<Flag> = {
  is_post_construction?: PostConstruction;
  stories?: Stories;
  visit_earliest_date?: string;
  visit_part_of_day?: PartOfDay;
  frequency?: Frequency;
  total_price?: number;
  client_total_price?: number | null;
} & Partial<Record<`add_on_${AddOnId}`, Flag>>;

/**
 * The update's columns. A repricing update sets the plan, every add-on's flag (as `flag` writes it:
 * 0/1 in SQLite, a boolean in PostgreSQL; one it does not name as the lead has it) and the total,
 * priced from `sheet`: the price table of the quote's day, so a change within the lock keeps the
 * prices the visitor was given; beside it, the total the browser showed for it, when sent.
 */
export function updateColumns<Flag>(
  lead: PricedAnswers,
  update: QuoteUpdate,
  sheet: PriceSheet,
  flag: (on: boolean) => Flag,
): UpdateColumns<Flag> {
  const columns: UpdateColumns<Flag> = {
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
  // The add-ons the update names; the others stay as the lead has them.
  const addOns = { ...lead.addOns, ...update.addOns };
  for (const { id } of ADD_ONS) columns[`add_on_${id}`] = flag(addOns[id]);
  return {
    ...columns,
    frequency,
    total_price: sheetTotal(sheet, lead.paneCount, frequency, addOns),
    // What the browser showed for this price; unknown (so never called a mismatch) if not sent.
    client_total_price: update.totalPrice ?? null,
  };
}
