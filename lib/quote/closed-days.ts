import Holidays from "date-holidays";
import { SITE } from "@/content/site";
import { validUntil } from "./price-lock";
import {
  addDays,
  businessToday,
  visitDates,
  type ClosedDays,
  type KnownClosedDays,
} from "./visit-window";

/**
 * The holidays the business closes on (docs/decisions.md, "Saved quote"), dated by date-holidays:
 * it holds every country's rules, so only the server and the build import this module.
 */

// The names in American English, as SITE.closedHolidays has them ("en" says "Labour Day").
const LANGUAGE = "en-us";
const calendar = new Holidays(SITE.region.country, SITE.region.code, { languages: [LANGUAGE] });
const closedHolidays: ReadonlySet<string> = new Set(SITE.closedHolidays);
const byYear = new Map<number, { date: string; name: string }[]>();

/** The closed days of every year from `fromYear` through `toYear`, each year dated once. */
export function closedDaysOfYears(fromYear: number, toYear: number): ClosedDays {
  const days = new Map<string, string>();
  for (let year = fromYear; year <= toYear; year++) {
    const closed =
      byYear.get(year) ??
      calendar
        .getHolidays(year, LANGUAGE)
        .filter((day) => !day.substitute && closedHolidays.has(day.name));
    byYear.set(year, closed);
    for (const day of closed) days.set(day.date.slice(0, 10), day.name);
  }
  return days;
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/** The closed days a visit window asked for at `now` may fall on (the server's check). */
export function closedDaysAround(now: Date): ClosedDays {
  const today = businessToday(now);
  return closedDaysOfYears(yearOf(today), yearOf(addDays(today, SITE.visitWindowDaysAhead)));
}

/** Every date the server accepts a visit window for at `now`, within the quote's price lock. */
export function acceptedVisitDates(now: Date, requestedAt?: string): string[] {
  const lastDate = requestedAt === undefined ? undefined : validUntil(requestedAt);
  return visitDates(now, { closedDays: closedDaysAround(now), lastDate });
}

/**
 * How many calendar years of closed days a prerendered page carries, from its build's: the page
 * offers no date past them, so a site left unbuilt that long offers fewer, never a closed day.
 */
export const YEARS_CARRIED = 3;

/** The closed days the saved-quote page carries, computed at build: dates only, a few hundred bytes. */
export function closedDaysToCarry(builtAt: Date): KnownClosedDays {
  const fromYear = yearOf(businessToday(builtAt));
  const toYear = fromYear + YEARS_CARRIED - 1;
  return {
    dates: [...closedDaysOfYears(fromYear, toYear).keys()],
    knownUntil: `${toYear}-12-31`,
  };
}
