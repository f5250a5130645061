import { describe, expect, it } from "vitest";
import { ADD_ONS, FREQUENCIES, PANE_RANGES, PRICE_TABLE } from "../content/pricing.ts";
import { currentPriceSheet, priceSheetSchema, type PriceSheet } from "./locked-price.ts";
import { addOnSelection, heldPrices, quoteTotal } from "./pricing.ts";

/** Every add-on selection: each subset of ADD_ONS. */
const selections = Array.from({ length: 2 ** ADD_ONS.length }, (_, mask) =>
  addOnSelection((id) => (mask & (1 << ADD_ONS.findIndex((addOn) => addOn.id === id))) !== 0),
);

/** The table after a price rise: every price 10% up. */
function raised(sheet: PriceSheet): PriceSheet {
  const up = (record: Record<string, number>) =>
    Object.fromEntries(Object.entries(record).map(([key, usd]) => [key, Math.round(usd * 1.1)]));
  return {
    plans: Object.fromEntries(
      Object.entries(sheet.plans).map(([range, plans]) => [range, up(plans)]),
    ),
    addOns: up(sheet.addOns),
  };
}

describe("the price sheet a quote keeps", () => {
  it("prices every choice as the calculator does, from today's table", () => {
    const sheet = currentPriceSheet();
    expect(priceSheetSchema.parse(sheet)).toEqual(sheet);
    for (const { id: range } of PANE_RANGES)
      for (const frequency of FREQUENCIES)
        for (const addOns of selections)
          expect(quoteTotal(range, frequency, addOns, sheet)).toBe(
            quoteTotal(range, frequency, addOns),
          );
  });

  it("keeps a quote's prices after the table changes", () => {
    const made = currentPriceSheet();
    const everything = addOnSelection(() => true);
    const laterTable = raised(made);
    expect(quoteTotal("41-60", "monthly", everything, made)).toBe(
      PRICE_TABLE["41-60"].monthly + ADD_ONS.reduce((sum, addOn) => sum + addOn.price, 0),
    );
    expect(quoteTotal("41-60", "monthly", everything, laterTable)).toBeGreaterThan(
      quoteTotal("41-60", "monthly", everything, made),
    );
  });

  it("prices a choice the sheet has no price for (added to the table since) from today's table", () => {
    const old: PriceSheet = { plans: { "0-25": { initial: 1 } }, addOns: { interior: 2 } };
    const all = addOnSelection(() => true);
    const others = ADD_ONS.filter((addOn) => addOn.id !== "interior");
    expect(quoteTotal("0-25", "initial", all, old)).toBe(
      1 + 2 + others.reduce((sum, addOn) => sum + addOn.price, 0),
    );
    expect(
      quoteTotal(
        "26-40",
        "monthly",
        addOnSelection(() => false),
        old,
      ),
    ).toBe(PRICE_TABLE["26-40"].monthly);
  });

  it("gives a saved quote every price of its range, the sheet's or today's where it has none", () => {
    const old: PriceSheet = { plans: { "26-40": { monthly: 125 } }, addOns: { interior: 80 } };
    expect(heldPrices("26-40", old)).toEqual({
      plans: { "26-40": { ...PRICE_TABLE["26-40"], monthly: 125 } },
      addOns: { ...currentPriceSheet().addOns, interior: 80 },
    });
    expect(heldPrices("0-25")).toEqual({
      plans: { "0-25": PRICE_TABLE["0-25"] },
      addOns: currentPriceSheet().addOns,
    });
  });

  it("refuses a stored sheet that is not one", () => {
    expect(priceSheetSchema.safeParse({ plans: {} }).success).toBe(false);
    expect(
      priceSheetSchema.safeParse({ plans: { "0-25": { initial: -1 } }, addOns: {} }).success,
    ).toBe(false);
  });
});
