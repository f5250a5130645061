import * as z from "zod/mini";
import { ADD_ONS, PRICE_TABLE } from "../content/pricing.ts";

/**
 * The price lock's prices (docs/pricing.md, "Price lock"): the price table as it stood when a quote
 * was made, kept with the lead, so that a plan or add-on change within the lock is priced from it
 * even after the table has changed (./pricing.ts, quoteTotal). The lead function keeps one per lead.
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
