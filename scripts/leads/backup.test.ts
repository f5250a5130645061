import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readBackup, Refusal, writeBackup, type Backup } from "./backup";

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

const dir = mkdtempSync(path.join(tmpdir(), "backup-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `bytes` as the file `name`, its path. */
function file(name: string, bytes: Buffer | string): string {
  const written = path.join(dir, name);
  writeFileSync(written, bytes);
  return written;
}

describe("the owner's backup file", () => {
  it("reads back what was written, plain or gzipped", () => {
    for (const gzip of [false, true]) {
      const read = readBackup(file("leads.backup", writeBackup(backup, gzip)));
      expect(read.header).toEqual(backup.header);
      expect([...read.rows]).toEqual([...backup.rows]);
    }
  });

  it("is a psql script after its header: each table a COPY … FROM stdin ending in \\.", () => {
    const text = readFileSync(file("plain.backup", writeBackup(backup, false)), "utf8");
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

  it("refuses a file cut short, a foreign file, a damaged gzip and a missing file, saying which", () => {
    const whole = writeBackup(backup, false).toString("utf8");
    const cut = file("cut.backup", whole.split("\n").slice(0, 3).join("\n"));
    expect(() => readBackup(cut)).toThrow(
      new Refusal(`${cut} is cut short or damaged: quote_requests should have 2 rows`),
    );
    expect(() => readBackup(file("leads.db", "SQLite format 3\0"))).toThrow(
      /leads\.db is not a backup of this site's lead store/,
    );
    const damaged = file("x.gz", writeBackup(backup, true).subarray(0, 20));
    expect(() => readBackup(damaged)).toThrow(/x\.gz cannot be read: unexpected end of file/);
    expect(() => readBackup(path.join(dir, "none.backup"))).toThrow(
      /none\.backup cannot be read: ENOENT/,
    );
  });
});
