import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import { storeLead } from "@/tests/support/leads";
import { testDir } from "@/tests/support/temp-dir";
import { backupInbox } from "./backup";
import { SCHEMA_VERSION } from "./database";
import { openLeadInbox, type LeadInbox } from "./inbox";
import { InboxCommandError } from "./inbox-copy";
import { restoreMarkerPath, walPath } from "./inbox-file";
import { restoreInbox } from "./restore";

let dir: string;
let file: string;
let backupFile: string;

const MAIL = { windowMs: 120_000, settleMs: 15_000 };
const NOW = new Date("2026-05-02T09:00:00.000Z");

beforeEach(() => {
  dir = testDir("restore");
  file = path.join(dir, "leads.db");
  backupFile = path.join(dir, "backup.db");
});

function store(inbox: LeadInbox, name: string) {
  return storeLead(inbox, { name }, { mail: MAIL, forwarding: true });
}

/** An inbox with two leads, backed up; the inbox left open, as the server holds it. */
function inboxAndBackup(): LeadInbox {
  return inboxWithBackup().inbox;
}

function inboxWithBackup() {
  const inbox = openLeadInbox(file);
  const first = store(inbox, "Before 1");
  store(inbox, "Before 2");
  backupInbox(file, { kind: "file", file: backupFile });
  return { inbox, first };
}

function read<T>(db: string, query: string): T[] {
  const connection = new DatabaseSync(db, { readOnly: true });
  try {
    return connection.prepare(query).all() as T[];
  } finally {
    connection.close();
  }
}

const leadNames = (db: string) =>
  read<{ name: string }>(db, "SELECT name FROM leads ORDER BY name").map((row) => row.name);

async function refusal(from: string, options: { force?: boolean } = {}): Promise<string> {
  try {
    await restoreInbox(file, from, { ...options, now: NOW });
  } catch (error) {
    expect(error).toBeInstanceOf(InboxCommandError);
    return (error as Error).message;
  }
  throw new Error("Expected a refusal.");
}

/** Nothing of a refused restore is left: the inbox as it was, no copy beside it, no marker. */
function expectUntouched(names: string[]) {
  expect(leadNames(file)).toEqual(names);
  expect(readdirSync(dir).filter((name) => /replaced|restoring|restore-/.test(name))).toEqual([]);
}

describe("npm run leads -- restore: what it refuses, changing nothing", () => {
  it("a file that is missing, a folder, the inbox itself, or not SQLite", async () => {
    inboxAndBackup().close();
    expect(await refusal(path.join(dir, "nope.db"))).toBe(
      `No file at ${path.join(dir, "nope.db")}: nothing was changed.`,
    );
    expect(await refusal(dir)).toBe(`${dir} is a folder: name one backup file in it.`);
    expect(await refusal(file)).toBe(`${file} is the inbox itself: name a backup of it.`);
    const text = path.join(dir, "notes.txt");
    writeFileSync(text, "leads, written down ".repeat(300));
    expect(await refusal(text)).toBe(
      `${text} cannot be restored: it is not a readable SQLite database (file is not a database). Nothing was changed.`,
    );
    expectUntouched(["Before 1", "Before 2"]);
  });

  it("a backup that fails its integrity check, is newer than the code, or is no inbox", async () => {
    inboxAndBackup().close();
    const damaged = path.join(dir, "damaged.db");
    const bytes = readFileSync(backupFile);
    // The leads table's root page, scribbled over: SQLite still opens the file, and finds it damaged.
    bytes.fill(0x5a, 2 * 4096 + 8, 2 * 4096 + 400);
    writeFileSync(damaged, bytes);
    expect(await refusal(damaged)).toMatch(
      /cannot be restored: it fails SQLite's integrity check \(.+\)/,
    );

    const newer = path.join(dir, "newer.db");
    writeFileSync(newer, readFileSync(backupFile));
    const db = new DatabaseSync(newer);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(await refusal(newer)).toBe(
      `${newer} cannot be restored: its schema version is ${SCHEMA_VERSION + 1}, newer than this code's (${SCHEMA_VERSION}): it was made by a newer version of the site. Update the code first. Nothing was changed.`,
    );

    const other = path.join(dir, "other.db");
    new DatabaseSync(other).exec("CREATE TABLE recipes (name TEXT)");
    expect(await refusal(other)).toBe(
      `${other} cannot be restored: it is not a lead inbox (it has no leads table). Nothing was changed.`,
    );
    expectUntouched(["Before 1", "Before 2"]);
  });

  it("while a server holds the inbox open, saying how to stop it", async () => {
    const inbox = inboxAndBackup();
    expect(await refusal(backupFile)).toMatch(
      new RegExp(
        `^The lead inbox ${file} is open in another process.*: a running server, or another npm run leads\\. Stop it first: Ctrl\\+C where npm start runs, or sudo systemctl stop suncoast-shine .*; then restore again\\. Nothing was changed\\.$`,
      ),
    );
    inbox.close();
    expectUntouched(["Before 1", "Before 2"]);
  });

  it("without --force, when the inbox holds leads the backup lacks or changed since", async () => {
    const { inbox, first } = inboxWithBackup();
    store(inbox, "After");
    const later = new Date(Date.parse(first.lead.updatedAt) + 1000);
    inbox.update(
      first.lead.id,
      first.token,
      { frequency: "monthly" },
      { forwarding: true, now: later },
    );
    inbox.close();
    expect(await refusal(backupFile)).toBe(
      `The inbox ${file} holds 1 lead that ${backupFile} lacks, and 1 lead changed since it was made. Restoring would take them out of the inbox the site uses: they would stay only in the replaced inbox, kept beside it (nothing is merged). Nothing was changed. To restore anyway: npm run leads -- restore ${backupFile} --force`,
    );
    expectUntouched(["After", "Before 1", "Before 2"]);
  });

  it("while another restore works on the inbox; after one was interrupted, it takes over", async () => {
    inboxAndBackup().close();
    const marker = { from: "old.db", startedAt: "2026-05-01T03:00:00.000Z" };
    writeFileSync(restoreMarkerPath(file), JSON.stringify({ ...marker, pid: process.pid }));
    expect(await refusal(backupFile)).toBe(
      `Another restore of this inbox is at work (process ${process.pid}, from old.db): nothing was changed.`,
    );
    writeFileSync(restoreMarkerPath(file), JSON.stringify({ ...marker, pid: 2 ** 30 }));
    await restoreInbox(file, backupFile, { now: NOW });
    expect(existsSync(restoreMarkerPath(file))).toBe(false);
  });
});

describe("npm run leads -- restore", () => {
  it("replaces the inbox with the backup, whole, keeping the replaced one beside it", async () => {
    const inbox = inboxAndBackup();
    store(inbox, "After");
    inbox.close();
    const result = await restoreInbox(file, backupFile, { force: true, now: NOW });
    expect(leadNames(file)).toEqual(["Before 1", "Before 2"]);
    expect(result.kept).toBe(`${file}.replaced-2026-05-02T09-00-00.000Z`);
    expect(leadNames(result.kept ?? "")).toEqual(["After", "Before 1", "Before 2"]);
    expect(result.notRestored).toEqual({ added: 1, changed: 0 });
    expect(result.counts).toMatchObject({ leads: 2, mail: { pending: 4 } });
    expect(existsSync(restoreMarkerPath(file))).toBe(false);
    // The server opens it as any inbox.
    openLeadInbox(file, { checkUsable: true }).close();
  });

  it("sends what the backup still owes once: what the replaced inbox sent is marked sent, the rest goes at start", async () => {
    const inbox = inboxAndBackup();
    // After the backup, the relays sent one lead's e-mails and its CRM create.
    const [lead] = inbox.list({ only: "all" }).filter((each) => each.name === "Before 1");
    for (const job of inbox.mail.claim({ limit: 10, ignoreSchedule: true, leadId: lead?.id }))
      inbox.mail.recordSent(job, MAIL);
    for (const delivery of inbox.outbox.claim({
      limit: 10,
      ignoreSchedule: true,
      leadId: lead?.id,
    }))
      inbox.outbox.recordSent(delivery.id);
    inbox.close();

    const result = await restoreInbox(file, backupFile, { now: NOW });
    expect(result.alreadySent).toEqual({ mail: 2, deliveries: 1 });
    const owed = <T>(table: string) =>
      read<T>(
        file,
        `SELECT l.name, o.status, o.next_attempt_at AS due FROM ${table} o JOIN leads l ON l.id = o.lead_id ORDER BY l.name, o.id`,
      );
    const due = NOW.getTime();
    expect(owed("mail_outbox")).toEqual([
      { name: "Before 1", status: "sent", due: expect.any(Number) },
      { name: "Before 1", status: "sent", due: expect.any(Number) },
      { name: "Before 2", status: "pending", due },
      { name: "Before 2", status: "pending", due },
    ]);
    expect(owed("outbox")).toEqual([
      { name: "Before 1", status: "sent", due: expect.any(Number) },
      { name: "Before 2", status: "pending", due },
    ]);
    expect(read(file, "SELECT name, forward_status FROM leads ORDER BY name")).toEqual([
      { name: "Before 1", forward_status: "forwarded" },
      { name: "Before 2", forward_status: "pending" },
    ]);
  });

  it("restores onto a fresh machine, where there is no inbox yet", async () => {
    inboxAndBackup().close();
    const fresh = path.join(dir, "fresh", "data", "leads.db");
    const result = await restoreInbox(fresh, backupFile, { now: NOW });
    expect(result.kept).toBeNull();
    expect(leadNames(fresh)).toEqual(["Before 1", "Before 2"]);
  });

  it("replaces a damaged inbox, or one deleted from under its log, keeping what was there", async () => {
    inboxAndBackup().close();
    writeFileSync(file, "scrambled ".repeat(1000));
    const damaged = await restoreInbox(file, backupFile, { now: NOW });
    expect(damaged.replaced).toEqual({ problem: "file is not a database" });
    expect(readFileSync(damaged.kept ?? "", "utf8")).toBe("scrambled ".repeat(1000));
    expect(leadNames(file)).toEqual(["Before 1", "Before 2"]);

    const inbox = openLeadInbox(file);
    store(inbox, "Lost with the file");
    // The file is deleted while its log still holds the last lead (as after a crash).
    const log = readFileSync(walPath(file));
    inbox.close();
    writeFileSync(walPath(file), log);
    rmSync(file);
    const deleted = await restoreInbox(file, backupFile, { now: new Date(NOW.getTime() + 1000) });
    expect(deleted.kept).toBe(walPath(`${file}.replaced-2026-05-02T09-00-01.000Z`));
    expect(readFileSync(deleted.kept ?? "")).toEqual(log);
    expect(existsSync(walPath(file))).toBe(false);
    openLeadInbox(file, { checkUsable: true }).close();
    expect(leadNames(file)).toEqual(["Before 1", "Before 2"]);
  });
});
