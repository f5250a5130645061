import "server-only";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileProblems } from "./database";
import { InboxFileProblem, assertNoRestore } from "./inbox-file";
import {
  InboxCommandError,
  countInbox,
  isInboxFile,
  schemaVersionOf,
  writeCopy,
  type InboxCounts,
} from "./inbox-copy";

/**
 * `npm run leads -- backup [FILE | FOLDER] [--keep N]` (docs/leads.md, "Backups and restore"): a
 * consistent copy of the inbox while the server keeps taking leads.
 */

/** Where a backup goes: one file, or a dated file in a folder, the oldest beyond `keep` removed. */
export type BackupTarget =
  { kind: "file"; file: string } | { kind: "folder"; folder: string; keep: number | null };

export type BackupResult = {
  file: string;
  bytes: number;
  counts: InboxCounts;
  /** Older dated backups removed by --keep, oldest first. */
  removed: string[];
};

/** The folder `backup` writes to when given none: `backups/` beside the inbox. */
export function defaultBackupFolder(inboxPath: string): string {
  return path.join(path.dirname(inboxPath), "backups");
}

/**
 * What `backup [NAME]` names: nothing, the folder beside the inbox; an existing folder or file, that;
 * a new name, a file when it has an extension (`leads.db`), else a folder (`backups`, `backups/`).
 */
export function backupTarget(
  inboxPath: string,
  named: string | undefined,
  keep: number | null,
): BackupTarget {
  if (named === undefined) return { kind: "folder", folder: defaultBackupFolder(inboxPath), keep };
  const isFolder = existsSync(named)
    ? statSync(named).isDirectory()
    : named.endsWith("/") || path.extname(named) === "";
  return isFolder ? { kind: "folder", folder: named, keep } : { kind: "file", file: named };
}

const DATED = /^leads-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.db$/;

/** `leads-2026-05-01T03-00-00.000Z.db`: UTC, sorts by time, no colon (copies to any disk). */
export function datedBackupName(at: Date): string {
  return `leads-${at.toISOString().replaceAll(":", "-")}.db`;
}

/** The dated backups in a folder, oldest first; any other file there is never touched. */
export function datedBackups(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => DATED.test(name))
    .sort();
}

function destination(target: BackupTarget, now: Date): string {
  if (target.kind === "file") {
    mkdirSync(path.dirname(path.resolve(target.file)), { recursive: true });
    return target.file;
  }
  mkdirSync(target.folder, { recursive: true });
  const file = path.join(target.folder, datedBackupName(now));
  if (existsSync(file)) throw new InboxCommandError(`${file} exists already: nothing was written.`);
  return file;
}

export function backupInbox(
  inboxPath: string,
  target: BackupTarget,
  now = new Date(),
): BackupResult {
  if (!existsSync(inboxPath)) {
    throw new InboxCommandError(
      `No lead inbox at ${path.resolve(inboxPath)} (LEADS_DB_PATH): nothing to back up.`,
    );
  }
  try {
    assertNoRestore(inboxPath);
  } catch (error) {
    if (error instanceof InboxFileProblem)
      throw new InboxCommandError(`The lead inbox ${inboxPath} ${error.message}`);
    throw error;
  }
  const file = destination(target, now);
  if (isInboxFile(inboxPath, file))
    throw new InboxCommandError(`${file} is the inbox itself: back it up to another file.`);

  // Read-only: a backup never migrates or writes the inbox the server is using.
  const source = new DatabaseSync(inboxPath, { readOnly: true, timeout: 5_000 });
  let copied: { result: InboxCounts; bytes: number };
  try {
    const version = schemaVersionOf(source);
    copied = writeCopy(source, file, (copy) => {
      const problems = fileProblems(copy, "integrity_check");
      if (problems) {
        throw new InboxCommandError(
          `The copy fails SQLite's integrity check (${problems}): nothing was written. The inbox itself may be damaged; see docs/leads.md, "When the disk fails".`,
        );
      }
      if (schemaVersionOf(copy) !== version)
        throw new InboxCommandError("The copy's schema version differs from the inbox's.");
      return countInbox(copy);
    });
  } finally {
    source.close();
  }

  const removed: string[] = [];
  if (target.kind === "folder" && target.keep !== null) {
    const older = datedBackups(target.folder).filter((name) => name !== path.basename(file));
    for (const name of older.slice(0, Math.max(0, older.length - (target.keep - 1)))) {
      rmSync(path.join(target.folder, name));
      removed.push(name);
    }
  }
  return { file, bytes: copied.bytes, counts: copied.result, removed };
}
