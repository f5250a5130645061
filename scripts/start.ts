/**
 * `npm start [-- next start's options]` and `npm run dev` (`--dev`): Next, supervised beside the
 * embedded PostgreSQL unless SUPABASE_URL or DATABASE_URL is set (docs/embedded-postgres.md).
 * Started by scripts/bin/start.mjs once the Node is new enough; Node strips the types.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { constants } from "node:os";
import path from "node:path";
import { log } from "../lib/log.ts";
import { builtFolder } from "./build/build-folder.ts";
import { loadEnvFiles } from "./env-files.ts";
import { ensureFree, nextAddress } from "./next-address.ts";
import {
  commandLine,
  defaultDataDir,
  migrate,
  startCluster,
  type Cluster,
} from "./postgres/cluster.ts";
import { lockDataFolder, type FolderLock } from "./postgres/folder-lock.ts";

const args = process.argv.slice(2);
const dev = args[0] === "--dev";
if (dev) args.shift();
const next = createRequire(import.meta.url).resolve("next/dist/bin/next");

const NEXT_GRACE_MS = 60_000;

/** Next gets the environment the supervisor was given: it reads the settings files itself. */
const givenEnv = { ...process.env };
const envFiles = loadEnvFiles({ dev });
const dataDir = defaultDataDir();
/** This supervisor's pid and Next's, for the next start (stopOrphanNext). */
const claimFile = path.join(dataDir, "supervisor.json");
type Claim = { supervisor: number; next?: number };
let claimed = false;
const claim = (next?: number) => {
  writeFileSync(claimFile, JSON.stringify({ supervisor: process.pid, next } satisfies Claim));
  claimed = true;
};

const runs = (pid: number | undefined, part: string) =>
  pid !== undefined && (commandLine(pid)?.includes(part) ?? false);

async function stopNext(pid: number | undefined, ended: Promise<unknown>): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      if (pid) process.kill(pid, name);
    } catch {
      // gone meanwhile
    }
  };
  signal("SIGTERM");
  const kill = setTimeout(() => signal("SIGKILL"), NEXT_GRACE_MS);
  await ended;
  clearTimeout(kill);
}

/** Holding the folder's lock, stops the Next a killed supervisor left (it holds the port). */
async function stopOrphanNext(): Promise<void> {
  let found: Claim;
  try {
    found = JSON.parse(readFileSync(claimFile, "utf8"));
  } catch {
    return;
  }
  if (!runs(found.next, "next")) return;
  log("warn", "supervisor.orphan_next_stopped", { pid: found.next });
  const gone = async () => {
    while (runs(found.next, "next")) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  await stopNext(found.next, gone());
}

/** The signal that asked for the stop (then Next's 130 or 143 is no failure). */
let stopRequested: NodeJS.Signals | undefined;
let child: ChildProcess | undefined;
/** Stopped once Next has ended, whatever ended it. */
let cluster: Cluster | undefined;
let lock: FolderLock | undefined;

// Before anything starts: a stop during the start-up lets the step under way finish, then stops
// what was started, so PostgreSQL is never left without its supervisor.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopRequested ??= signal;
    log("info", "supervisor.signal", { signal, during: child ? "serving" : "start-up" });
    child?.kill(signal === "SIGHUP" ? "SIGTERM" : signal);
  });
}
const stopCode = () => 128 + constants.signals[stopRequested === "SIGINT" ? "SIGINT" : "SIGTERM"];

async function startEmbedded(): Promise<void> {
  const locked = await lockDataFolder(dataDir);
  if ("heldBy" in locked) {
    throw new Error(
      `another npm start (pid ${locked.heldBy}) serves ${dataDir}: stop it first, or give this one a data folder of its own (LEADS_DATA_DIR)`,
    );
  }
  lock = locked;
  await stopOrphanNext();
  await ensureFree(nextAddress(args, givenEnv));
  if (stopRequested) return;
  cluster = await startCluster({
    dataDir,
    restartRunning: true,
    log: (event, fields) => log("info", event, fields),
  });
  claim();
  if (stopRequested) return;
  const applied = await migrate(cluster.url);
  log("info", "supervisor.migrated", { applied: applied.length, versions: applied.join(",") });
}

async function supervise(): Promise<number> {
  // The build recorded as passed (docs/builds.md), kept for this run; none stops here, before PostgreSQL.
  const build = dev ? undefined : builtFolder();
  const external = ["SUPABASE_URL", "DATABASE_URL"].find((name) => process.env[name]);
  log("info", "supervisor.started", {
    pid: process.pid,
    store: external ?? "embedded",
    envFiles: envFiles.join(",") || "none",
  });
  if (external) await ensureFree(nextAddress(args, givenEnv));
  else await startEmbedded();
  if (stopRequested) return stopCode();

  // The site logs in as its own role; the superuser stays with migrations and the owner's commands.
  // LEADS_DATA_DIR: the folder whose disk /api/health watches (lib/disk-space.ts).
  const served = { ...givenEnv, ...(build && { NEXT_DIST_DIR: build }) };
  const env = cluster
    ? { ...served, DATABASE_URL: cluster.siteUrl, LEADS_DATA_DIR: dataDir }
    : served;
  const started = spawn(process.execPath, [next, dev ? "dev" : "start", ...args], {
    env,
    stdio: "inherit",
  });
  child = started;
  const nextExited = new Promise<number>((resolve) => {
    started.once("error", (error) => {
      log("error", "supervisor.next_failed", { reason: error.message });
      resolve(1);
    });
    // Its own code, or 128 + the signal's number, as a shell reports it.
    started.once("exit", (code, signal) => resolve(code ?? 128 + constants.signals[signal!]));
  });
  log("info", "supervisor.next_started", {
    pid: started.pid,
    command: dev ? "dev" : "start",
    build,
  });
  if (cluster) claim(started.pid);

  const postgresDied = await Promise.race([
    nextExited.then(() => undefined),
    cluster?.exited ?? new Promise<undefined>(() => undefined),
  ]);
  if (postgresDied) {
    log("error", "supervisor.postgres_died", { reason: postgresDied });
    await stopNext(started.pid, nextExited);
    return 1;
  }
  const code = await nextExited;
  // A signal to the whole process group (Ctrl-C; a service manager's stop) reaches Next too, which
  // may end before this process hears it: Next's own 130 or 143 says it was stopped by one.
  if (code === 130 || code === 143) stopRequested ??= "SIGTERM";
  if (stopRequested) log("info", "supervisor.next_drained", { code });
  else log("warn", "supervisor.next_exited", { code });
  return code;
}

// A reader gone (a closed pipe) must not crash the supervisor before it stops what it started.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);

supervise()
  .catch((error: unknown) => {
    log("error", "supervisor.failed", {
      reason: error instanceof Error ? error.message : String(error),
    });
    return stopRequested ? stopCode() : 1;
  })
  .then(async (code) => {
    await cluster?.stop();
    if (claimed) rmSync(claimFile, { force: true });
    lock?.release();
    log(code === 0 || stopRequested ? "info" : "warn", "supervisor.stopped", { code });
    process.exit(code);
  });
