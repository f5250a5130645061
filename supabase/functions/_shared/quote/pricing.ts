import {
  ADD_ONS,
  PRICE_TABLE,
  type AddOnId,
  type Frequency,
  type PaneRange,
} from "../content/pricing.ts";
import type { PriceSheet } from "./locked-price.ts";

export type AddOnSelection = Record<AddOnId, boolean>;

export const NO_ADD_ONS: AddOnSelection = addOnSelection(() => false);

/** A selection with every add-on of the price table, each set by `pick`. */
export function addOnSelection(pick: (id: AddOnId) => boolean): AddOnSelection {
  const selection: Partial<AddOnSelection> = {};
  for (const { id } of ADD_ONS) selection[id] = pick(id);
  return selection as AddOnSelection;
}

/**
 * Total = the plan's first-visit price for the range (0 while either is missing) + the selected
 * add-ons (docs/pricing.md, "Total"), priced from `sheet` when given: the price table of the day a
 * locked quote was made (./locked-price.ts), where a choice it has no price for (a range or add-on
 * added to the table since) takes today's price.
 */
export function quoteTotal(
  range: PaneRange | null | undefined,
  frequency: Frequency | null | undefined,
  addOns: AddOnSelection,
  sheet?: PriceSheet,
): number {
  const plan =
    range && frequency ? (sheet?.plans[range]?.[frequency] ?? PRICE_TABLE[range][frequency]) : 0;
  return ADD_ONS.reduce(
    (sum, { id, price }) => sum + (addOns[id] ? (sheet?.addOns[id] ?? price) : 0),
    plan,
  );
}

export const addOnsPrice = (addOns: AddOnSelection): number => quoteTotal(null, null, addOns);
