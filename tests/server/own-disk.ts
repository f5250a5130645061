import { spawnSync } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * A small disk of a server's own: a tmpfs mounted at `dir` inside a user and mount namespace made
 * for the server (`unshare --user --map-root-user --mount`). No root is needed (the kernel lets a
 * user mount a tmpfs in a namespace it owns), nothing on the machine changes, and the mount goes
 * away with the process. The kernel answers a write past its size with ENOSPC, as a full disk does.
 * The test reaches the files through the server's own view, /proc/{pid}/root (`onDisk`).
 */
export type OwnDisk = {
  dir: string;
  /** tmpfs's size option, e.g. "4m". */
  size: string;
  /** A folder whose files are copied onto the disk before the server starts. */
  seedFrom?: string;
  /** Filled to the last byte before the server starts. */
  full?: boolean;
  /** Remounted read-only before the server starts. */
  readOnly?: boolean;
};

const SCRIPT = `set -e
mount -t tmpfs -o size="$OWN_DISK_SIZE",mode=0755 tmpfs "$OWN_DISK_DIR"
if [ -n "$OWN_DISK_SEED" ]; then cp -a "$OWN_DISK_SEED"/. "$OWN_DISK_DIR"/; fi
if [ "$OWN_DISK_FULL" = 1 ]; then cat /dev/zero > "$OWN_DISK_DIR/ballast" 2>/dev/null || true; fi
if [ "$OWN_DISK_READ_ONLY" = 1 ]; then mount -o remount,ro "$OWN_DISK_DIR"; fi
exec "$@"`;

const UNSHARE = ["unshare", "--user", "--map-root-user", "--mount"];

/** For startSite: the command that puts the server on its own disk, and the settings it reads. */
export function onOwnDisk(disk: OwnDisk): { wrap: string[]; env: Record<string, string> } {
  return {
    wrap: [...UNSHARE, "sh", "-c", SCRIPT, "own-disk"],
    env: {
      OWN_DISK_DIR: disk.dir,
      OWN_DISK_SIZE: disk.size,
      OWN_DISK_SEED: disk.seedFrom ?? "",
      OWN_DISK_FULL: disk.full ? "1" : "",
      OWN_DISK_READ_ONLY: disk.readOnly ? "1" : "",
    },
  };
}

/** Why this machine cannot give a process a disk of its own, or null when it can. */
export function ownDiskUnavailable(): string | null {
  const trial = spawnSync(
    UNSHARE[0] ?? "",
    [...UNSHARE.slice(1), "sh", "-c", `mount -t tmpfs -o size=64k tmpfs "${tmpdir()}"`],
    { encoding: "utf8" },
  );
  if (trial.status === 0) return null;
  return `unshare cannot mount a tmpfs in a user namespace here (${(trial.error?.message ?? trial.stderr).trim()})`;
}

/** A file on the server's own disk, as this process reaches it. */
export function onDisk(pid: number, file: string): string {
  return `/proc/${pid}/root${path.resolve(file)}`;
}

/**
 * Reads the inbox on the server's disk from a copy of its file and write-ahead log (SQLite resolves
 * /proc/{pid}/root as a symbolic link, to this process's own /); call it while no request is in
 * flight.
 */
export function readOwnDisk<T>(pid: number, file: string, read: (db: DatabaseSync) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), "own-disk-copy-"));
  try {
    const copy = path.join(dir, "leads.db");
    copyFileSync(onDisk(pid, file), copy);
    if (existsSync(onDisk(pid, `${file}-wal`)))
      copyFileSync(onDisk(pid, `${file}-wal`), `${copy}-wal`);
    const db = new DatabaseSync(copy);
    try {
      return read(db);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Fills the server's disk with a ballast file until the kernel refuses another byte (ENOSPC);
 * returns the function that deletes it, giving the space back.
 */
export function fillDisk(pid: number, dir: string): () => void {
  const ballast = onDisk(pid, path.join(dir, "ballast"));
  const fd = openSync(ballast, "w");
  try {
    for (const size of [1024 * 1024, 64 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 0x42);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return () => rmSync(ballast);
}
