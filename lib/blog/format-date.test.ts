import { afterEach, describe, expect, it } from "vitest";
import { formatPostDate, parseIsoDate } from "./format-date";

const ORIGINAL_TZ = process.env.TZ;

describe("formatPostDate", () => {
  afterEach(() => {
    process.env.TZ = ORIGINAL_TZ;
  });

  it("writes en-US short month, day, year", () => {
    expect(formatPostDate("2025-01-15")).toBe("Jan 15, 2025");
    expect(formatPostDate("2024-12-28")).toBe("Dec 28, 2024");
    expect(formatPostDate("2024-12-05")).toBe("Dec 5, 2024");
  });

  it("keeps the calendar day in every time zone", () => {
    for (const zone of ["Pacific/Honolulu", "America/New_York", "UTC", "Pacific/Kiritimati"]) {
      process.env.TZ = zone;
      expect(formatPostDate("2025-01-01")).toBe("Jan 1, 2025");
      expect(formatPostDate("2024-12-31")).toBe("Dec 31, 2024");
    }
  });

  it("rejects anything that is not a real calendar date", () => {
    for (const bad of ["2025-02-30", "2025-1-5", "Jan 15, 2025", "2025-01-15T10:00:00Z", ""]) {
      expect(() => parseIsoDate(bad)).toThrow();
    }
  });
});
