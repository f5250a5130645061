/**
 * The embedded PostgreSQL (docs/embedded-postgres.md): embedded-postgres's binaries on a unix
 * socket only, started by `npm start` (scripts/start.ts). Never imported by the site's code
 * (.dependency-cruiser.mjs), so the binaries stay out of serverless bundles.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type postgres from "postgres";
import { connectPool } from "../../supabase/functions/_shared/leads/pool.ts";
import {
  privateBinaries,
  privateFolder,
  privateSocketDir,
  recordedSocketDir,
} from "./private-folders.ts";

const run = promisify(execFile);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const MIGRATIONS_DIR = path.join(ROOT, "supabase/migrations");
export const SUPABASE_BASELINE = path.join(import.meta.dirname, "supabase-baseline.sql");

export type ClusterOptions = {
  dataDir: string;
  log?: (event: string, fields: Record<string, string | number | undefined>) => void;
  /** "test-only-unsafe": fsync, synchronous_commit and full_page_writes off (throwaway clusters). */
  durability?: "durable" | "test-only-unsafe";
  /** Stop a postmaster already running on the folder and start our own, instead of reusing it. */
  restartRunning?: boolean;
  /** Tests only: also on 127.0.0.1 at this port (the backend test's Deno function uses TCP). */
  tcpPort?: number;
  /** Tests only: a copy of the binaries' folder to run (with extra extensions). */
  bin?: string;
};

export type Cluster = {
  /** libpq's form for the socket, which connectPool() and psql read: the superuser's. */
  url: string;
  /** The same socket as the site's login (SITE_ROLE, which migrate() makes): its DATABASE_URL. */
  siteUrl: string;
  postmasterPid: number;
  /** Fast shutdown of a postmaster this call started; a reused one is left running. */
  stop(): Promise<void>;
  /** Settles with the reason when a postmaster this call started exits. */
  exited: Promise<string>;
};

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.LEADS_DATA_DIR || path.join(ROOT, "data/postgres"));
}

/** Hosts whose disk does not outlive a request or a deployment, by the variable each one sets. */
const SERVERLESS_HOSTS = {
  VERCEL: "Vercel",
  AWS_LAMBDA_FUNCTION_NAME: "AWS Lambda (Netlify Functions run there too)",
  NETLIFY: "Netlify",
  K_SERVICE: "Google Cloud Run",
};

/** The Supabase project's major (supabase/config.toml's only `major_version`, in `[db]`). */
export function supabaseMajor(): string {
  const config = readFileSync(path.join(ROOT, "supabase/config.toml"), "utf8");
  return /^major_version\s*=\s*(\d+)/m.exec(config)?.[1] ?? "(none in supabase/config.toml)";
}

/**
 * The bin folder of embedded-postgres's build for this platform, undefined when npm installed none.
 * Not the package's own class: it installs exit hooks that call process.exit() on SIGINT.
 */
export function postgresBinDir(): string | undefined {
  let packageDir: string;
  try {
    const wrapper = createRequire(import.meta.url).resolve("embedded-postgres");
    const build = `@embedded-postgres/${process.platform}-${process.arch}`;
    packageDir = path.resolve(path.dirname(createRequire(wrapper).resolve(build)), "..");
  } catch {
    return undefined;
  }
  // The libraries' symbolic links come from its postinstall script, which --ignore-scripts skips.
  const list = path.join(packageDir, "native/pg-symlinks.json");
  const links: Array<{ target: string }> = existsSync(list)
    ? JSON.parse(readFileSync(list, "utf8"))
    : [];
  if (!links.every(({ target }) => existsSync(path.join(packageDir, target)))) {
    execFileSync(process.execPath, ["scripts/hydrate-symlinks.js"], { cwd: packageDir });
  }
  return path.join(packageDir, "native/bin");
}

/** Who runs the cluster: this process's user, or, as root, `postgres` (PostgreSQL refuses root). */
export type ClusterOwner = { uid: number; gid: number; name: string };

export const ADD_POSTGRES_USER =
  "useradd --system --user-group --no-create-home --shell /usr/sbin/nologin postgres";

/** undefined as root on a machine without a `postgres` user (`.ci/run` creates one). */
export function postgresRunAs(): ClusterOwner | undefined {
  const { uid, gid, username } = userInfo();
  if (uid !== 0) return { uid, gid, name: username };
  try {
    const id = (flag: string) =>
      Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
    return { uid: id("-u"), gid: id("-g"), name: "postgres" };
  } catch {
    return undefined;
  }
}

const runningAs = ({ uid, gid }: ClusterOwner) => ({ cwd: "/", uid, gid });

const ownerCan = (owner: ClusterOwner, test: string, target: string) =>
  run("test", [test, target], runningAs(owner)).then(
    () => true,
    () => false,
  );

type Tools = { bin: string; owner: ClusterOwner };

/** The binaries as their owner can run them (their major: tests/server/supervisor.spec.ts). */
export async function postgresTools(): Promise<Tools> {
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
  const bin = (await ownerCan(owner, "-x", path.join(packaged, "postgres")))
    ? packaged
    : privateBinaries(path.dirname(packaged)); // a checkout in a 0700 home is closed to `postgres`
  return { bin, owner };
}

const CONFIG = `
# scripts/postgres/cluster.ts (docs/embedded-postgres.md): no TCP, only the unix socket given at
# start (with the durability settings); a week of logs in log/.
listen_addresses = ''
logging_collector = on
log_directory = 'log'
log_filename = 'postgresql-%a.log'
log_truncate_on_rotation = on
log_rotation_age = '1d'
log_rotation_size = 0
`;

async function reachableByOwner(owner: ClusterOwner, dir: string): Promise<void> {
  if (await ownerCan(owner, "-w", dir)) return;
  let closed = dir;
  for (let above = path.dirname(dir); above !== path.dirname(above); above = path.dirname(above)) {
    if (!(await ownerCan(owner, "-x", above))) closed = above;
  }
  throw new Error(
    `The \`${owner.name}\` user, which runs PostgreSQL (never root), cannot enter ${closed}, so it cannot use the data folder ${dir}. ` +
      `Either open the folders above it to others (chmod o+x ${closed}) or keep the data elsewhere: ` +
      `LEADS_DATA_DIR=/var/lib/suncoast-shine/postgres npm start (docs/embedded-postgres.md, "As root").`,
  );
}

/** A cluster of the project's major in `dataDir`; initdb works beside it, so a kill leaves none. */
async function prepareDataDir({ bin, owner }: Tools, dataDir: string, options: ClusterOptions) {
  const major = supabaseMajor();
  const versionFile = path.join(dataDir, "PG_VERSION");
  if (existsSync(versionFile)) {
    const found = readFileSync(versionFile, "utf8").trim();
    if (found !== major) {
      throw new Error(
        `The data folder ${dataDir} holds a PostgreSQL ${found} cluster; this release runs PostgreSQL ${major} (supabase/config.toml), which cannot open it. ` +
          `To carry the leads over: with the release that made it, \`npm run leads -- backup FILE\`; then move the folder aside, ` +
          `\`npm start\` this release (it makes a new cluster), and \`npm run leads -- restore FILE\` (docs/embedded-postgres.md, "Upgrading PostgreSQL").`,
      );
    }
    if (statSync(dataDir).uid !== owner.uid) {
      throw new Error(
        `The data folder ${dataDir} is not owned by \`${owner.name}\`, which runs PostgreSQL: chown -R ${owner.name}: ${dataDir}`,
      );
    }
    return reachableByOwner(owner, dataDir);
  }
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `${dataDir} is not empty and holds no PostgreSQL cluster (no PG_VERSION): give the embedded store a folder of its own (LEADS_DATA_DIR)`,
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const staging = mkdtempSync(
    path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.initdb-`),
  );
  try {
    chownSync(staging, owner.uid, owner.gid);
    await reachableByOwner(owner, staging);
    options.log?.("postgres.initdb", { dataDir, user: owner.name });
    const initdb = ["-D", staging, "-U", "postgres", "--encoding=UTF8", "--no-locale"];
    initdb.push("--auth-local=trust", "--auth-host=scram-sha-256");
    if (options.durability === "test-only-unsafe") initdb.push("--no-sync");
    await run(path.join(bin, "initdb"), initdb, { ...runningAs(owner), timeout: 120_000 });
    appendFileSync(path.join(staging, "postgresql.conf"), CONFIG);
    renameSync(staging, dataDir); // onto an empty folder, if there is one
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The data folder's `run`, when its socket's path fits a socket address (107 bytes). */
function runFolder(dataDir: string, port: number): string | undefined {
  const inside = path.join(dataDir, "run");
  return Buffer.byteLength(path.join(inside, `.s.PGSQL.${port}`)) <= 107 ? inside : undefined;
}

/** `run` in the data folder, or, where that is too long a socket path, the folder recorded in it. */
export function socketDirFor(dataDir: string, port = 5432): string {
  const inside = runFolder(dataDir, port);
  if (inside) return inside;
  const recorded = recordedSocketDir(dataDir);
  if (!recorded) throw new Error(`${dataDir} records no socket folder: it has not been started`);
  return recorded;
}

/** The socket's folder, made when missing: `run`, or one of /tmp's under a name nobody can guess. */
function ensureSocketDir(owner: ClusterOwner, dataDir: string, options: ClusterOptions): string {
  const inside = runFolder(dataDir, options.tcpPort ?? 5432);
  if (!inside) {
    return privateSocketDir(dataDir, owner, (dir) =>
      options.log?.("postgres.socket_dir_refused", { dir, reason: "not made by this cluster" }),
    );
  }
  if (!existsSync(inside)) {
    mkdirSync(inside, { mode: 0o700 });
    chownSync(inside, owner.uid, owner.gid);
  }
  if (!privateFolder(inside, owner.uid)) {
    throw new Error(
      `The socket folder ${inside} must be a folder only PostgreSQL's owner can enter (mode 0700); it is not: remove it and start again`,
    );
  }
  return inside;
}

/** The superuser: migrations, backups, restores and the owner's commands. */
export const SUPERUSER = "postgres";
/** The site's login (migration 20261214100000_lead_store_role.sql): only what storing leads needs. */
export const SITE_ROLE = "lead_store";

export function socketUrl(socketDir: string, port = 5432, user = SUPERUSER): string {
  return `postgres://${user}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`;
}

export async function withSession<T>(
  url: string,
  work: (sql: postgres.Sql) => Promise<T>,
): Promise<T> {
  const sql = connectPool(url, { max: 1 });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The pid on a lock file's first line (postmaster.pid, the socket's .lock). */
function lockPid(file: string): number | undefined {
  try {
    return Number(readFileSync(file, "utf8").split("\n")[0]);
  } catch {
    return undefined;
  }
}

/** A live process's command line; a zombie's is empty. */
export function commandLine(pid: number): string | undefined {
  try {
    return existsSync("/proc")
      ? readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim()
      : execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

const isPostgres = (pid: number) =>
  path.basename(commandLine(pid)?.split(" ")[0] ?? "") === "postgres";

async function answers(url: string, gone = () => false): Promise<boolean> {
  for (const deadline = Date.now() + 300_000; !gone() && Date.now() < deadline;) {
    const ok = await withSession(url, (sql) => sql`select 1`).then(
      () => true,
      () => false,
    );
    if (ok) return true;
    await pause(100);
  }
  return false;
}

const DURABILITY = ["fsync", "synchronous_commit", "full_page_writes"];

async function checkDurability(url: string) {
  const off = await withSession(
    url,
    (sql) => sql`select name, setting from pg_settings
      where name in ${sql(DURABILITY)} and setting <> 'on' order by name`,
  );
  if (off.length > 0) {
    throw new Error(
      `PostgreSQL runs with ${off.map((row) => `${row.name}=${row.setting}`).join(", ")}: commits would not be flushed to disk. Stop it, and npm start starts it durable.`,
    );
  }
}

/** A dead postmaster's children still hold its shared memory for a moment: worth another try. */
const RETRYABLE = /pre-existing shared memory block|lock file .* already exists/;

const lastLines = (output: string) => output.trim().split("\n").slice(-5).join(" | ");

/** Starts the cluster (initdb first when there is none), or reuses the one running there. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const [variable, host] =
    Object.entries(SERVERLESS_HOSTS).find(([name]) => process.env[name]) ?? [];
  if (variable) {
    throw new Error(
      `This host is ${host} (${variable} is set): its disk does not last, so the embedded PostgreSQL would lose the leads. Keep them in Supabase instead: set SUPABASE_URL and SUPABASE_SECRET_KEY (docs/leads.md, "Deployment").`,
    );
  }
  const dataDir = path.resolve(options.dataDir);
  const tools = await postgresTools();
  const { owner } = tools;
  const bin = options.bin ?? tools.bin;
  await prepareDataDir(tools, dataDir, options);
  const port = options.tcpPort ?? 5432;
  const socketDir = ensureSocketDir(owner, dataDir, options);
  const url = socketUrl(socketDir, port);
  const siteUrl = socketUrl(socketDir, port, SITE_ROLE);
  const durable = options.durability !== "test-only-unsafe";
  const pidFile = path.join(dataDir, "postmaster.pid");

  const running = lockPid(pidFile);
  if (running !== undefined && isPostgres(running)) {
    if (!options.restartRunning) {
      if (!(await answers(url))) throw new Error(`PostgreSQL (pid ${running}) does not answer`);
      if (durable) await checkDurability(url);
      options.log?.("postgres.reused", { pid: running, dataDir });
      const exited = new Promise<string>(() => undefined);
      return { url, siteUrl, postmasterPid: running, exited, stop: async () => {} };
    }
    options.log?.("postgres.restarting", { pid: running, reason: "taking over" });
    const stop = ["stop", "-D", dataDir, "-m", "fast", "-t", "120"];
    await run(path.join(bin, "pg_ctl"), stop, runningAs(owner));
  }
  // Its postmaster died (kill -9, power cut) and its pid is another process's now, or a zombie's.
  for (const file of [pidFile, path.join(socketDir, `.s.PGSQL.${port}.lock`)]) {
    const pid = lockPid(file);
    if (pid === undefined || isPostgres(pid)) continue;
    rmSync(file, { force: true });
    options.log?.("postgres.stale_pid_removed", { pid, file });
  }

  // On the command line, which no configuration file overrides.
  const args = ["-D", dataDir, "-c", `unix_socket_directories=${socketDir}`, "-c", `port=${port}`];
  for (const name of DURABILITY) args.push("-c", `${name}=${durable ? "on" : "off"}`);
  if (options.tcpPort) args.push("-c", "listen_addresses=127.0.0.1");
  for (const deadline = Date.now() + 60_000; ; await pause(250)) {
    // Its own process group, so that a Ctrl-C reaches Next and PostgreSQL stops after it drained.
    const child = spawn(path.join(bin, "postgres"), args, {
      ...runningAs(owner),
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk).slice(-8_000)));
    const exited = new Promise<string>((resolve) =>
      child.once("exit", (code, signal) =>
        resolve(
          `PostgreSQL (pid ${child.pid}) exited with ${signal ?? `code ${code}`}${output ? `: ${lastLines(output)}` : ""}`,
        ),
      ),
    );
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    if (await answers(url, gone)) {
      options.log?.("postgres.started", { pid: child.pid, dataDir, user: owner.name });
      const stop = async () => {
        if (gone()) return;
        child.kill("SIGINT");
        await exited;
        options.log?.("postgres.stopped", { pid: child.pid });
      };
      return { url, siteUrl, postmasterPid: child.pid ?? 0, exited, stop };
    }
    if (!child.stderr.closed) await Promise.race([once(child.stderr, "close"), pause(1_000)]);
    if (!gone() || !RETRYABLE.test(output) || Date.now() > deadline) {
      child.kill("SIGQUIT");
      throw new Error(
        `PostgreSQL did not start on ${dataDir}: ${lastLines(output)} (its log: ${dataDir}/log/)`,
      );
    }
  }
}

/** Any number two processes agree on: the lock that lets one migrate at a time. */
const MIGRATION_LOCK = 43_017;

export function migrationFiles(): { version: string; name: string; file: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .sort()
    .flatMap((file) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(file) ?? [];
      return version && name ? [{ version, name, file: path.join(MIGRATIONS_DIR, file) }] : [];
    });
}

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
 * Supabase's baseline before the first migration, then each one not yet applied, in its own transaction with the
 * Supabase CLI's record of it; several processes take turns. Answers the versions it applied.
 */
export async function migrate(url: string): Promise<string[]> {
  return withSession(url, async (sql) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      const applied = new Set(await appliedMigrations(sql));
      if (!applied.size)
        await sql.begin((tx) => tx.unsafe(readFileSync(SUPABASE_BASELINE, "utf8")));
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
