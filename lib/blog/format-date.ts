import { calendarDate } from "@/lib/quote/visit-window";

const SHORT_DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar date as UTC midnight, so no time zone can move it to the day before. */
export function parseIsoDate(iso: string): Date {
  const date = calendarDate(iso);
  if (!date) throw new Error(`Not a calendar date (YYYY-MM-DD): ${iso}`);
  return date;
}

/** "2025-01-15" → "Jan 15, 2025" (en-US short month, day, year: docs/pages.md, "Blog index"). */
export function formatPostDate(iso: string): string {
  return SHORT_DATE.format(parseIsoDate(iso));
}
