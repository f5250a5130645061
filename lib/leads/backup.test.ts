import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import { storeLead } from "@/tests/support/leads";
import { testDir } from "@/tests/support/temp-dir";
import { SCHEMA_VERSION } from "./database";
import {
  backupInbox,
  backupTarget,
  datedBackupName,
  datedBackups,
  defaultBackupFolder,
} from "./backup";
import { REPLAY_WINDOW_MS, openLeadInbox } from "./inbox";
import { InboxCommandError, writeCopy } from "./inbox-copy";
import { restoreMarkerPath, walPath } from "./inbox-file";

let dir: string;
let file: string;

beforeEach(() => {
  dir = testDir("backup");
  file = path.join(dir, "leads.db");
});

const MAIL = { windowMs: 120_000, settleMs: 15_000 };

function seed(count = 3) {
  const inbox = openLeadInbox(file);
  const leads = Array.from({ length: count }, (_, i) =>
    storeLead(inbox, { name: `Visitor ${i}` }, { mail: MAIL, forwarding: true }),
  );
  storeLead(inbox, { name: "Bot" }, { spamReason: "the hidden honeypot field was filled in" });
  return { inbox, leads };
}

const names = (db: string) => {
  const copy = new DatabaseSync(db, { readOnly: true });
  try {
    return copy
      .prepare("SELECT name FROM leads ORDER BY name")
      .all()
      .map((row) => row.name);
  } finally {
    copy.close();
  }
};

describe("npm run leads -- backup", () => {
  it("copies the open inbox into one checked file and counts what it holds", () => {
    const { inbox } = seed();
    const result = backupInbox(file, { kind: "file", file: path.join(dir, "copy.db") });
    expect(result.file).toBe(path.join(dir, "copy.db"));
    expect(result.counts).toEqual({
      schemaVersion: SCHEMA_VERSION,
      leads: 3,
      spam: 1,
      mail: { pending: 6 },
      deliveries: { pending: 3 },
    });
    expect(names(result.file)).toEqual(["Bot", "Visitor 0", "Visitor 1", "Visitor 2"]);
    // One self-contained file, in rollback mode: nothing beside it to forget to copy.
    expect(existsSync(walPath(result.file))).toBe(false);
    expect(readFileSync(result.file).subarray(18, 20)).toEqual(Buffer.from([1, 1]));
    // The inbox is still the server's: open, and taking leads.
    storeLead(inbox, { name: "After" });
    inbox.close();
    expect(names(result.file)).not.toContain("After");
  });

  it("leaves out what the inbox has erased: a saved-quote token gone after 24 hours", () => {
    const inbox = openLeadInbox(file);
    const key = "6f1c1f7e-8d0a-4b8e-9a57-2f4f0f6f7a11";
    const { token } = storeLead(inbox, {}, { idempotency: { key, requestHash: "h" } });
    inbox.forgetExpiredTokens(Date.now() + REPLAY_WINDOW_MS + 1000);
    const live = [file, walPath(file)].filter(existsSync).map((each) => readFileSync(each));
    // The erased token's bytes linger in the inbox's free space and log, which a page copy keeps.
    expect(live.some((bytes) => bytes.includes(token))).toBe(true);
    const { file: copy } = backupInbox(file, { kind: "file", file: path.join(dir, "copy.db") });
    expect(readFileSync(copy).includes(token)).toBe(false);
    inbox.close();
  });

  it("writes dated files into a folder and keeps the newest N, touching nothing else there", () => {
    seed().inbox.close();
    const folder = defaultBackupFolder(file);
    expect(folder).toBe(path.join(dir, "backups"));
    const days = ["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04"];
    const written = days.map(
      (day) =>
        backupInbox(file, { kind: "folder", folder, keep: null }, new Date(`${day}T03:00:00Z`))
          .file,
    );
    expect(written[0]).toBe(path.join(folder, "leads-2026-05-01T03-00-00.000Z.db"));
    writeFileSync(path.join(folder, "notes.txt"), "the owner's own file");
    const kept = backupInbox(
      file,
      { kind: "folder", folder, keep: 2 },
      new Date("2026-05-05T03:00:00Z"),
    );
    expect(kept.removed).toEqual(
      days.slice(0, 3).map((day) => datedBackupName(new Date(`${day}T03:00:00Z`))),
    );
    expect(datedBackups(folder)).toEqual([
      "leads-2026-05-04T03-00-00.000Z.db",
      "leads-2026-05-05T03-00-00.000Z.db",
    ]);
    expect(readdirSync(folder)).toContain("notes.txt");
  });

  it("reads a new name with an extension as a file, any other as a folder", () => {
    const folder = (name?: string) => backupTarget(file, name, 3);
    expect(folder()).toEqual({ kind: "folder", folder: path.join(dir, "backups"), keep: 3 });
    expect(folder("/mnt/usb/leads.db")).toEqual({ kind: "file", file: "/mnt/usb/leads.db" });
    expect(folder("/mnt/usb/backups")).toEqual({
      kind: "folder",
      folder: "/mnt/usb/backups",
      keep: 3,
    });
    expect(folder("/mnt/usb/v1.2/")).toMatchObject({ kind: "folder" });
    writeFileSync(path.join(dir, "copy"), "an existing file");
    expect(folder(path.join(dir, "copy"))).toMatchObject({ kind: "file" });
    expect(folder(dir)).toMatchObject({ kind: "folder", folder: dir });
  });

  it("refuses with a reason: no inbox, the inbox itself as the copy, a restore at work", () => {
    const refusal = (target: Parameters<typeof backupInbox>[1]) => {
      try {
        backupInbox(file, target);
      } catch (error) {
        expect(error).toBeInstanceOf(InboxCommandError);
        return (error as Error).message;
      }
      throw new Error("Expected a refusal.");
    };
    const copy = { kind: "file", file: path.join(dir, "copy.db") } as const;
    expect(refusal(copy)).toBe(`No lead inbox at ${file} (LEADS_DB_PATH): nothing to back up.`);
    expect(existsSync(file)).toBe(false);
    seed().inbox.close();
    expect(refusal({ kind: "file", file })).toBe(
      `${file} is the inbox itself: back it up to another file.`,
    );
    expect(refusal({ kind: "file", file: walPath(file) })).toMatch(/is the inbox itself/);
    writeFileSync(
      restoreMarkerPath(file),
      JSON.stringify({ pid: process.pid, from: "old.db", startedAt: "2026-05-01T03:00:00.000Z" }),
    );
    expect(refusal(copy)).toMatch(/^The lead inbox .* is being restored from old\.db/);
    expect(existsSync(copy.file)).toBe(false);
  });

  it("writes atomically: a copy that fails its check leaves the file before it, and no part of it", () => {
    seed().inbox.close();
    const target = path.join(dir, "copy.db");
    writeFileSync(target, "yesterday's backup");
    const source = new DatabaseSync(file, { readOnly: true });
    expect(() =>
      writeCopy(source, target, () => {
        throw new InboxCommandError("the check failed");
      }),
    ).toThrow("the check failed");
    source.close();
    expect(readFileSync(target, "utf8")).toBe("yesterday's backup");
    expect(readdirSync(dir).filter((name) => name.includes("partial"))).toEqual([]);
  });
});
