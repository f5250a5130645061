// Generated from lib/quote/pricing.ts by scripts/supabase/sync-shared.ts: edit that file, then run npm run supabase:sync.
import {
  ADD_ONS,
  PRICE_TABLE,
  type AddOnId,
  type Frequency,
  type PaneRange,
} from "../../content/pricing.ts";

export type AddOnSelection = Record<AddOnId, boolean>;

export const NO_ADD_ONS: AddOnSelection = addOnSelection(() => false);

/** A selection with every add-on of the price table, each set by `pick`. */
export function addOnSelection(pick: (id: AddOnId) => boolean): AddOnSelection {
  const selection: Partial<AddOnSelection> = {};
  for (const { id } of ADD_ONS) selection[id] = pick(id);
  return selection as AddOnSelection;
}

/** The plan's first-visit price for the range; 0 while either is missing (docs/pricing.md, "Total"). */
export function basePrice(
  range: PaneRange | null | undefined,
  frequency: Frequency | null | undefined,
): number {
  if (!range || !frequency) return 0;
  return PRICE_TABLE[range][frequency];
}

export function addOnsPrice(addOns: AddOnSelection): number {
  return ADD_ONS.reduce((sum, addOn) => sum + (addOns[addOn.id] ? addOn.price : 0), 0);
}

/** Total = plan price for the range (0 if range or plan is missing) + the selected add-ons. */
export function quoteTotal(
  range: PaneRange | null | undefined,
  frequency: Frequency | null | undefined,
  addOns: AddOnSelection,
): number {
  return basePrice(range, frequency) + addOnsPrice(addOns);
}
