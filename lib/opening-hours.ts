import { SITE } from "@/content/site";

export const WEEK = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
type Day = (typeof WEEK)[number];

export type HoursSpec = { days: readonly Day[]; opens: string; closes: string };
export type HoursRow = { days: string; hours: string };

/** "08:00" → "8 AM", "15:30" → "3:30 PM". */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const suffix = hours >= 12 ? "PM" : "AM";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0
    ? `${hour12} ${suffix}`
    : `${hour12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** ["Monday", …, "Friday"] → "Mon–Fri"; a lone day → "Sat"; gaps are listed with commas. */
export function formatDays(days: readonly Day[]): string {
  const runs: [from: Day, to: Day][] = [];
  for (const [index, day] of WEEK.entries()) {
    if (!days.includes(day)) continue;
    const run = runs.at(-1);
    if (run && run[1] === WEEK[index - 1]) run[1] = day;
    else runs.push([day, day]);
  }
  const short = (day: Day) => day.slice(0, 3);
  return runs
    .map(([from, to]) => (from === to ? short(from) : `${short(from)}–${short(to)}`))
    .join(", ");
}

/** Opening hours as visitors read them, with the closed days last. */
export function openingHoursRows(spec: readonly HoursSpec[] = SITE.openingHours): HoursRow[] {
  const rows = spec.map((entry) => ({
    days: formatDays(entry.days),
    hours: `${formatTime(entry.opens)} – ${formatTime(entry.closes)}`,
  }));
  const open = new Set(spec.flatMap((entry) => entry.days));
  const closed = WEEK.filter((day) => !open.has(day));
  return closed.length > 0 ? [...rows, { days: formatDays(closed), hours: "Closed" }] : rows;
}

/** One line for copy: "Mon–Fri 8 AM – 6 PM, Sat 9 AM – 3 PM, Sun closed". */
export function openingHoursSentence(spec: readonly HoursSpec[] = SITE.openingHours): string {
  return openingHoursRows(spec)
    .map((row) => `${row.days} ${row.hours === "Closed" ? "closed" : row.hours}`)
    .join(", ");
}
