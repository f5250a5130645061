import {
  ADD_ONS,
  FREQUENCIES,
  PRICE_TABLE,
  type AddOnId,
  type Frequency,
  type PaneRange,
  type PlanPrice,
} from "../content/pricing.ts";
import type { PriceSheet } from "./locked-price.ts";

type AddOn = (typeof ADD_ONS)[number];

export type AddOnSelection = Record<AddOnId, boolean>;

export const NO_ADD_ONS: AddOnSelection = addOnSelection(() => false);

/** A selection with every add-on of the price table, each set by `pick`. */
export function addOnSelection(pick: (id: AddOnId) => boolean): AddOnSelection {
  const selection: Partial<AddOnSelection> = {};
  for (const { id } of ADD_ONS) selection[id] = pick(id);
  return selection as AddOnSelection;
}

/**
 * The prices a quote is held to: `sheet`'s when given, the price table of the day a locked quote was
 * made (./locked-price.ts), where a choice it has no price for (a range or add-on added to the
 * table since) takes today's price; today's table without one.
 */
export const planPrice =
  (sheet?: PriceSheet | null): PlanPrice =>
  (range, frequency) =>
    sheet?.plans[range]?.[frequency] ?? PRICE_TABLE[range][frequency];

export const addOnPrice = ({ id, price }: AddOn, sheet?: PriceSheet | null): number =>
  sheet?.addOns[id] ?? price;

/** Every price a quote of `range` may take, as `sheet` holds them (above): what its saved-quote page prices from. */
export function heldPrices(range: PaneRange, sheet?: PriceSheet | null): PriceSheet {
  const price = planPrice(sheet);
  return {
    plans: { [range]: Object.fromEntries(FREQUENCIES.map((plan) => [plan, price(range, plan)])) },
    addOns: Object.fromEntries(ADD_ONS.map((addOn) => [addOn.id, addOnPrice(addOn, sheet)])),
  };
}

/**
 * Total = the plan's first-visit price for the range (0 while either is missing) + the selected
 * add-ons (docs/pricing.md, "Total"), each priced from `sheet` when given (above).
 */
export function quoteTotal(
  range: PaneRange | null | undefined,
  frequency: Frequency | null | undefined,
  addOns: AddOnSelection,
  sheet?: PriceSheet | null,
): number {
  const plan = range && frequency ? planPrice(sheet)(range, frequency) : 0;
  return ADD_ONS.reduce(
    (sum, addOn) => sum + (addOns[addOn.id] ? addOnPrice(addOn, sheet) : 0),
    plan,
  );
}

export const addOnsPrice = (addOns: AddOnSelection): number => quoteTotal(null, null, addOns);
