import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { builtFolder } from "../../scripts/build/build-folder.ts";
import { socketDirFor, socketUrl } from "../../scripts/postgres/cluster.ts";
import { freePort } from "./processes";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** One JSON log line (lib/log.ts's format). */
export type LogLine = { time: string; level: string; event: string } & Record<string, unknown>;

/** A folder for a test's data: open to the `postgres` user (as root it runs the cluster). */
export function dataFolder(): { dir: string; dataDir: string; done: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "supervisor-test-"));
  chmodSync(dir, 0o755);
  return {
    dir,
    dataDir: path.join(dir, "postgres"),
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The settings a test's `npm start` runs with: its own data, no store of anyone else's. */
function settings(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LEADS_DATA_DIR: dataDir,
    SUPABASE_URL: "",
    DATABASE_URL: "",
    ...env,
  };
}

/** The pid in a data folder's postmaster.pid, if it has one. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return undefined;
  }
}

/** The supervisor's own note of its pid and Next's (scripts/start.ts). */
export function supervisorClaim(dataDir: string): { supervisor: number; next?: number } {
  return JSON.parse(readFileSync(path.join(dataDir, "supervisor.json"), "utf8"));
}

/** Whether a process runs (a zombie, dead but not yet reaped by whoever inherited it, does not). */
export function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** The processes whose command line names `needle` (a data folder: the cluster and its children). */
export function processesNaming(needle: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (command.includes(needle)) found.push(`${entry}: ${command}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export async function waitFor(what: string, check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type Supervised = {
  /** The site's address. */
  url: string;
  port: number;
  dataDir: string;
  /** `npm start`'s pid, which leads its process group (npm, the supervisor, Next). */
  pid: number;
  /** The socket URL of its cluster (the DATABASE_URL Next gets). */
  databaseUrl: string;
  /** npm's exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output: () => string;
  logs: () => LogLine[];
  /** SIGTERM to the process group, as Ctrl-C or a service manager send it; waits for all to end. */
  stop: () => Promise<void>;
  /** kill -9 of the process group; PostgreSQL, in a group of its own, is not in it. */
  kill9: () => Promise<void>;
};

/** `npm start` on a data folder and a port, as it starts; `onOutput` sees each chunk it prints. */
export function launchSupervisor(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  onOutput: (output: string) => void = () => undefined,
) {
  const child = spawn("npm", ["start", "--", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: settings(dataDir, env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => onOutput((output += chunk.toString())));
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, port, exited, output: () => output, logs: () => logLines(output) };
}

type Launched = ReturnType<typeof launchSupervisor>;

/** The JSON log lines (lib/log.ts's format) in a process's output. */
export const logLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

/**
 * `npm start` on a data folder (LEADS_DATA_DIR), serving the build on a free port (or `port`),
 * answered once the site serves and its supervisor has noted Next's pid.
 */
export async function startSupervisor(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<Supervised> {
  const port = options.port ?? (await freePort());
  return serving(launchSupervisor(options.dataDir, port, options.env), options.dataDir);
}

/**
 * Two `npm start`s on one data folder at once (each on a port of its own): the one that serves,
 * and how the other ended.
 */
export async function startTwoAtOnce(dataDir: string) {
  const both = [
    launchSupervisor(dataDir, await freePort()),
    launchSupervisor(dataDir, await freePort()),
  ];
  const winner = await Promise.any(both.map((launched) => serving(launched, dataDir)));
  const loser = both.find((launched) => launched.port !== winner.port)!;
  const bound = setTimeout(() => process.kill(-(loser.child.pid ?? 0), "SIGKILL"), 60_000);
  const code = await loser.exited;
  clearTimeout(bound);
  return { winner, loser: { code, output: loser.output() } };
}

/** Answers once the launched `npm start` serves and its supervisor has noted Next's pid. */
async function serving(launched: Launched, dataDir: string): Promise<Supervised> {
  builtFolder(ROOT);
  const { child, port, exited, output, logs } = launched;
  const url = `http://127.0.0.1:${port}`;
  let ended = false;
  void exited.then(() => (ended = true));
  await waitFor(`npm start to serve ${url}`, async () => {
    if (ended) throw new Error(`npm start exited:\n${output()}`);
    if (!logs().some((line) => line.event === "supervisor.next_started")) return false;
    return fetch(`${url}/robots.txt`).then(
      (response) => response.ok,
      () => false,
    );
  });
  const supervisor = Number(logs().find((line) => line.event === "supervisor.started")?.pid);
  const pgid = child.pid ?? 0;
  return {
    url,
    port,
    dataDir,
    pid: pgid,
    databaseUrl: socketUrl(socketDirFor(dataDir)),
    exited,
    output,
    logs,
    stop: async () => {
      const postmaster = postmasterPid(dataDir);
      if (!ended) process.kill(-pgid, "SIGTERM");
      await waitFor(
        "the supervisor and PostgreSQL to end",
        () => !alive(supervisor) && !alive(postmaster),
      );
    },
    kill9: async () => {
      process.kill(-pgid, "SIGKILL");
      await exited;
      await waitFor("the supervisor to die", () => !alive(supervisor));
    },
  };
}

/** An `npm start` that must stop on its own: its exit code and output. */
export async function supervisorThatStops(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<{ code: number | null; output: string; logs: LogLine[] }> {
  const { child, exited, output, logs } = launchSupervisor(
    options.dataDir,
    options.port ?? (await freePort()),
    options.env ?? {},
  );
  // A start that does not stop is killed after a bound far past a start (code null: the test fails).
  const bound = setTimeout(() => process.kill(-(child.pid ?? 0), "SIGKILL"), 60_000);
  const code = await exited;
  clearTimeout(bound);
  return { code, output: output(), logs: logs() };
}
