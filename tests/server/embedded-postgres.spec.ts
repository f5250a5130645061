import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  MIGRATIONS_DIR,
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

test("a data folder too deep for a socket path gets its socket in a folder of its own under /tmp, named by the folder, closed to others", async () => {
  const folder = dataFolder();
  const dataDir = path.join(folder.dir, "d".repeat(100), "postgres");
  mkdirSync(path.dirname(dataDir));
  const cluster = await startCluster({ dataDir, durability: "test-only-unsafe" });
  try {
    const socketDir = socketDirFor(dataDir);
    expect(socketDir).toMatch(/^\/tmp\/embedded-postgres-[0-9a-f]{16}$/);
    expect(new URL(cluster.url).searchParams.get("host")).toBe(socketDir);
    expect(statSync(socketDir).mode & 0o777).toBe(0o700);
    expect(await withSession(cluster.url, (sql) => sql`select 1 as one`)).toEqual([{ one: 1 }]);
  } finally {
    await cluster.stop();
    rmSync(socketDirFor(dataDir), { recursive: true, force: true });
    folder.done();
  }
});
