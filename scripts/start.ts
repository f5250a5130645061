/**
 * `npm start [-- next start's options]` and `npm run dev` (`--dev`): Next, supervised beside the
 * embedded PostgreSQL unless SUPABASE_URL or DATABASE_URL is set (docs/embedded-postgres.md).
 * Plain `node` runs it (Node 22.18+ strips the types), before anything is built.
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { constants } from "node:os";
import path from "node:path";
import { log } from "../lib/log.ts";
import { builtFolder } from "./build/build-folder.ts";
import {
  commandLine,
  defaultDataDir,
  migrate,
  startCluster,
  type Cluster,
} from "./postgres/cluster.ts";

const args = process.argv.slice(2);
const dev = args[0] === "--dev";
if (dev) args.shift();
const next = createRequire(import.meta.url).resolve("next/dist/bin/next");

const NEXT_GRACE_MS = 60_000;

const dataDir = defaultDataDir();
/** This supervisor's pid and Next's, for the next start (claimDataDir). */
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

/** Refuses a folder another supervisor serves; stops a killed one's Next (it holds the port). */
async function claimDataDir(): Promise<void> {
  let found: Claim;
  try {
    found = JSON.parse(readFileSync(claimFile, "utf8"));
  } catch {
    return;
  }
  if (found.supervisor !== process.pid && runs(found.supervisor, "scripts/start.ts")) {
    throw new Error(
      `another npm start (pid ${found.supervisor}) serves ${dataDir}: stop it first, or give this one a data folder of its own (LEADS_DATA_DIR)`,
    );
  }
  if (!runs(found.next, "next")) return;
  log("warn", "supervisor.orphan_next_stopped", { pid: found.next });
  const gone = async () => {
    while (runs(found.next, "next")) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  await stopNext(found.next, gone());
}

/** Whether a signal asked for the stop (then Next's 130 or 143 is no failure). */
let stopRequested = false;
/** Stopped once Next has ended, whatever ended it. */
let cluster: Cluster | undefined;

async function supervise(): Promise<number> {
  // The build recorded as passed (docs/builds.md), kept for this run; none stops here, before PostgreSQL.
  const build = dev ? undefined : builtFolder();
  const external = ["SUPABASE_URL", "DATABASE_URL"].find((name) => process.env[name]);
  log("info", "supervisor.started", { pid: process.pid, store: external ?? "embedded" });
  if (!external) {
    await claimDataDir();
    cluster = await startCluster({
      dataDir,
      restartRunning: true,
      log: (event, fields) => log("info", event, fields),
    });
    claim();
    const applied = await migrate(cluster.url);
    log("info", "supervisor.migrated", { applied: applied.length, versions: applied.join(",") });
  }

  // The site logs in as its own role; the superuser stays with migrations and the owner's commands.
  const env = {
    ...process.env,
    ...(build && { NEXT_DIST_DIR: build }),
    ...(cluster && { DATABASE_URL: cluster.siteUrl }),
  };
  const child = spawn(process.execPath, [next, dev ? "dev" : "start", ...args], {
    env,
    stdio: "inherit",
  });
  const nextExited = new Promise<number>((resolve) => {
    child.once("error", (error) => {
      log("error", "supervisor.next_failed", { reason: error.message });
      resolve(1);
    });
    // Its own code, or 128 + the signal's number, as a shell reports it.
    child.once("exit", (code, signal) => resolve(code ?? 128 + constants.signals[signal!]));
  });
  log("info", "supervisor.next_started", { pid: child.pid, command: dev ? "dev" : "start", build });
  if (cluster) claim(child.pid);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      stopRequested = true;
      log("info", "supervisor.signal", { signal });
      child.kill(signal === "SIGHUP" ? "SIGTERM" : signal);
    });
  }

  const postgresDied = await Promise.race([
    nextExited.then(() => undefined),
    cluster?.exited ?? new Promise<undefined>(() => undefined),
  ]);
  if (postgresDied) {
    log("error", "supervisor.postgres_died", { reason: postgresDied });
    await stopNext(child.pid, nextExited);
    return 1;
  }
  const code = await nextExited;
  // A signal to the whole process group (Ctrl-C; a service manager's stop) reaches Next too, which
  // may end before this process hears it: Next's own 130 or 143 says it was stopped by one.
  if (code === 130 || code === 143) stopRequested = true;
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
    return 1;
  })
  .then(async (code) => {
    await cluster?.stop();
    if (claimed) rmSync(claimFile, { force: true });
    log(code === 0 || stopRequested ? "info" : "warn", "supervisor.stopped", { code });
    process.exit(code);
  });
