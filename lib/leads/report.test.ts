import { afterEach, describe, expect, it } from "vitest";
import { leadFixture } from "@/tests/support/leads";
import {
  formatLeadDetail,
  formatLeadTable,
  formatWhen,
  leadsToCsv,
  spreadsheetTime,
} from "./report";

const machineZone = process.env.TZ;
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe("the owner's times", () => {
  it("are the business's local time (America/New_York), whatever the machine's zone", () => {
    for (const zone of ["UTC", "Asia/Tokyo", "America/Los_Angeles"]) {
      process.env.TZ = zone;
      expect(formatWhen("2026-11-23T11:10:00.000Z")).toBe("Mon, Nov 23, 2026, 6:10 AM EST");
      expect(formatWhen("2026-07-04T16:00:00.000Z")).toBe("Sat, Jul 4, 2026, 12:00 PM EDT");
      // The export's cells: the same local time, as a spreadsheet reads one, on both sides of DST.
      expect(spreadsheetTime("2026-11-23T11:10:00.000Z")).toBe("2026-11-23 06:10:00");
      expect(spreadsheetTime("2026-07-04T04:00:05.000Z")).toBe("2026-07-04 00:00:05");
    }
  });
});

describe("the owner's dead-letter alert in the owner's command", () => {
  it("is named in the E-mail column, and with its reason on the --failed list when refused", () => {
    const lead = leadFixture();
    const alert = {
      channel: "mail",
      kind: "dead_letter",
      seq: 1,
      status: "dead",
      attempts: 1,
      lastError: "550 5.1.1 mailbox unavailable",
      sentAt: null,
      dueAt: "2026-11-23T11:10:00.000Z",
    } as const;
    const list = { leads: [{ lead, outbox: [alert] }], total: 1, spamCount: 0 };
    expect(formatLeadTable(list, "leads")).toMatch(/ CRM-failure alert REFUSED\n/);
    expect(formatLeadTable(list, "failed")).toMatch(
      / CRM-failure alert e-mail: 550 5\.1\.1 mailbox unavailable\n/,
    );
    expect(formatLeadDetail(list.leads[0]!)).toContain(
      "E-mail:             CRM-failure alert 1, 1 attempt, refused: 550 5.1.1 mailbox unavailable",
    );
  });
});

describe("a lead changed after its contact step", () => {
  const at = "2026-11-23T11:10:00.000Z";
  const lead = leadFixture(
    { email: "dana@example.com" },
    {
      version: 2,
      changes: [{ version: 2, at, fields: { email: ["dna@example.com", "dana@example.com"] } }],
    },
  );

  it("is one lead whose `show` lists each change, old -> new, with its time", () => {
    const line = formatLeadDetail({ lead, outbox: [] })
      .split("\n")
      .find((each) => each.startsWith("Changed:"));
    const spaced = (text = "") => text.replace(/\s+/g, " ");
    expect(spaced(line)).toBe(
      spaced(`Changed: ${formatWhen(at)}: Email dna@example.com → dana@example.com`),
    );
  });

  it("is one CSV row whose last column lists its changes", () => {
    const [header, row] = leadsToCsv([lead]).split("\r\n");
    expect(header?.split(",").at(-1)).toBe("changes");
    expect(row?.split(",").at(-1)).toBe(
      `${spreadsheetTime(at)}: Email dna@example.com → dana@example.com`,
    );
  });
});
