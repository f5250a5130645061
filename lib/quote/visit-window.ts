import { SITE } from "@/content/site";
import { WEEK } from "@/lib/opening-hours";
import { ISO_DATE, type PartOfDay } from "@shared/quote/choices";

/**
 * The visit window a visitor may ask for on the saved-quote page (docs/pages.md, "Saved quote"), in
 * calendar dates ("YYYY-MM-DD") of the business's time zone. Pure: the clock and the holidays
 * (./closed-days.ts) are arguments.
 */

export type VisitWindow = { earliestDate: string; partOfDay: PartOfDay };

/** The calendar date in the business's time zone at `now`. */
export function businessToday(now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: SITE.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** Midnight UTC of a calendar date, or null for a string that is no real date ("2026-02-30"). */
export function calendarDate(date: string): Date | null {
  if (!ISO_DATE.test(date)) return null;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date
    ? null
    : parsed;
}

export function addDays(date: string, days: number): string {
  const start = calendarDate(date);
  if (!start) throw new Error(`Not a calendar date: ${date}`);
  return new Date(start.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

function weekday(date: Date): (typeof WEEK)[number] {
  // getUTCDay: 0 is Sunday; WEEK starts on Monday.
  return WEEK[(date.getUTCDay() + 6) % 7] ?? "Monday";
}

const OPEN_DAYS: ReadonlySet<string> = new Set(SITE.openingHours.flatMap((entry) => entry.days));

/** The holidays the business closes on: each date, "YYYY-MM-DD", with the holiday's name. */
export type ClosedDays = ReadonlyMap<string, string>;

/** The closed days a page carries (its build's years), and the last day they cover. */
export type KnownClosedDays = { dates: readonly string[]; knownUntil: string };

/** Every date a visit may be asked for, in order: from tomorrow, open days only, no holiday. */
export function visitDates(
  now: Date,
  {
    closedDays,
    knownUntil,
    lastDate,
  }: {
    closedDays: Pick<ClosedDays, "has">;
    /** The last date the closed days are known for (a page's carried years): none later is offered. */
    knownUntil?: string;
    /** The last day of the quote's price lock (./price-lock.ts validUntil), when there is a quote. */
    lastDate?: string;
  },
): string[] {
  const today = businessToday(now);
  const dates: string[] = [];
  for (let offset = 1; offset <= SITE.visitWindowDaysAhead; offset++) {
    const date = addDays(today, offset);
    if ((knownUntil && date > knownUntil) || (lastDate && date > lastDate)) break;
    const day = calendarDate(date);
    if (day && OPEN_DAYS.has(weekday(day)) && !closedDays.has(date)) dates.push(date);
  }
  return dates;
}

/** Why a window cannot be asked for at `now`, in words a visitor reads, or null when it can. */
export function visitWindowError(
  window: VisitWindow,
  now: Date,
  { closedDays, lastDate }: { closedDays: ClosedDays; lastDate?: string },
): string | null {
  const daysAhead = SITE.visitWindowDaysAhead;
  const day = calendarDate(window.earliestDate);
  if (!day) return "Choose an earliest date for the visit";
  const today = businessToday(now);
  if (window.earliestDate <= today || window.earliestDate > addDays(today, daysAhead)) {
    return `Choose an earliest date from tomorrow up to ${daysAhead} days out`;
  }
  if (lastDate && window.earliestDate > lastDate) {
    return `This price is held until ${formatCalendarDate(lastDate)}: choose an earliest date up to then, or call us for a later visit`;
  }
  if (!OPEN_DAYS.has(weekday(day))) {
    return `We do not visit on ${weekday(day)}s: choose a day we are open`;
  }
  const holiday = closedDays.get(window.earliestDate);
  if (holiday) return `We are closed on ${holiday}: choose another day`;
  return null;
}

/** "Tuesday, November 24, 2026" (with `short`: "Tue, Nov 24"). */
export function formatCalendarDate(date: string, { short = false } = {}): string {
  const day = calendarDate(date);
  if (!day) return date;
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: short ? "short" : "long",
    month: short ? "short" : "long",
    day: "numeric",
    ...(short ? {} : { year: "numeric" }),
  }).format(day);
}
