import { describe, expect, it } from "vitest";
import {
  ADD_ONS,
  FREQUENCIES,
  PANE_RANGES,
  firstVisitSaving,
  maxYearlySaving,
  planDiscount,
} from "../content/pricing.ts";
import { NO_ADD_ONS, quoteTotal, type AddOnSelection } from "./pricing.ts";

// The price table (docs/pricing.md), typed by hand so that an accidental edit of supabase/functions/_shared/content/pricing.ts is caught.
const EXPECTED_TABLE: Record<string, [number, number, number, number]> = {
  "0-25": [275, 125, 175, 225],
  "26-40": [295, 145, 195, 245],
  "41-60": [395, 245, 295, 345],
  "61-80": [495, 345, 395, 445],
  "81-100": [595, 445, 495, 545],
};
const EXPECTED_ADD_ONS = { interior: 100, screens: 25, tracks: 50 };

const allSelections: AddOnSelection[] = Array.from({ length: 8 }, (_, bits) => ({
  interior: Boolean(bits & 1),
  screens: Boolean(bits & 2),
  tracks: Boolean(bits & 4),
}));

describe("quoteTotal", () => {
  for (const range of PANE_RANGES) {
    FREQUENCIES.forEach((frequency, column) => {
      for (const addOns of allSelections) {
        const expected =
          EXPECTED_TABLE[range.id]![column]! +
          (addOns.interior ? EXPECTED_ADD_ONS.interior : 0) +
          (addOns.screens ? EXPECTED_ADD_ONS.screens : 0) +
          (addOns.tracks ? EXPECTED_ADD_ONS.tracks : 0);
        it(`${range.id} / ${frequency} / ${JSON.stringify(addOns)} = ${expected}`, () => {
          expect(quoteTotal(range.id, frequency, addOns)).toBe(expected);
        });
      }
    });
  }

  it("is only the add-ons while the range or plan is missing", () => {
    const all = { interior: true, screens: true, tracks: true };
    expect(quoteTotal(null, "monthly", all)).toBe(175);
    expect(quoteTotal("0-25", null, all)).toBe(175);
    expect(quoteTotal(undefined, undefined, NO_ADD_ONS)).toBe(0);
  });

  it("has exactly the three add-ons of the spec", () => {
    expect(Object.fromEntries(ADD_ONS.map((a) => [a.id, a.price]))).toEqual(EXPECTED_ADD_ONS);
  });
});

describe("savings", () => {
  it("is the initial price minus the plan price for every range", () => {
    for (const range of PANE_RANGES) {
      const [initial, monthly, quarterly, biannual] = EXPECTED_TABLE[range.id]!;
      expect(firstVisitSaving(range.id, "monthly")).toBe(initial - monthly);
      expect(firstVisitSaving(range.id, "quarterly")).toBe(initial - quarterly);
      expect(firstVisitSaving(range.id, "biannual")).toBe(initial - biannual);
      expect(firstVisitSaving(range.id, "initial")).toBe(0);
    }
  });

  it("gives the plan discounts the copy states", () => {
    expect(planDiscount("monthly")).toBe(150);
    expect(planDiscount("quarterly")).toBe(100);
    expect(planDiscount("biannual")).toBe(50);
  });

  it("gives the most a plan saves in a year: the first visit, then 20% of the one-time price on each later visit", () => {
    // Largest home with every add-on: $595 + $175 = $770 one time, so $154 off each later visit.
    expect(maxYearlySaving("monthly", 12)).toBe(150 + 11 * 154);
    expect(maxYearlySaving("quarterly", 4)).toBe(100 + 3 * 154);
    expect(maxYearlySaving("biannual", 2)).toBe(50 + 154);
    // A single visit a year saves only the first-visit discount.
    expect(maxYearlySaving("monthly", 1)).toBe(150);
  });

  it("rounds a yearly saving down, never promising a cent more than the table gives", () => {
    expect(Number.isInteger(maxYearlySaving("quarterly", 5))).toBe(true);
    expect(maxYearlySaving("quarterly", 5)).toBeLessThanOrEqual(100 + 4 * 154);
  });
});
