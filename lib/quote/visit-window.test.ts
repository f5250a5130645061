import { describe, expect, it } from "vitest";
import { SITE } from "@/content/site";
import { closedDaysOfYears } from "./closed-days";
import {
  addDays,
  businessToday,
  formatCalendarDate,
  visitDates,
  visitWindowError,
} from "./visit-window";

// Monday 23 November 2026, 11:00 in Tampa (16:00 UTC).
const MONDAY = new Date("2026-11-23T16:00:00Z");

describe("businessToday", () => {
  it("counts the date in the business's time zone, not UTC", () => {
    // 02:00 UTC on the 24th is still the evening of the 23rd in Tampa.
    expect(businessToday(new Date("2026-11-24T02:00:00Z"))).toBe("2026-11-23");
    expect(businessToday(new Date("2026-11-24T06:00:00Z"))).toBe("2026-11-24");
  });
});

const NO_HOLIDAYS = new Map<string, string>();
const HOLIDAYS_2026 = closedDaysOfYears(2026, 2027);

describe("visitDates", () => {
  it("starts tomorrow, ends the last day allowed, and leaves out closed days", () => {
    const dates = visitDates(MONDAY, { closedDays: NO_HOLIDAYS });
    expect(dates[0]).toBe("2026-11-24");
    expect(dates.at(-1)).toBe(addDays("2026-11-23", SITE.visitWindowDaysAhead));
    expect(dates).toContain("2026-11-28");
    expect(dates).not.toContain("2026-11-29");
  });

  it("follows the site's own hours: every date allowed is an open day", () => {
    const open = new Set(SITE.openingHours.flatMap((entry) => entry.days));
    const dates = visitDates(MONDAY, { closedDays: HOLIDAYS_2026 });
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) {
      const name = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(
        new Date(`${date}T00:00:00Z`),
      );
      expect(open.has(name as never), `${date} is a ${name}`).toBe(true);
    }
    expect(dates.at(-1)! <= addDays("2026-11-23", SITE.visitWindowDaysAhead)).toBe(true);
  });

  it("leaves out the holidays the business closes on", () => {
    const dates = visitDates(MONDAY, { closedDays: HOLIDAYS_2026 });
    // Thanksgiving (Thursday), Christmas (Friday), New Year's Day 2027 (Friday): open weekdays.
    for (const holiday of ["2026-11-26", "2026-12-25", "2027-01-01"]) {
      expect(dates).not.toContain(holiday);
    }
    expect(dates).toContain("2026-11-27");
    expect(dates).toContain("2026-12-24");
    expect(dates).toContain("2026-12-31");
  });

  it("offers no date past the last day of the quote's price lock", () => {
    const dates = visitDates(MONDAY, { closedDays: new Set(), lastDate: "2026-12-10" });
    expect(dates.at(-1)).toBe("2026-12-10");
    expect(visitDates(MONDAY, { closedDays: new Set(), lastDate: "2026-11-23" })).toEqual([]);
  });

  it("offers no date past the last day its holidays are known for", () => {
    const dates = visitDates(MONDAY, { closedDays: new Set(), knownUntil: "2026-12-31" });
    expect(dates.at(-1)).toBe("2026-12-31");
    expect(visitDates(MONDAY, { closedDays: new Set(), knownUntil: "2026-11-23" })).toEqual([]);
  });
});

describe("visitWindowError", () => {
  const at = (earliestDate: string) =>
    visitWindowError({ earliestDate, partOfDay: "morning" }, MONDAY, { closedDays: NO_HOLIDAYS });
  const lastDay = addDays("2026-11-23", SITE.visitWindowDaysAhead);

  it("accepts tomorrow and the last day, on open days", () => {
    expect(at("2026-11-24")).toBeNull();
    expect(at(lastDay)).toBeNull();
  });

  it("refuses today, the past, and beyond the last day", () => {
    const message = `Choose an earliest date from tomorrow up to ${SITE.visitWindowDaysAhead} days out`;
    expect(at("2026-11-23")).toBe(message);
    expect(at("2025-01-01")).toBe(message);
    expect(at(addDays(lastDay, 1))).toBe(message);
  });

  it("refuses a date past the price lock, naming its last day", () => {
    const window = { earliestDate: "2026-12-04", partOfDay: "any" } as const;
    const options = { closedDays: NO_HOLIDAYS, lastDate: "2026-12-03" };
    expect(visitWindowError(window, MONDAY, options)).toBe(
      "This price is held until Thursday, December 3, 2026: choose an earliest date up to then, or call us for a later visit",
    );
    expect(visitWindowError({ ...window, earliestDate: "2026-12-03" }, MONDAY, options)).toBeNull();
  });

  it("refuses a closed day, naming it", () => {
    expect(at("2026-11-29")).toBe("We do not visit on Sundays: choose a day we are open");
  });

  it("refuses a holiday the business closes on, naming it", () => {
    const window = { earliestDate: "2026-11-26", partOfDay: "any" } as const;
    expect(visitWindowError(window, MONDAY, { closedDays: HOLIDAYS_2026 })).toBe(
      "We are closed on Thanksgiving Day: choose another day",
    );
    expect(visitWindowError(window, MONDAY, { closedDays: NO_HOLIDAYS })).toBeNull();
  });

  it("refuses what is no calendar date", () => {
    for (const date of ["2026-02-30", "2026-13-01", "tomorrow", "2026-1-5", ""]) {
      expect(at(date)).toBe("Choose an earliest date for the visit");
    }
  });
});

describe("formatCalendarDate", () => {
  it("writes the date as a visitor reads it, whatever the machine's zone", () => {
    expect(formatCalendarDate("2026-11-24")).toBe("Tuesday, November 24, 2026");
    expect(formatCalendarDate("2026-11-24", { short: true })).toBe("Tue, Nov 24");
  });
});
