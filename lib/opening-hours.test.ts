import { describe, expect, it } from "vitest";
import {
  formatDays,
  formatTime,
  openingHoursRows,
  openingHoursSentence,
  WEEK,
} from "./opening-hours";

describe("formatTime", () => {
  it.each([
    ["08:00", "8 AM"],
    ["00:00", "12 AM"],
    ["12:00", "12 PM"],
    ["15:30", "3:30 PM"],
    ["18:05", "6:05 PM"],
  ])("%s → %s", (input, expected) => expect(formatTime(input)).toBe(expected));
});

describe("formatDays", () => {
  it("joins consecutive days into a range", () => {
    expect(formatDays(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])).toBe("Mon–Fri");
  });
  it("lists a lone day and separate runs", () => {
    expect(formatDays(["Saturday"])).toBe("Sat");
    expect(formatDays(["Friday", "Monday", "Tuesday", "Sunday"])).toBe("Mon–Tue, Fri, Sun");
  });
});

describe("openingHoursRows", () => {
  it("shows the site's hours and the closed day", () => {
    expect(openingHoursRows()).toEqual([
      { days: "Mon–Fri", hours: "8 AM – 6 PM" },
      { days: "Sat", hours: "9 AM – 3 PM" },
      { days: "Sun", hours: "Closed" },
    ]);
  });
  it("adds no closed row when every day is open", () => {
    expect(openingHoursRows([{ days: WEEK, opens: "09:00", closes: "17:00" }])).toEqual([
      { days: "Mon–Sun", hours: "9 AM – 5 PM" },
    ]);
  });
});

describe("openingHoursSentence", () => {
  it("reads the site's hours as one line", () => {
    expect(openingHoursSentence()).toBe("Mon–Fri 8 AM – 6 PM, Sat 9 AM – 3 PM, Sun closed");
  });
});
