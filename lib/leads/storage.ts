import "server-only";
import { accessSync, constants, statfsSync } from "node:fs";
import path from "node:path";
import { InboxFileProblem, RESTORE_HINT } from "./inbox-file";

/**
 * What the disk did when the inbox could not be read or written, told apart from a bug: the server
 * answers 503 with Retry-After for these, refuses to start on them, and names them to the owner
 * (docs/leads.md, "When the disk fails").
 */
export type StorageFailure = "full" | "read_only" | "damaged" | "unavailable";

/** SQLite's primary result codes for the disk or the file, not the statement (sqlite.org/rescode.html). */
const SQLITE_CODES: Record<number, StorageFailure> = {
  5: "unavailable", // SQLITE_BUSY: another process held the lock past the busy timeout
  6: "unavailable", // SQLITE_LOCKED
  8: "read_only", // SQLITE_READONLY
  10: "unavailable", // SQLITE_IOERR: the disk failed a read, write or fsync
  11: "damaged", // SQLITE_CORRUPT
  13: "full", // SQLITE_FULL
  14: "unavailable", // SQLITE_CANTOPEN
  26: "damaged", // SQLITE_NOTADB
};

const ERRNO_CODES: Record<string, StorageFailure> = {
  ENOSPC: "full",
  EDQUOT: "full",
  EROFS: "read_only",
  EACCES: "read_only",
  EPERM: "read_only",
  EIO: "unavailable",
};

function field(error: object, name: string): unknown {
  return name in error ? (error as Record<string, unknown>)[name] : undefined;
}

/** The disk's part in an error (node:sqlite's `errcode`, or a file system `code`), following `cause`. */
export function storageFailure(error: unknown): StorageFailure | null {
  for (let current = error, depth = 0; depth < 5; depth++) {
    if (typeof current !== "object" || current === null) return null;
    const errcode = field(current, "errcode");
    // node:sqlite sets errcode on SQLite's own errors only; its extended codes keep the primary in the low byte.
    if (typeof errcode === "number") return SQLITE_CODES[errcode & 0xff] ?? null;
    const code = field(current, "code");
    if (typeof code === "string" && ERRNO_CODES[code]) return ERRNO_CODES[code];
    current = field(current, "cause");
  }
  return null;
}

function reasonOf(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const errstr = field(error, "errstr");
    if (typeof errstr === "string" && errstr !== field(error, "message"))
      return `${String(field(error, "message"))} (${errstr})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** "1.2 MB", "512 KB", "0 bytes": a size as the owner reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function freeBytes(dir: string): number | null {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/** Why the folder or the file cannot be written, from the kernel's answer (EROFS, EACCES). */
function whyNotWritable(file: string): string | null {
  for (const target of [file, path.dirname(file)]) {
    try {
      accessSync(target, constants.W_OK);
    } catch (error) {
      const code = field(error as object, "code");
      if (code === "EROFS") return `the disk holding ${path.dirname(file)} is mounted read-only`;
      if (code === "EACCES" || code === "EPERM")
        return `this server's user may not write ${target}`;
    }
  }
  return null;
}

/**
 * What is wrong with the inbox at `file`, in words for the owner, after "The lead inbox {file}":
 * the problem, and what to do about it.
 */
export function describeStorageFailure(file: string, error: unknown): string {
  const reason = reasonOf(error);
  const dir = path.dirname(path.resolve(file));
  const free = freeBytes(dir);
  // An I/O error with no space left is the full disk (SQLite says IOERR when growing its index file).
  const failure =
    storageFailure(error) === "unavailable" && free === 0 ? "full" : storageFailure(error);
  const notWritable =
    failure === "read_only" || failure === "unavailable" ? whyNotWritable(file) : null;
  if (failure === "full") {
    const left = free === null ? "free space unknown" : `${formatBytes(free)} free`;
    return `cannot be written: the disk is full (${left} on the file system holding ${dir}; ${reason}). Free some space, then start again.`;
  }
  if (failure === "read_only" || notWritable)
    return `cannot be written: ${notWritable ?? "the disk or the file is read-only"} (${reason}). Make it writable, then start again.`;
  if (failure === "damaged") return `is damaged (${reason}). ${RESTORE_HINT}`;
  return `cannot be used: ${reason}.`;
}

/** "The lead inbox {path} (LEADS_DB_PATH) {problem}": why it could not be opened or used. */
export function inboxProblemMessage(file: string, error: unknown): string {
  const problem =
    error instanceof InboxFileProblem ? error.message : describeStorageFailure(file, error);
  return `The lead inbox ${path.resolve(file)} (LEADS_DB_PATH) ${problem}`;
}
