import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  MIGRATIONS_DIR,
  postgresRunAs,
  SITE_ROLE,
  socketDirFor,
  socketUrl,
  supabaseMajor,
} from "../../scripts/postgres/cluster.ts";
import { connectPool } from "../../supabase/functions/_shared/leads/pool.ts";
import { freePort } from "../support/processes";
import { validQuote } from "../support/quote";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import {
  alive,
  dataFolder,
  launchSupervisor,
  logLines,
  postmasterPid,
  processesNaming,
  startSupervisor,
  startTwoAtOnce,
  supervisorClaim,
  supervisorThatStops,
  waitFor,
  type LogLine,
  type Supervised,
} from "../support/supervisor";
import { expectLeastPrivilege } from "../support/site-role";
import { mailToSink, OWNER } from "./site-server";

// `npm start` as the owner runs it: the supervisor (scripts/start.ts), the embedded PostgreSQL and
// `next start` on the build. docs/embedded-postgres.md.
test.describe.configure({ mode: "parallel" });
test.setTimeout(120_000);

const events = (lines: LogLine[]) => lines.map((line) => line.event);

type Folder = ReturnType<typeof dataFolder>;

/** Runs a test on a fresh data folder, removed after it. */
async function onFreshFolder(work: (folder: Folder) => Promise<void>) {
  const folder = dataFolder();
  try {
    await work(folder);
  } finally {
    folder.done();
  }
}

/**
 * The next `npm start` on the folder: `check` runs while it serves; then it is stopped, and
 * nothing of it or of its cluster is left running.
 */
async function nextStart(
  folder: Folder,
  check: (site: Supervised) => Promise<void>,
  options: { port?: number } = {},
) {
  const site = await startSupervisor({ dataDir: folder.dataDir, ...options });
  try {
    await check(site);
  } finally {
    await site.stop();
  }
  expect(processesNaming(folder.dir)).toEqual([]);
}

/** Runs `work` on a pool of the site's own kind (connectPool) on the cluster's socket. */
async function inDatabase<T>(
  site: Pick<Supervised, "databaseUrl">,
  work: (sql: ReturnType<typeof connectPool>) => Promise<T>,
) {
  const sql = connectPool(site.databaseUrl);
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/** A row committed (acknowledged) before a crash: it must be there after. */
async function commitProbe(site: Supervised, value: string) {
  await inDatabase(site, async (sql) => {
    await sql`create table if not exists probe (value text)`;
    await sql`insert into probe values (${value})`;
  });
}
const probes = (site: Supervised) =>
  inDatabase(site, async (sql) =>
    (await sql<Array<{ value: string }>>`select value from probe order by value`).map(
      (row) => row.value,
    ),
  );

/** A whole quote through the site: created, finished (an update), viewed, and both e-mails sent. */
async function wholeQuote(site: Supervised, smtp: SmtpSink) {
  const headers = { "content-type": "application/json", "sec-fetch-site": "same-origin" };
  const email = `role-${randomUUID()}@example.com`;
  const created = await fetch(`${site.url}/api/quote`, {
    method: "POST",
    headers: { ...headers, origin: site.url, "idempotency-key": randomUUID() },
    body: JSON.stringify(validQuote({ email })),
  });
  expect(created.status).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  const lead = { ...headers, origin: site.url, authorization: `Bearer ${token}` };
  const update = JSON.stringify({ isPostConstruction: "no", stories: "2" });
  const finished = await fetch(`${site.url}/api/quote/${id}`, {
    method: "PATCH",
    headers: lead,
    body: update,
  });
  expect(finished.status).toBe(200);
  const viewed = await fetch(`${site.url}/api/quote/${id}`, { headers: lead });
  expect(((await viewed.json()) as { quote: { stories: string } }).quote.stories).toBe("2");
  await expect
    .poll(() => smtp.received.map((message) => message.to.join()).sort(), { timeout: 30_000 })
    .toEqual([OWNER, email].sort());
}

test("npm start on an empty folder makes a durable cluster reachable only through its socket, migrates it and runs Next on it, logged in as a role that can store a whole quote and no more; SIGTERM drains Next, then stops PostgreSQL, and nothing is left running; a second npm start keeps the data and applies no migration again", async () => {
  const smtp = await startSmtpSink();
  await onFreshFolder(async (folder) => {
    // The owner's e-mail a second after the contact step, not the sink's 3 s: a shorter test.
    const settings = { ...mailToSink(smtp.url), MAIL_WINDOW_MS: "1000", LEADS_MIN_FORM_MS: "0" };
    const site = await startSupervisor({ dataDir: folder.dataDir, env: settings });
    expect((await fetch(`${site.url}/`)).status).toBe(200);
    const { next } = supervisorClaim(folder.dataDir);
    const environment = readFileSync(`/proc/${next}/environ`, "utf8").split("\0");
    const siteUrl = socketUrl(socketDirFor(folder.dataDir), 5432, SITE_ROLE);
    expect(environment).toContain(`DATABASE_URL=${siteUrl}`);
    await wholeQuote(site, smtp);
    await expectLeastPrivilege(siteUrl);
    expect(events(site.logs()).filter((event) => /failed/.test(event))).toEqual([]);
    // /api/health watches the disk of the folder it serves (docs/leads.md, "Health").
    const { disk } = await (await fetch(`${site.url}/api/health`)).json();
    expect(disk).toMatchObject({ folder: folder.dataDir, freeMb: expect.any(Number) });

    const migrations = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith(".sql"))
      .sort()
      .map((name) => name.split("_")[0]);
    await inDatabase(site, async (sql) => {
      const [settings] = await sql`select current_setting('fsync') as fsync,
        current_setting('synchronous_commit') as synchronous_commit,
        current_setting('full_page_writes') as full_page_writes,
        current_setting('listen_addresses') as listen_addresses,
        current_setting('server_version_num')::int / 10000 as major`;
      expect(settings).toEqual({
        fsync: "on",
        synchronous_commit: "on",
        full_page_writes: "on",
        listen_addresses: "",
        major: Number(supabaseMajor()),
      });
      const applied =
        await sql`select version from supabase_migrations.schema_migrations order by version`;
      expect(applied.map((row) => row.version)).toEqual(migrations);
      const roles = await sql`select rolname, rolcanlogin from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role') order by rolname`;
      expect(roles).toEqual([
        { rolname: "anon", rolcanlogin: false },
        { rolname: "authenticated", rolcanlogin: false },
        { rolname: "service_role", rolcanlogin: false },
      ]);
    });
    expect(statSync(socketDirFor(folder.dataDir)).mode & 0o777).toBe(0o700);
    expect(statSync(folder.dataDir).mode & 0o777).toBe(0o700);

    const postmaster = postmasterPid(folder.dataDir);
    expect(alive(postmaster)).toBe(true);
    // As root it runs as the `postgres` user, and says so; otherwise as the user who started it.
    const user = process.getuid?.() === 0 ? "postgres" : userInfo().username;
    expect(site.logs().find((line) => line.event === "postgres.started")?.user).toBe(user);
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${postmaster}/status`, "utf8"))?.[1];
    expect(uid).toBe(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());
    await commitProbe(site, "before the restart");
    await site.stop();
    const order = events(site.logs()).filter((event) =>
      [
        "supervisor.signal",
        "supervisor.next_drained",
        "postgres.stopped",
        "supervisor.stopped",
      ].includes(event),
    );
    // The stop reaches the whole process group, Next too: which of Next and the supervisor hears
    // it first is the kernel's, but Next has drained before PostgreSQL stops.
    expect(order.filter((event) => event !== "supervisor.signal")).toEqual([
      "supervisor.next_drained",
      "postgres.stopped",
      "supervisor.stopped",
    ]);
    expect(order.indexOf("supervisor.signal")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("supervisor.signal")).toBeLessThan(order.indexOf("postgres.stopped"));
    expect(alive(next)).toBe(false);
    expect(alive(postmaster)).toBe(false);
    expect(processesNaming(folder.dir)).toEqual([]);

    // The next npm start on the folder (one start fewer than a test of its own).
    await nextStart(folder, async (second) => {
      expect(events(second.logs())).not.toContain("postgres.initdb");
      expect(second.logs().find((line) => line.event === "supervisor.migrated")).toMatchObject({
        applied: 0,
      });
      expect(await probes(second)).toEqual(["before the restart"]);
    });
  }).finally(() => smtp.down());
});

test("after kill -9 of npm start's process group the next npm start takes over the PostgreSQL it left, with every commit", async () => {
  await onFreshFolder(async (folder) => {
    const first = await startSupervisor({ dataDir: folder.dataDir });
    await commitProbe(first, "acknowledged");
    const orphan = postmasterPid(folder.dataDir);
    await first.kill9();
    // PostgreSQL runs in a process group of its own (so that a Ctrl-C reaches Next first).
    expect(alive(orphan)).toBe(true);
    await nextStart(folder, async (site) => {
      expect(site.logs().find((line) => line.event === "postgres.restarting")).toMatchObject({
        pid: orphan,
      });
      expect(alive(orphan)).toBe(false);
      expect(await probes(site)).toEqual(["acknowledged"]);
    });
  });
});

test("after kill -9 of everything, lock files naming a dead postmaster (a zombie nobody reaps, its pid in postmaster.pid taken by another process) do not block the next npm start", async () => {
  const folder = dataFolder();
  const owner = postgresRunAs();
  // A live process of PostgreSQL's user holding the dead postmaster's pid, as after a reboot.
  const squatter = spawn("sleep", ["120"], owner ? { uid: owner.uid, gid: owner.gid } : {});
  try {
    const first = await startSupervisor({ dataDir: folder.dataDir });
    await commitProbe(first, "acknowledged");
    const postmaster = postmasterPid(folder.dataDir) ?? 0;
    await first.kill9();
    process.kill(-postmaster, "SIGKILL");
    await waitFor("the postmaster to die", () => !alive(postmaster));
    const pidFile = path.join(folder.dataDir, "postmaster.pid");
    const lines = readFileSync(pidFile, "utf8").split("\n");
    lines[0] = String(squatter.pid);
    writeFileSync(pidFile, lines.join("\n"));

    const second = await startSupervisor({ dataDir: folder.dataDir });
    try {
      expect(
        second.logs().find((line) => line.event === "postgres.stale_pid_removed"),
      ).toMatchObject({
        pid: squatter.pid,
      });
      expect(await probes(second)).toEqual(["acknowledged"]);
    } finally {
      await second.stop();
    }
    expect(processesNaming(folder.dir)).toEqual([]);
  } finally {
    squatter.kill("SIGKILL");
    folder.done();
  }
});

test("kill -9 of the postmaster alone: the supervisor stops Next and exits non-zero naming PostgreSQL; the next npm start recovers", async () => {
  await onFreshFolder(async (folder) => {
    const first = await startSupervisor({ dataDir: folder.dataDir });
    await commitProbe(first, "acknowledged");
    const { next } = supervisorClaim(folder.dataDir);
    const postmaster = postmasterPid(folder.dataDir) ?? 0;
    process.kill(postmaster, "SIGKILL");
    expect(await first.exited).toBe(1);
    const died = first.logs().find((line) => line.event === "supervisor.postgres_died");
    expect(died?.reason).toContain(`PostgreSQL (pid ${postmaster}) exited with SIGKILL`);
    expect(alive(next)).toBe(false);

    await nextStart(folder, async (site) => {
      expect(await probes(site)).toEqual(["acknowledged"]);
    });
  });
});

test("kill -9 of the supervisor alone: the next npm start stops the Next it left (which holds the port) and takes over PostgreSQL", async () => {
  await onFreshFolder(async (folder) => {
    const first = await startSupervisor({ dataDir: folder.dataDir });
    const { supervisor, next } = supervisorClaim(folder.dataDir);
    const orphan = postmasterPid(folder.dataDir);
    process.kill(supervisor, "SIGKILL");
    await first.exited;
    expect(alive(next)).toBe(true);
    expect(alive(orphan)).toBe(true);

    await nextStart(
      folder,
      async (site) => {
        expect(events(site.logs())).toEqual(
          expect.arrayContaining(["supervisor.orphan_next_stopped", "postgres.restarting"]),
        );
        expect(alive(next)).toBe(false);
        expect(alive(orphan)).toBe(false);
        expect((await fetch(`${site.url}/`)).status).toBe(200);
      },
      { port: first.port },
    );
  });
});

test("two npm starts at once on one data folder: one serves, the other is refused at once, naming it", async () => {
  await onFreshFolder(async (folder) => {
    const { winner, loser } = await startTwoAtOnce(folder.dataDir);
    try {
      expect(loser.code).toBe(1);
      const { supervisor } = supervisorClaim(folder.dataDir);
      expect(
        logLines(loser.output).find((line) => line.event === "supervisor.failed")?.reason,
      ).toBe(
        `another npm start (pid ${supervisor}) serves ${folder.dataDir}: stop it first, or give this one a data folder of its own (LEADS_DATA_DIR)`,
      );
      // Refused before it touched the folder: no cluster of its own, no PostgreSQL start.
      expect(events(logLines(loser.output))).not.toContain("postgres.initdb");
      expect((await fetch(`${winner.url}/`)).status).toBe(200);
    } finally {
      await winner.stop();
    }
  });
});

test("a port already in use is refused before the data folder is touched", async () => {
  await onFreshFolder(async (folder) => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = await supervisorThatStops({ dataDir: folder.dataDir, port });
      expect(result.code).toBe(1);
      const failed = result.logs.find((line) => line.event === "supervisor.failed");
      expect(failed?.reason).toContain(`port ${port} on 127.0.0.1 is in use`);
      expect(readdirSync(folder.dir)).toEqual([]);
    } finally {
      taken.close();
    }
  });
});

test("SIGTERM to the supervisor alone while it starts, once PostgreSQL runs, stops PostgreSQL too: nothing is left running", async () => {
  await onFreshFolder(async (folder) => {
    let signalled = false;
    // Sent the moment PostgreSQL is up: the supervisor is then migrating, before Next starts.
    const starting = launchSupervisor(folder.dataDir, await freePort(), {}, (output) => {
      if (signalled || !output.includes('"event":"postgres.started"')) return;
      signalled = true;
      const started = logLines(output).find((line) => line.event === "supervisor.started");
      process.kill(Number(started?.pid), "SIGTERM");
    });
    try {
      expect(await starting.exited).toBe(143);
      expect(events(starting.logs())).toEqual(
        expect.arrayContaining(["supervisor.signal", "postgres.stopped", "supervisor.stopped"]),
      );
      expect(processesNaming(folder.dir)).toEqual([]);
    } finally {
      const left = postmasterPid(folder.dataDir);
      if (alive(left)) process.kill(left!, "SIGKILL");
      if (alive(starting.child.pid)) process.kill(-starting.child.pid!, "SIGKILL");
    }
  });
});

test("on a host without a lasting disk npm start refuses the embedded store and names Supabase's settings", async () => {
  await onFreshFolder(async (folder) => {
    const hosts: Array<Record<string, string>> = [
      { VERCEL: "1" },
      { AWS_LAMBDA_FUNCTION_NAME: "site" },
      { NETLIFY: "true" },
      { K_SERVICE: "site" },
    ];
    const results = await Promise.all(
      hosts.map((env) => supervisorThatStops({ dataDir: folder.dataDir, env })),
    );
    for (const [index, result] of results.entries()) {
      expect(result.code, JSON.stringify(hosts[index])).toBe(1);
      const refused = result.logs.find((line) => line.event === "supervisor.failed");
      expect(refused?.reason).toContain(Object.keys(hosts[index] ?? {})[0]);
      expect(refused?.reason).toContain("SUPABASE_URL and SUPABASE_SECRET_KEY");
    }
    expect(readdirSync(folder.dir)).toEqual([]);
  });
});

test("a data folder of another PostgreSQL major is refused with how to carry the leads over, and left as it was", async () => {
  await onFreshFolder(async (folder) => {
    mkdirSync(folder.dataDir, { mode: 0o700 });
    writeFileSync(path.join(folder.dataDir, "PG_VERSION"), "16\n");
    const result = await supervisorThatStops({ dataDir: folder.dataDir });
    expect(result.code).toBe(1);
    const failed = result.logs.find((line) => line.event === "supervisor.failed");
    expect(failed?.reason).toContain(
      `The data folder ${folder.dataDir} holds a PostgreSQL 16 cluster`,
    );
    expect(failed?.reason).toContain(`this release runs PostgreSQL ${supabaseMajor()}`);
    expect(failed?.reason).toContain("npm run leads -- backup FILE");
    expect(failed?.reason).toContain("npm run leads -- restore FILE");
    expect(readdirSync(folder.dataDir)).toEqual(["PG_VERSION"]);
  });
});

test("with DATABASE_URL set npm start runs Next alone: no cluster is made", async () => {
  await onFreshFolder(async (folder) => {
    const site = await startSupervisor({
      dataDir: folder.dataDir,
      env: { DATABASE_URL: "postgres://postgres@127.0.0.1:1/elsewhere" },
    });
    try {
      expect(site.logs().find((line) => line.event === "supervisor.started")?.store).toBe(
        "DATABASE_URL",
      );
      expect(
        readdirSync(folder.dir).filter(
          (name) => name !== "leads.db" && !name.startsWith("leads.db"),
        ),
      ).toEqual([]);
    } finally {
      await site.stop();
    }
  });
});

test("as root, a data folder the postgres user cannot reach is refused naming the closed folder and the fix", async () => {
  test.skip(process.getuid?.() !== 0, "only root runs PostgreSQL as another user");
  const closed = mkdtempSync(path.join(tmpdir(), "supervisor-closed-")); // 0700, root's
  try {
    const result = await supervisorThatStops({ dataDir: path.join(closed, "postgres") });
    expect(result.code).toBe(1);
    const failed = result.logs.find((line) => line.event === "supervisor.failed");
    expect(failed?.reason).toContain(`cannot enter ${closed}`);
    expect(failed?.reason).toContain(`chmod o+x ${closed}`);
    expect(failed?.reason).toContain("LEADS_DATA_DIR=");
    expect(readdirSync(closed)).toEqual([]);
  } finally {
    rmSync(closed, { recursive: true, force: true });
  }
});
