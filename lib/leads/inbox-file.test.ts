import { mkdirSync, openSync, statSync, writeFileSync, writeSync, closeSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { storeLead } from "@/tests/support/leads";
import { thrown } from "@/tests/support/sqlite-errors";
import { testDir } from "@/tests/support/temp-dir";
import { openLeadInbox } from "./inbox";
import { restoreMarkerPath, walPath } from "./inbox-file";
import { inboxProblemMessage } from "./storage";

/** Why opening the inbox at `file` as the server does failed, in the words the owner reads. */
function startProblem(file: string): string {
  return inboxProblemMessage(
    file,
    thrown(() => openLeadInbox(file, { checkUsable: true })),
  );
}

/** A pid no process has (the kernel's maximum is far below it). */
const DEAD_PID = 2 ** 30;

describe("the inbox's files, before it opens", () => {
  it("creates a new inbox where none was", () => {
    const file = path.join(testDir("inbox-file"), "new", "leads.db");
    openLeadInbox(file, { checkUsable: true }).close();
    expect(statSync(file).isFile()).toBe(true);
  });

  it("refuses a folder where the file should be", () => {
    const file = path.join(testDir("inbox-file"), "leads.db");
    mkdirSync(file);
    expect(startProblem(file)).toBe(
      `The lead inbox ${file} (LEADS_DB_PATH) is a folder, not a file: LEADS_DB_PATH must name the database file.`,
    );
  });

  it("refuses to start an empty inbox over the write-ahead log of a deleted one", () => {
    const file = path.join(testDir("inbox-file"), "leads.db");
    writeFileSync(walPath(file), "frames of committed leads");
    expect(startProblem(file)).toMatch(
      /is missing, but its write-ahead log .*leads\.db-wal is there: the file was deleted or moved/,
    );
    // An empty log (a reader's leftover) holds nothing: a new inbox starts.
    writeFileSync(walPath(file), "");
    openLeadInbox(file).close();
  });

  it("refuses while a restore works on the inbox, and after one was interrupted", () => {
    const file = path.join(testDir("inbox-file"), "leads.db");
    openLeadInbox(file).close();
    const marker = { from: "backups/leads-1.db", startedAt: "2026-05-01T03:00:00.000Z" };
    writeFileSync(restoreMarkerPath(file), JSON.stringify({ ...marker, pid: process.pid }));
    expect(startProblem(file)).toBe(
      `The lead inbox ${file} (LEADS_DB_PATH) is being restored from backups/leads-1.db (npm run leads -- restore, process ${process.pid}, since 2026-05-01T03:00:00.000Z): start again once it has finished.`,
    );
    writeFileSync(restoreMarkerPath(file), JSON.stringify({ ...marker, pid: DEAD_PID }));
    expect(startProblem(file)).toMatch(
      /was being restored when the restore stopped \(.*leads\.db\.restoring is left\): run the restore again/,
    );
  });

  it("refuses a damaged file at start, saying to restore the latest backup", () => {
    const file = path.join(testDir("inbox-file"), "leads.db");
    const inbox = openLeadInbox(file);
    for (let i = 0; i < 40; i++)
      storeLead(inbox, { name: `Visitor ${i}`, message: "x".repeat(900) });
    inbox.close();
    // Scribble over the middle of the file: pages of leads, not the header SQLite reads first.
    const fd = openSync(file, "r+");
    writeSync(
      fd,
      Buffer.alloc(8192, 0x5a),
      0,
      8192,
      Math.floor(statSync(file).size / 2 / 4096) * 4096,
    );
    closeSync(fd);
    expect(startProblem(file)).toMatch(
      /^The lead inbox .* \(LEADS_DB_PATH\) is damaged \(.+\)\. Restore the latest backup: npm run leads -- restore FILE/,
    );
  });
});
