import { describe, expect, it } from "vitest";
import { SITE } from "@/content/site";
import {
  YEARS_CARRIED,
  acceptedVisitDates,
  closedDaysAround,
  closedDaysOfYears,
  closedDaysToCarry,
} from "./closed-days";
import { addDays, businessToday } from "./visit-window";

describe("closedDaysOfYears", () => {
  it("dates each holiday of the site's list once a year, as the library names it", () => {
    for (let year = 2025; year <= 2040; year++) {
      const names = [...closedDaysOfYears(year, year).values()];
      expect(names, String(year)).toEqual([...SITE.closedHolidays]);
    }
  });

  it("dates them as the library does for Florida", () => {
    expect([...closedDaysOfYears(2026, 2026)]).toEqual([
      ["2026-01-01", "New Year's Day"],
      ["2026-05-25", "Memorial Day"],
      ["2026-07-04", "Independence Day"],
      ["2026-09-07", "Labor Day"],
      ["2026-11-26", "Thanksgiving Day"],
      ["2026-12-25", "Christmas Day"],
    ]);
  });

  it("keeps the day itself, not the library's substitute day of a weekend holiday", () => {
    // Independence Day 2026 is a Saturday (an open day); the Friday before stays open.
    const dates = [...closedDaysOfYears(2026, 2026).keys()];
    expect(dates).toContain("2026-07-04");
    expect(dates).not.toContain("2026-07-03");
  });
});

describe("closedDaysAround", () => {
  it("covers every date a window may be asked for, across a new year", () => {
    const days = closedDaysAround(new Date("2026-12-20T15:00:00Z"));
    expect(days.get("2026-12-25")).toBe("Christmas Day");
    expect(days.get("2027-01-01")).toBe("New Year's Day");
  });
});

describe("acceptedVisitDates", () => {
  it("is what the server accepts: no holiday in it", () => {
    const now = new Date("2026-11-25T15:00:00Z");
    const dates = acceptedVisitDates(now);
    expect(dates[0]).toBe("2026-11-27");
    for (const date of closedDaysAround(now).keys()) expect(dates).not.toContain(date);
  });
});

describe("closedDaysToCarry", () => {
  it("carries the dates of the build's year and the ones after it, and says until when", () => {
    const builtAt = new Date("2026-11-25T15:00:00Z");
    const carried = closedDaysToCarry(builtAt);
    const lastYear = 2026 + YEARS_CARRIED - 1;
    expect(carried.knownUntil).toBe(`${lastYear}-12-31`);
    expect(carried.dates).toHaveLength(YEARS_CARRIED * SITE.closedHolidays.length);
    expect(carried.dates).toContain("2026-11-26");
    expect(carried.dates.at(-1)).toBe(`${lastYear}-12-25`);
    // A page built today offers dates for the whole window.
    expect(carried.knownUntil >= addDays(businessToday(builtAt), SITE.visitWindowDaysAhead)).toBe(
      true,
    );
  });
});
