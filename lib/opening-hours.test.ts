import { describe, expect, it } from "vitest";
import { SITE } from "@/content/site";
import { formatClock, openingHoursLines, openingHoursSentence } from "./opening-hours";

describe("opening hours", () => {
  it("formats clock times the way people say them", () => {
    expect(formatClock("08:00")).toBe("8 am");
    expect(formatClock("18:00")).toBe("6 pm");
    expect(formatClock("12:00")).toBe("12 pm");
    expect(formatClock("00:30")).toBe("12:30 am");
  });

  it("shows one line per group in SITE.openingHours (DECISIONS: Mon–Fri 8–6, Sat 9–3)", () => {
    expect(openingHoursLines()).toEqual([
      { days: "Monday–Friday", hours: "8 am–6 pm" },
      { days: "Saturday", hours: "9 am–3 pm" },
    ]);
    expect(openingHoursLines()).toHaveLength(SITE.openingHours.length);
    expect(openingHoursSentence()).toBe("Monday–Friday 8 am–6 pm and Saturday 9 am–3 pm");
  });
});
