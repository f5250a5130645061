import "server-only";
import { existsSync, readFileSync, statSync } from "node:fs";
import { z } from "zod";

/**
 * The inbox as files on disk: the database, its write-ahead log, and the marker a restore leaves
 * while it works (docs/leads.md, "Backups and restore"). Checked before anything opens the inbox.
 */

/** SQLite's write-ahead log beside the database: committed leads not yet copied into the file. */
export const walPath = (file: string) => `${file}-wal`;
export const shmPath = (file: string) => `${file}-shm`;

/** Present while `npm run leads -- restore` replaces the inbox; left behind if it was interrupted. */
export const restoreMarkerPath = (file: string) => `${file}.restoring`;

const markerSchema = z.object({ pid: z.number().int(), from: z.string(), startedAt: z.string() });
export type RestoreMarker = z.infer<typeof markerSchema>;

/** What the owner does about a damaged or lost inbox. */
export const RESTORE_HINT =
  'Restore the latest backup: npm run leads -- restore FILE (README, "Backups and restore").';

/** A problem with the inbox's files, in words that follow "The lead inbox {path}". */
export class InboxFileProblem extends Error {}

/** The restore at work on this inbox (or interrupted): its process, its file and when it began. */
export function readRestoreMarker(file: string): RestoreMarker | "unreadable" | null {
  let text: string;
  try {
    text = readFileSync(restoreMarkerPath(file), "utf8");
  } catch {
    return null;
  }
  try {
    const parsed = markerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : "unreadable";
  } catch {
    return "unreadable";
  }
}

/** Whether the process is alive (a restore that was killed leaves its marker and a dead pid). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Refuses while a restore replaces the inbox, or after one was interrupted, saying which. */
export function assertNoRestore(file: string): void {
  const marker = readRestoreMarker(file);
  if (!marker) return;
  const markerFile = restoreMarkerPath(file);
  if (marker !== "unreadable" && processAlive(marker.pid)) {
    throw new InboxFileProblem(
      `is being restored from ${marker.from} (npm run leads -- restore, process ${marker.pid}, since ${marker.startedAt}): start again once it has finished.`,
    );
  }
  throw new InboxFileProblem(
    `was being restored when the restore stopped (${markerFile} is left): run the restore again (npm run leads -- restore FILE), or delete ${markerFile} to keep the inbox as it is.`,
  );
}

/**
 * What must hold before the inbox at `file` is opened (and, when missing, created): a file, not a
 * folder; not deleted from under its write-ahead log; not being restored.
 */
export function assertInboxFile(file: string): void {
  if (existsSync(file) && statSync(file).isDirectory())
    throw new InboxFileProblem(
      "is a folder, not a file: LEADS_DB_PATH must name the database file.",
    );
  if (!existsSync(file) && existsSync(walPath(file)) && statSync(walPath(file)).size > 0) {
    throw new InboxFileProblem(
      `is missing, but its write-ahead log ${walPath(file)} is there: the file was deleted or moved while it held leads. Put it back, or restore the latest backup (npm run leads -- restore FILE); a new, empty inbox is not started over it.`,
    );
  }
  assertNoRestore(file);
}
