import fs from "node:fs";
import path from "node:path";

/**
 * Where the dated backups live, read one way by `npm run leads -- backup`, which writes them, and
 * by /api/health, which reports the newest one's age (docs/leads.md, "Backups and restore"). Both
 * run in the checkout (npm runs scripts there; the server is started there).
 */

/** LEADS_BACKUP_DIR (`setting`), else data/backups in the checkout. */
export const backupFolder = (setting: string | null): string =>
  path.resolve(setting ?? path.join("data", "backups"));

/** A dated backup's name: `leads-2026-05-01T03-00-00.000Z.backup.gz`, the time it was started. */
export const datedBackupName = (at: Date): string =>
  `leads-${at.toISOString().replaceAll(":", "-")}.backup.gz`;

const DATED = /^leads-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d\.\d{3}Z)\.backup\.gz$/;

/**
 * The dated backups in `folder`, newest first. Only a checked backup is ever renamed to such a
 * name (backup.ts), so each one is good. A folder not made yet holds none.
 */
export function datedBackups(folder: string): { file: string; at: Date }[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const [, hour, minute, second] = DATED.exec(name) ?? [];
      return hour
        ? [{ file: path.join(folder, name), at: new Date(`${hour}:${minute}:${second}`) }]
        : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}
