import "server-only";
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { restoreMarkerPath, shmPath, walPath } from "./inbox-file";

/**
 * What backup and restore share (docs/leads.md, "Backups and restore"): a consistent copy of an
 * inbox written atomically, its check, and what it holds, counted.
 */

/** A refusal or failure of `npm run leads -- backup | restore`, in words for the owner. */
export class InboxCommandError extends Error {}

export type InboxCounts = {
  schemaVersion: number;
  /** Real leads, and those a bot trap flagged. */
  leads: number;
  spam: number;
  /** E-mails and CRM deliveries by status (pending, sent, dead, …). */
  mail: Record<string, number>;
  deliveries: Record<string, number>;
};

function tableExists(db: DatabaseSync, table: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)
    ? true
    : false;
}

function countByStatus(db: DatabaseSync, table: "mail_outbox" | "outbox"): Record<string, number> {
  if (!tableExists(db, table)) return {};
  const counts: Record<string, number> = {};
  for (const row of db.prepare(`SELECT status, COUNT(*) AS n FROM ${table} GROUP BY status`).all())
    counts[String(row.status)] = Number(row.n);
  return counts;
}

export function schemaVersionOf(db: DatabaseSync): number {
  return Number(db.prepare("PRAGMA user_version").get()?.user_version ?? 0);
}

/** What an inbox (or a copy of one) holds; a file without a leads table is no inbox. */
export function countInbox(db: DatabaseSync): InboxCounts {
  if (!tableExists(db, "leads")) throw new InboxCommandError("it has no leads table");
  const spamColumn = db
    .prepare("SELECT 1 FROM pragma_table_info('leads') WHERE name = 'spam_reason'")
    .get();
  const row = db
    .prepare(
      spamColumn
        ? "SELECT COUNT(*) AS n, COUNT(spam_reason) AS spam FROM leads"
        : "SELECT COUNT(*) AS n, 0 AS spam FROM leads",
    )
    .get();
  const spam = Number(row?.spam ?? 0);
  return {
    schemaVersion: schemaVersionOf(db),
    leads: Number(row?.n ?? 0) - spam,
    spam,
    mail: countByStatus(db, "mail_outbox"),
    deliveries: countByStatus(db, "outbox"),
  };
}

/** "1 lead", "3 leads". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

const STATUS_WORDS: Record<string, string> = {
  pending: "waiting",
  dead: "refused",
};

function byStatus(counts: Record<string, number>): string {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const parts = Object.entries(counts).map(
    ([status, n]) => `${n} ${STATUS_WORDS[status] ?? status}`,
  );
  return parts.length ? `${total} (${parts.join(", ")})` : "0";
}

/** "12 leads (1 more flagged as spam), e-mails 30 (28 sent, 2 waiting), CRM deliveries 0". */
export function formatCounts(counts: InboxCounts): string {
  const spam = counts.spam ? ` (${counts.spam} more flagged as spam)` : "";
  return `${count(counts.leads, "lead")}${spam}, e-mails ${byStatus(counts.mail)}, CRM deliveries ${byStatus(counts.deliveries)}`;
}

/** Flushes a file, or a folder's entries (a rename in it), to the disk. */
export function fsyncPath(target: string): void {
  const fd = openSync(target, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The inbox's own files: a backup or restore must never write over one of them. */
export function isInboxFile(inboxPath: string, candidate: string): boolean {
  const resolved = path.resolve(candidate);
  const own = [inboxPath, walPath(inboxPath), shmPath(inboxPath), restoreMarkerPath(inboxPath)];
  if (own.some((file) => path.resolve(file) === resolved)) return true;
  if (!existsSync(candidate) || !existsSync(inboxPath)) return false;
  const [a, b] = [statSync(candidate), statSync(inboxPath)];
  return a.ino === b.ino && a.dev === b.dev;
}

/**
 * Copies the database `source` is connected to into `dest` as one self-contained file, atomically:
 * VACUUM INTO a temporary file beside it (one read transaction, so a snapshot even while the
 * server writes), fsync, check, rename, fsync the folder. `check` sees the copy before it is
 * renamed into place; whatever it throws leaves `dest` as it was.
 */
export function writeCopy<T>(
  source: DatabaseSync,
  dest: string,
  check: (copy: DatabaseSync) => T,
): { result: T; bytes: number } {
  const dir = path.dirname(path.resolve(dest));
  const temp = path.join(dir, `.${path.basename(dest)}.partial-${process.pid}`);
  rmSync(temp, { force: true });
  try {
    source.prepare("VACUUM INTO ?").run(temp);
    fsyncPath(temp);
    const copy = new DatabaseSync(temp, { readOnly: true });
    let result: T;
    try {
      result = check(copy);
    } finally {
      copy.close();
    }
    const bytes = statSync(temp).size;
    renameSync(temp, dest);
    fsyncPath(dir);
    return { result, bytes };
  } finally {
    rmSync(temp, { force: true });
  }
}
