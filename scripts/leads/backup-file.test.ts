import { describe, expect, it } from "vitest";
import { BackupFileProblem, readBackup, writeBackup, type Backup } from "./backup-file";

const backup: Backup = {
  header: {
    format: 1,
    migrations: ["20261121080000", "20261210080000"],
    postgres: 17,
    takenAt: "2026-11-27T03:00:00.000Z",
    tables: [
      { name: "quote_requests", columns: ["id", "name"], rows: 2 },
      { name: "lead_outbox", columns: ["id", "lead_id"], rows: 0 },
    ],
  },
  rows: new Map([
    // COPY's text format: a tab between cells, a newline or backslash in a value escaped.
    ["quote_requests", ["a\tJane\\nDoe", "b\tO\\\\Brien"]],
    ["lead_outbox", []],
  ]),
};

describe("the owner's backup file", () => {
  it("reads back what was written, plain or gzipped", () => {
    for (const gzip of [false, true]) {
      const read = readBackup(writeBackup(backup, gzip), "leads.backup");
      expect(read.header).toEqual(backup.header);
      expect([...read.rows]).toEqual([...backup.rows]);
    }
  });

  it("is a psql script after its header: each table a COPY … FROM stdin ending in \\.", () => {
    const text = writeBackup(backup, false).toString("utf8");
    expect(text.split("\n").slice(1)).toEqual([
      'COPY public."quote_requests" ("id", "name") FROM stdin;',
      "a\tJane\\nDoe",
      "b\tO\\\\Brien",
      "\\.",
      'COPY public."lead_outbox" ("id", "lead_id") FROM stdin;',
      "\\.",
      "",
    ]);
  });

  it("refuses a file cut short, a foreign file and a damaged gzip, saying which", () => {
    const whole = writeBackup(backup, false).toString("utf8");
    const cut = Buffer.from(whole.split("\n").slice(0, 3).join("\n"));
    expect(() => readBackup(cut, "cut.backup")).toThrow(
      new BackupFileProblem(
        "cut.backup is cut short or damaged: quote_requests should have 2 rows",
      ),
    );
    expect(() => readBackup(Buffer.from("SQLite format 3\0"), "leads.db")).toThrow(
      /leads\.db is not a backup of this site's lead store/,
    );
    const gzipped = writeBackup(backup, true);
    expect(() => readBackup(gzipped.subarray(0, 20), "x.gz")).toThrow(
      /x\.gz is not a whole gzip file/,
    );
  });
});
