/**
 * Which folder a production build goes into and which one is served: the one owner of that rule
 * (docs/builds.md). Builds alternate between two folders, so that a build
 * never writes into the folder a running server reads; the one to serve is recorded only once a
 * build has passed every step. Node built-ins only: `npm start` imports it with plain Node.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/** The two production build folders (tsconfig.json lists their types, as Next asks). */
export const BUILD_FOLDERS = [".next-a", ".next-b"] as const;
/** `next dev`'s folder: never served, never built into. */
const DEV_FOLDER = ".next";
/** The file naming the folder `npm start` serves, written only after a build passed. */
export const SERVED_RECORD = ".next-served";
/** A running server's mark in the folder it serves: `servers/<pid>`. */
const SERVERS = "servers";

/**
 * A folder fixed from outside, built as it is, nothing recorded: NEXT_DIST_DIR (a build of one's
 * own), or on Vercel Next's `.next`, where its builder looks (each deploy a fresh checkout, no
 * server beside it, no `npm start`).
 */
export const fixedFolder = (): string | undefined =>
  process.env.NEXT_DIST_DIR || (process.env.VERCEL ? DEV_FOLDER : undefined);

/** The build folder recorded to serve, if any. */
export function recordedBuild(root = process.cwd()): string | undefined {
  let recorded: string;
  try {
    recorded = readFileSync(path.join(root, SERVED_RECORD), "utf8").trim();
  } catch {
    return undefined;
  }
  if (!BUILD_FOLDERS.some((folder) => folder === recorded)) {
    throw new Error(`${SERVED_RECORD} names ${JSON.stringify(recorded)}, not a build folder`);
  }
  return recorded;
}

/** Records `folder` as the build `npm start` serves, atomically (a reader sees the old or new). */
export function recordServed(folder: string, root = process.cwd()): void {
  const file = path.join(root, SERVED_RECORD);
  writeFileSync(`${file}.tmp`, `${folder}\n`);
  renameSync(`${file}.tmp`, file);
}

/**
 * The finished build a server or tool reads (the perf scripts, the tests): NEXT_DIST_DIR when set,
 * else the recorded one.
 */
export function builtFolder(root = process.cwd()): string {
  const folder = process.env.NEXT_DIST_DIR || recordedBuild(root);
  if (!folder || !existsSync(path.join(root, folder, "BUILD_ID"))) {
    throw new Error(
      `No production build${folder ? ` in ${folder}` : ""}: run \`npm run build\` first.`,
    );
  }
  return folder;
}

/**
 * next.config.ts's distDir. `next build` gets its folder from `npm run build` (NEXT_DIST_DIR); bare,
 * it would write where the server reads, so it is refused. A server marks the folder it serves, and
 * keeps it in NEXT_DIST_DIR for the rest of the process (proxy.ts reads its manifest there).
 */
export function distDirFor(use: "dev" | "build" | "serve", root = process.cwd()): string {
  if (use === "serve") {
    // Marked however it was chosen: `npm start` passes the recorded folder as NEXT_DIST_DIR.
    const folder = builtFolder(root);
    markServing(folder, root);
    process.env.NEXT_DIST_DIR = folder;
    return folder;
  }
  const fixed = fixedFolder();
  if (fixed) return fixed;
  if (use === "dev") return DEV_FOLDER;
  throw new Error(
    "Run `npm run build`, not bare `next build`: it builds beside the served build and records it once it passed.",
  );
}

function markServing(folder: string, root: string): void {
  const servers = path.join(root, folder, SERVERS);
  mkdirSync(servers, { recursive: true });
  writeFileSync(path.join(servers, String(process.pid)), "");
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // Someone else's process: alive all the same.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The pids of running servers that serve `folder`. */
export function serversOf(folder: string, root = process.cwd()): number[] {
  let marks: string[];
  try {
    marks = readdirSync(path.join(root, folder, SERVERS));
  } catch {
    return [];
  }
  return marks.map(Number).filter((pid) => Number.isInteger(pid) && alive(pid));
}

/**
 * The folder the next build goes into: one no running server reads, the recorded one last. When it
 * has to be the recorded one (the other is served and no restart came since the last build), the
 * record goes back to the served one first, so that a failed build leaves a build to serve.
 * `previous`: the build a restart will replace, whose static files the new one keeps serving.
 */
export function chooseBuildFolder(root = process.cwd()): { target: string; previous?: string } {
  const recorded = recordedBuild(root);
  const free = BUILD_FOLDERS.filter((folder) => serversOf(folder, root).length === 0);
  const target = free.find((folder) => folder !== recorded) ?? free[0];
  if (!target) {
    const pids = BUILD_FOLDERS.flatMap((folder) => serversOf(folder, root));
    throw new Error(
      `Both build folders are served by running servers (pids ${pids.join(", ")}): restart them onto ${recorded} before building again.`,
    );
  }
  const other = BUILD_FOLDERS.find((folder) => folder !== target);
  if (target === recorded && other) recordServed(other, root);
  // Before the first record, a server may still serve the one folder builds used to go to.
  const legacy = existsSync(path.join(root, DEV_FOLDER, "BUILD_ID")) ? DEV_FOLDER : undefined;
  return { target, previous: recordedBuild(root) ?? legacy };
}
