import { SITE } from "@/content/site";

/** "08:00" → "8 am", "18:30" → "6:30 pm". */
export function formatClock(time: string): string {
  const [hourText = "0", minuteText = "00"] = time.split(":");
  const hour = Number(hourText);
  const suffix = hour >= 12 ? "pm" : "am";
  const twelveHour = hour % 12 === 0 ? 12 : hour % 12;
  return minuteText === "00" ? `${twelveHour} ${suffix}` : `${twelveHour}:${minuteText} ${suffix}`;
}

export type OpeningHoursLine = { days: string; hours: string };

/** SITE.openingHours for people: "Monday–Friday" / "8 am–6 pm". Days in a group are consecutive. */
export function openingHoursLines(): OpeningHoursLine[] {
  return SITE.openingHours.map((group) => {
    const first = group.days[0];
    const last = group.days.at(-1) ?? first;
    return {
      days: first === last ? first : `${first}–${last}`,
      hours: `${formatClock(group.opens)}–${formatClock(group.closes)}`,
    };
  });
}

/** One sentence of opening hours for copy: "Monday–Friday 8 am–6 pm and Saturday 9 am–3 pm". */
export function openingHoursSentence(): string {
  const parts = openingHoursLines().map((line) => `${line.days} ${line.hours}`);
  return parts.length > 1
    ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`
    : (parts[0] ?? "");
}
