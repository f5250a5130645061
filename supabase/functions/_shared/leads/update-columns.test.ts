import { describe, expect, it } from "vitest";
import { currentPriceSheet } from "../quote/locked-price.ts";
import { quoteTotal } from "../quote/pricing.ts";
import { updateColumns, type PricedAnswers } from "./update-columns.ts";

/** The columns the store writes for an update. */

const LEAD: PricedAnswers = {
  paneCount: "41-60",
  frequency: "initial",
  addOns: { interior: true, screens: false, tracks: false },
};
const columns = (update: Parameters<typeof updateColumns>[1]) =>
  updateColumns(LEAD, update, currentPriceSheet());

describe("an update's columns", () => {
  it("keep the total the browser showed beside the server's, with the price it goes with", () => {
    expect(columns({ frequency: "monthly", totalPrice: 345 })).toMatchObject({
      frequency: "monthly",
      total_price: quoteTotal("41-60", "monthly", LEAD.addOns),
      client_total_price: 345,
    });
  });

  it("claim nothing about the browser's figure when a new price comes without one", () => {
    expect(columns({ frequency: "monthly" })).toMatchObject({ client_total_price: null });
  });

  it("leave both figures alone when the price does not move", () => {
    const update = { visitWindow: { earliestDate: "2026-12-01", partOfDay: "any" as const } };
    expect(columns(update)).not.toHaveProperty("total_price");
    expect(columns(update)).not.toHaveProperty("client_total_price");
  });

  it("set the add-ons an update names, and keep the others as the lead has them", () => {
    expect(columns({ addOns: { screens: true } })).toMatchObject({
      add_on_interior: true,
      add_on_screens: true,
      add_on_tracks: false,
      frequency: "initial",
    });
  });
});
