const SHORT_DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as UTC midnight, so no time zone can move it to the day before. */
export function parseIsoDate(iso: string): Date {
  const date = new Date(`${iso}T00:00:00Z`);
  if (
    !ISO_DATE.test(iso) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== iso
  ) {
    throw new Error(`Not a calendar date (YYYY-MM-DD): ${iso}`);
  }
  return date;
}

/** "2025-01-15" → "Jan 15, 2025" (en-US short month, day, year: docs/pages.md, "Blog index"). */
export function formatPostDate(iso: string): string {
  return SHORT_DATE.format(parseIsoDate(iso));
}
