import path from "node:path";
import { describe, expect, it } from "vitest";
import { sqliteErrors } from "@/tests/support/sqlite-errors";
import { testDir } from "@/tests/support/temp-dir";
import { InboxFileProblem } from "./inbox-file";
import { describeStorageFailure, inboxProblemMessage, storageFailure } from "./storage";

describe("what the disk did", () => {
  it("tells SQLite's disk and file errors from the code's own", () => {
    const errors = sqliteErrors(testDir("storage"));
    expect(storageFailure(errors.full)).toBe("full");
    expect(storageFailure(errors.readOnly)).toBe("read_only");
    expect(storageFailure(errors.notADatabase)).toBe("damaged");
    expect(storageFailure(errors.busy)).toBe("unavailable");
    // A UNIQUE violation is a bug or a duplicate, never the disk: it stays a 500.
    expect(storageFailure(errors.constraint)).toBeNull();
    expect(storageFailure(new Error("no such column: x"))).toBeNull();
  });

  it("reads the file system's own codes and follows an error's cause", () => {
    const enospc = Object.assign(new Error("write failed"), { code: "ENOSPC" });
    expect(storageFailure(enospc)).toBe("full");
    expect(storageFailure(Object.assign(new Error("x"), { code: "EROFS" }))).toBe("read_only");
    expect(storageFailure(new Error("wrapped", { cause: enospc }))).toBe("full");
    expect(storageFailure(Object.assign(new Error("x"), { code: "ENOENT" }))).toBeNull();
  });

  it("names the problem and what to do about it", () => {
    const dir = testDir("storage");
    const errors = sqliteErrors(dir);
    const file = path.join(dir, "leads.db");
    expect(describeStorageFailure(file, errors.full)).toMatch(
      new RegExp(
        `^cannot be written: the disk is full \\(.+ free on the file system holding ${dir}; database or disk is full\\)\\. Free some space, then start again\\.$`,
      ),
    );
    expect(describeStorageFailure(file, errors.notADatabase)).toBe(
      'is damaged (file is not a database). Restore the latest backup: npm run leads -- restore FILE (README, "Backups and restore").',
    );
    expect(describeStorageFailure(file, errors.readOnly)).toMatch(
      /^cannot be written: the disk or the file is read-only \(attempt to write a readonly database\)/,
    );
    expect(inboxProblemMessage(file, new InboxFileProblem("is a folder, not a file."))).toBe(
      `The lead inbox ${file} (LEADS_DB_PATH) is a folder, not a file.`,
    );
  });
});
