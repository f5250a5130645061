/**
 * `npm start [-- next start's options]`, and `npm run dev` (`--dev`: `next dev` instead): the
 * supervisor. Where the leads are kept elsewhere (SUPABASE_URL or DATABASE_URL set) it only runs
 * Next. Otherwise it starts the embedded PostgreSQL (scripts/postgres/cluster.ts), or takes over
 * one a killed supervisor left running, applies the migrations, and runs Next with DATABASE_URL
 * set to it; SIGINT and SIGTERM go to Next, and once Next has drained PostgreSQL is stopped and the
 * supervisor exits with Next's code. If PostgreSQL dies, Next is stopped and it exits non-zero; if
 * Next dies, PostgreSQL is stopped. docs/embedded-postgres.md. Plain `node` runs it (Node 22.18+
 * strips the types), before anything is built.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { constants } from "node:os";
import { log } from "../lib/log.ts";
import {
  commandLine,
  defaultDataDir,
  migrate,
  serverlessHost,
  socketDirFor,
  startCluster,
  type Cluster,
} from "./postgres/cluster.ts";

const args = process.argv.slice(2);
const dev = args[0] === "--dev";
if (dev) args.shift();
const nextArgs = [
  createRequire(import.meta.url).resolve("next/dist/bin/next"),
  dev ? "dev" : "start",
  ...args,
];

/** How long Next gets to drain after the signal is passed on, and to stop when PostgreSQL died. */
const NEXT_GRACE_MS = 60_000;

/** Where this supervisor notes its pid and Next's, beside the socket: the next start reads it. */
type Claim = { supervisor: number; next?: number };

function readClaim(file: string): Claim | undefined {
  try {
    const claim: unknown = JSON.parse(readFileSync(file, "utf8"));
    return claim && typeof claim === "object" && "supervisor" in claim
      ? (claim as Claim)
      : undefined;
  } catch {
    return undefined;
  }
}

const runs = (pid: number | undefined, part: string) =>
  pid !== undefined && (commandLine(pid)?.includes(part) ?? false);

/**
 * Refuses while another supervisor serves this data folder; stops the Next a killed supervisor
 * left behind (it would hold the port), so that PostgreSQL can be taken over.
 */
async function claimDataDir(file: string, dataDir: string): Promise<void> {
  const claim = existsSync(file) ? readClaim(file) : undefined;
  if (!claim || claim.supervisor === process.pid) return;
  if (runs(claim.supervisor, "scripts/start.ts")) {
    throw new Error(
      `another npm start (pid ${claim.supervisor}) serves ${dataDir}: stop it first, or give this one a data folder of its own (LEADS_DATA_DIR)`,
    );
  }
  if (claim.next !== undefined && runs(claim.next, "next")) {
    log("warn", "supervisor.orphan_next_stopped", { pid: claim.next });
    process.kill(claim.next, "SIGTERM");
    const deadline = Date.now() + NEXT_GRACE_MS;
    while (runs(claim.next, "next")) {
      if (Date.now() > deadline) process.kill(claim.next, "SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Next's exit as a process's exit code: its own, or 128 + the signal's number. */
function exitCode(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
}

function runNext(env: NodeJS.ProcessEnv): { child: ChildProcess; exited: Promise<number> } {
  const child = spawn(process.execPath, nextArgs, { env, stdio: "inherit" });
  const exited = new Promise<number>((resolve) => {
    child.once("error", (error) => {
      log("error", "supervisor.next_failed", { reason: error.message });
      resolve(1);
    });
    child.once("exit", (code, signal) => resolve(exitCode(code, signal)));
  });
  log("info", "supervisor.next_started", { pid: child.pid, command: dev ? "dev" : "start" });
  return { child, exited };
}

/** Whether a signal asked for the stop (then Next's 130 or 143 is no failure). */
let stopRequested = false;

/** Passes SIGINT, SIGTERM and SIGHUP on to Next; answers the signal that came first, once one does. */
function forwardSignals(child: ChildProcess): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.on(signal, () => {
        stopRequested = true;
        log("info", "supervisor.signal", { signal });
        child.kill(signal === "SIGHUP" ? "SIGTERM" : signal);
        resolve(signal);
      });
    }
  });
}

/** Stops Next: SIGTERM, then SIGKILL if it has not drained in time. */
async function stopNext(child: ChildProcess, exited: Promise<number>): Promise<number> {
  child.kill("SIGTERM");
  const kill = setTimeout(() => child.kill("SIGKILL"), NEXT_GRACE_MS);
  const code = await exited;
  clearTimeout(kill);
  return code;
}

async function supervise(): Promise<number> {
  const external = process.env.SUPABASE_URL
    ? "SUPABASE_URL"
    : process.env.DATABASE_URL
      ? "DATABASE_URL"
      : undefined;
  log("info", "supervisor.started", { pid: process.pid, store: external ?? "embedded" });
  if (external) {
    log("info", "supervisor.external_store", { reason: `${external} is set: no embedded store` });
    const next = runNext(process.env);
    void forwardSignals(next.child);
    return next.exited;
  }
  const refused = serverlessHost();
  if (refused) {
    log("error", "supervisor.refused", { reason: refused });
    return 1;
  }

  const dataDir = defaultDataDir();
  const claimFile = path.join(socketDirFor(dataDir), "supervisor.json");
  await claimDataDir(claimFile, dataDir);
  const cluster: Cluster = await startCluster({
    dataDir,
    restartRunning: true,
    log: (event, fields) => log("info", event, fields),
  });
  writeFileSync(claimFile, JSON.stringify({ supervisor: process.pid } satisfies Claim));
  const stopPostgres = async () => {
    await cluster.stop();
    rmSync(claimFile, { force: true });
  };

  let applied: string[];
  try {
    applied = await migrate(cluster.url);
  } catch (error) {
    await stopPostgres();
    throw error;
  }
  log("info", "supervisor.migrated", { applied: applied.length, versions: applied.join(",") });

  const next = runNext({ ...process.env, DATABASE_URL: cluster.url });
  writeFileSync(
    claimFile,
    JSON.stringify({ supervisor: process.pid, next: next.child.pid } satisfies Claim),
  );
  const outcome = await Promise.race([
    next.exited.then((code) => ({ kind: "next" as const, code })),
    cluster.exited.then((reason) => ({ kind: "postgres" as const, reason })),
    forwardSignals(next.child).then((signal) => ({ kind: "signal" as const, signal })),
  ]);

  if (outcome.kind === "postgres") {
    log("error", "supervisor.postgres_died", { reason: outcome.reason });
    await stopNext(next.child, next.exited);
    rmSync(claimFile, { force: true });
    return 1;
  }
  const code = outcome.kind === "next" ? outcome.code : await next.exited;
  if (outcome.kind === "next") log("warn", "supervisor.next_exited", { code });
  else log("info", "supervisor.next_drained", { code });
  await stopPostgres();
  return code;
}

// A reader gone (a closed pipe) must not crash the supervisor before it stops what it started.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);

supervise().then(
  (code) => {
    log(code === 0 || stopRequested ? "info" : "warn", "supervisor.stopped", { code });
    process.exit(code);
  },
  (error: unknown) => {
    log("error", "supervisor.failed", {
      reason: error instanceof Error ? error.message : String(error),
    });
    process.exit(1);
  },
);
