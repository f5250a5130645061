import "server-only";
import { statfs } from "node:fs/promises";
import path from "node:path";
import type { ServerEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { sendSiteAlert } from "@/lib/mail/site-alert";
import { processSingleton } from "@/lib/process-state";

/**
 * The free space of the store's data folder (LEADS_DATA_DIR) and the owner's e-mail when it runs
 * low, once per episode (docs/leads.md, "Health"). Sampled when the store is written to and when
 * health is asked, never on a timer.
 */

export type DiskSpace =
  | { folder: string; freeMb: number; totalMb: number; lowBelowMb: number; low: boolean }
  | { folder: string; problem: string };

type Statfs = (folder: string) => Promise<{ bavail: number; blocks: number; bsize: number }>;

/** The data folder's disk as PostgreSQL, not root, may use it (`bavail`); null: no folder here. */
export async function diskSpace(
  env: Pick<ServerEnv, "dataDir" | "minFreeMb">,
  measure: Statfs = statfs,
): Promise<DiskSpace | null> {
  if (!env.dataDir) return null;
  const folder = path.resolve(env.dataDir);
  try {
    const { bavail, blocks, bsize } = await measure(folder);
    const mb = (count: number) => Math.floor((count * bsize) / 2 ** 20);
    const freeMb = mb(bavail);
    return {
      folder,
      freeMb,
      totalMb: mb(blocks),
      lowBelowMb: env.minFreeMb,
      low: freeMb < env.minFreeMb,
    };
  } catch (error) {
    return { folder, problem: `cannot read its free space: ${String(error)}` };
  }
}

/** An episode ends 10% above the line, so a disk hovering at it does not e-mail at each crossing. */
const EPISODE_END = 1.1;
/** A failed alert is tried again at the next sample this long after, not at every write. */
const ALERT_RETRY_MS = 60_000;

/**
 * Tells (`tell` resolves true once it got through) once per episode of low space: from the first
 * low sample until the space is back above the line with its margin.
 */
export function lowSpaceEpisodes(tell: (disk: DiskSpace) => Promise<boolean>) {
  let told = false;
  let telling = false;
  let triedAt = -Infinity;
  return (disk: DiskSpace, now: number): void => {
    if ("problem" in disk) return;
    if (!disk.low) {
      if (disk.freeMb >= disk.lowBelowMb * EPISODE_END) told = false;
      return;
    }
    if (told || telling || now - triedAt < ALERT_RETRY_MS) return;
    telling = true;
    triedAt = now;
    void tell(disk).then(
      (through) => {
        told = through;
        telling = false;
      },
      () => {
        telling = false;
      },
    );
  };
}

/** The process's sample of the data folder, telling the owner when it is low. */
export async function watchDisk(env: ServerEnv, now = Date.now()): Promise<DiskSpace | null> {
  const disk = await diskSpace(env);
  const episodes = processSingleton("lowSpace", () =>
    lowSpaceEpisodes(async (low) => {
      if ("problem" in low) return false;
      const reason = `${low.freeMb} MB free in ${low.folder}, below ${low.lowBelowMb} MB`;
      log("warn", "disk.low", { reason });
      if (!env.mail) return true; // the log line is all there is to tell
      const sent = await sendSiteAlert(env.mail, {
        kind: "low-space",
        subject: "Low disk space",
        intro: `The disk of the lead store's data folder is running out of space. When it is full, new quote requests are refused (the visitor is asked to try again or call) until space is freed. Free space on it now: delete old files, or move the backups to another disk (LEADS_BACKUP_DIR).`,
        facts: [
          { label: "Free", value: `${low.freeMb} MB of ${low.totalMb} MB` },
          { label: "Warns below", value: `${low.lowBelowMb} MB (LEADS_MIN_FREE_MB)` },
          { label: "Data folder", value: low.folder },
        ],
      });
      if (!sent.ok) log("error", "disk.low_alert_failed", { reason: sent.error });
      return sent.ok;
    }),
  );
  if (disk) episodes(disk, now);
  return disk;
}
