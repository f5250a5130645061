import * as z from "zod/mini";
import { ADD_ONS, PRICE_TABLE, type Frequency, type PaneRange } from "../content/pricing.ts";
import type { AddOnSelection } from "./pricing.ts";

/**
 * The price lock's prices (docs/pricing.md, "Price lock"): the price table as it stood when a quote
 * was made, kept with the lead, so that a plan or add-on change within the lock is priced from it
 * even after the table has changed. The lead function keeps one per lead.
 */
const price = z.number().check(z.minimum(0));

/** A sheet read back from storage: checked, never cast. */
export const priceSheetSchema = z.object({
  /** First-visit price by pane range and plan, as PRICE_TABLE. */
  plans: z.record(z.string(), z.record(z.string(), price)),
  /** Each add-on's price by id. */
  addOns: z.record(z.string(), price),
});
export type PriceSheet = z.infer<typeof priceSheetSchema>;

/** Today's table as a sheet. */
export function currentPriceSheet(): PriceSheet {
  return {
    plans: Object.fromEntries(
      Object.entries(PRICE_TABLE).map(([range, plans]) => [range, { ...plans }]),
    ),
    addOns: Object.fromEntries(ADD_ONS.map((addOn) => [addOn.id, addOn.price])),
  };
}

/**
 * The total (./pricing.ts, quoteTotal) priced from `sheet`. A choice the sheet has no price for
 * (a range or add-on added to the table since) takes today's price.
 */
export function sheetTotal(
  sheet: PriceSheet,
  range: PaneRange,
  frequency: Frequency,
  addOns: AddOnSelection,
): number {
  const plan = sheet.plans[range]?.[frequency] ?? PRICE_TABLE[range][frequency];
  return ADD_ONS.reduce(
    (sum, addOn) => sum + (addOns[addOn.id] ? (sheet.addOns[addOn.id] ?? addOn.price) : 0),
    plan,
  );
}
