import { describe, expect, it } from "vitest";
import { PRICE_LOCK_DAYS } from "@shared/content/pricing";
import { addDays } from "./visit-window";
import { isExpired, validUntil } from "./price-lock";

const REQUESTED = "2026-11-23T16:00:00.000Z"; // 11:00 in Tampa

describe("the price lock", () => {
  it("runs PRICE_LOCK_DAYS days from the day of the request", () => {
    expect(validUntil(REQUESTED)).toBe(addDays("2026-11-23", PRICE_LOCK_DAYS));
  });

  it("holds through its last day, in the business's time zone, and ends the day after", () => {
    const last = validUntil(REQUESTED);
    // 23:30 on the last day in Tampa is already the next day in UTC.
    expect(isExpired(REQUESTED, new Date(`${last}T23:30:00-05:00`))).toBe(false);
    expect(isExpired(REQUESTED, new Date(`${addDays(last, 1)}T00:30:00-05:00`))).toBe(true);
    expect(isExpired(REQUESTED, new Date(REQUESTED))).toBe(false);
  });
});
