import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { unsupportedNode } from "../../lib/node-version.mjs";
import packageJson from "../../package.json" with { type: "json" };
import { freePort } from "../support/processes";
import { siteFolder } from "../support/site-folder";
import { alive, logLines, postmasterPid, processesNaming, waitFor } from "../support/supervisor";

// The entry points as an operator meets them: on the system's older Node, from cron and systemd
// (the lines `npm run leads -- schedule` prints, run as those run them), and reading the settings
// files as Next does. docs/leads.md, "Backups and restore"; docs/embedded-postgres.md.
test.describe.configure({ mode: "parallel" });
test.setTimeout(120_000);

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Debian's own Node, older than engines.node on these machines (README, "Requirements"). */
const OLDER_NODE = "/usr/bin/node";
const olderVersion = existsSync(OLDER_NODE)
  ? execFileSync(OLDER_NODE, ["--version"], { encoding: "utf8" }).trim()
  : "";
const refusal = olderVersion && unsupportedNode(packageJson.engines.node, olderVersion, OLDER_NODE);
/** `env -i` and what cron and systemd set: no PATH of the user's, the system's Node first. */
const bare = (env: Record<string, string> = {}) => [
  "-i",
  ...Object.entries({
    PATH: `${path.dirname(OLDER_NODE)}:/bin`,
    HOME: process.env.HOME ?? "/",
    ...env,
  }).map(([name, value]) => `${name}=${value}`),
];

const run = promisify(execFile);
/** Exit code and everything printed, of a command that may fail. */
const outcome = (command: string, args: string[], options: Parameters<typeof execFile>[2]) =>
  run(command, args, { ...options, encoding: "utf8" }).then(
    ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}` }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: `${error.stdout}${error.stderr}`,
    }),
  );

test("on an older Node every npm entry point says in one line which Node it needs, exits 1 and starts nothing", async () => {
  test.skip(!refusal, `needs a Node older than engines.node at ${OLDER_NODE}`);
  const unused = mkdtempSync(path.join(tmpdir(), "entry-points-"));
  try {
    const env = bare({ LEADS_DATA_DIR: path.join(unused, "postgres") });
    for (const script of [["start"], ["dev"], ["leads", "--", "list"], ["backend"]]) {
      const result = await outcome("env", [...env, "npm", "run", "-s", ...script], { cwd: ROOT });
      expect(result, `npm run ${script.join(" ")}`).toEqual({ code: 1, output: `${refusal}\n` });
    }
    expect(readdirSync(unused)).toEqual([]);
  } finally {
    rmSync(unused, { recursive: true, force: true });
  }
});

/** `npm run leads -- schedule` in `dir`: the crontab line's command and each unit file's text. */
async function schedule(dir: string) {
  const { stdout } = await run("npm", ["run", "-s", "leads", "--", "schedule"], { cwd: dir });
  const cron = /^0 3 \* \* \* (.+)$/m.exec(stdout)?.[1] ?? "";
  const units = new Map<string, string>();
  for (const part of stdout.split(/^# \/etc\/systemd\/system\//m).slice(1)) {
    const [name = "", ...lines] = part.split("\n");
    units.set(name, lines.join("\n"));
  }
  return { cron, units };
}

/** A unit's `Key=` values, in order. */
const values = (unit: string | undefined, key: string) =>
  [...(unit ?? "").matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((match) => match[1] ?? "");

/** Runs a unit's ExecStart as systemd does: in its WorkingDirectory, with its Environment only. */
function asSystemd(unit: string | undefined, overrides: Record<string, string> = {}) {
  const [command = "", ...args] = values(unit, "ExecStart")[0]?.split(" ") ?? [];
  const environment = Object.fromEntries(values(unit, "Environment").map((set) => set.split("=")));
  return spawn("env", [...bare({ ...environment, ...overrides }), command, ...args], {
    cwd: values(unit, "WorkingDirectory")[0],
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
}

test("the crontab line and systemd units npm run leads -- schedule prints run with the older Node first on PATH: the site serves with .env.local's data folder, and both backups of it are made", async () => {
  test.skip(!refusal, `needs a Node older than engines.node at ${OLDER_NODE}`);
  const site = siteFolder({});
  try {
    const dataDir = path.join(site.dir, "postgres");
    // The data folder is set where the owner keeps his settings, read by the server and the backup alike.
    execFileSync("sh", ["-c", `echo LEADS_DATA_DIR=${dataDir} > .env.local`], { cwd: site.dir });
    const { cron, units } = await schedule(site.dir);
    const service = units.get("suncoast-shine.service");
    // Each names the Node that printed it (the README's), never the one cron or systemd would find.
    for (const unit of [service, units.get("suncoast-shine-backup.service")]) {
      expect(values(unit, "WorkingDirectory")).toEqual([site.dir]);
      expect(values(unit, "ExecStart")[0]).toMatch(new RegExp(`^${process.execPath} scripts/bin/`));
    }
    expect(cron).toContain(`${process.execPath} scripts/bin/leads.mjs backup`);

    const port = await freePort(); // the unit's PORT=3000 may be taken on this machine
    const server = asSystemd(service, { PORT: String(port) });
    let output = "";
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    try {
      await waitFor(`the site to serve on ${port}`, async () => {
        if (server.exitCode !== null) throw new Error(`the site exited:\n${output}`);
        return fetch(`http://127.0.0.1:${port}/robots.txt`).then(
          (response) => response.ok,
          () => false,
        );
      });
      expect(logLines(output).find((line) => line.event === "supervisor.started")).toMatchObject({
        store: "embedded",
        envFiles: ".env.local",
      });
      expect(alive(postmasterPid(dataDir))).toBe(true);

      const cronJob = await outcome("env", [...bare(), "/bin/sh", "-c", cron], { cwd: "/" });
      expect(cronJob).toEqual({ code: 0, output: "" });
      expect(readFileSync(path.join(site.dir, "data/backups.log"), "utf8")).toContain(
        `Backed up the lead store (the embedded store in ${dataDir})`,
      );
      const timer = asSystemd(units.get("suncoast-shine-backup.service"));
      expect(await new Promise((resolve) => timer.once("exit", resolve))).toBe(0);
      const backups = readdirSync(path.join(site.dir, "data/backups"));
      expect(backups).toHaveLength(2);

      // systemctl stop with KillMode=mixed: SIGTERM to the supervisor alone; 143 is listed as success.
      process.kill(server.pid!, "SIGTERM");
      expect(values(service, "SuccessExitStatus")[0]?.split(" ")).toContain(String(await exited));
      expect(processesNaming(site.dir)).toEqual([]);
    } finally {
      if (server.exitCode === null) process.kill(-server.pid!, "SIGKILL");
      const left = postmasterPid(dataDir);
      if (alive(left)) process.kill(left!, "SIGKILL");
    }
  } finally {
    site.done();
  }
});

/** This environment without the store's settings, which would win over the folder's files. */
function withoutStoreSettings(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ["SUPABASE_URL", "SUPABASE_SECRET_KEY", "DATABASE_URL", "LEADS_DATA_DIR"]) {
    delete env[name];
  }
  return env;
}

test("Supabase's settings in .env.local: npm start runs Next alone, with no embedded PostgreSQL and no data folder", async () => {
  const site = siteFolder({
    ".env.local": [
      "SUPABASE_URL=http://127.0.0.1:9",
      "SUPABASE_SECRET_KEY=sb_secret_entry-points-test",
      "LEADS_DATA_DIR=./postgres",
    ].join("\n"),
  });
  const port = await freePort();
  const start = spawn("npm", ["start", "--", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: site.dir,
    env: withoutStoreSettings(),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  start.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => start.once("exit", resolve));
  try {
    await waitFor("Next to start", () => {
      if (start.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      return logLines(output).some((line) => line.event === "supervisor.next_started");
    });
    expect(logLines(output).find((line) => line.event === "supervisor.started")).toMatchObject({
      store: "SUPABASE_URL",
      envFiles: ".env.local",
    });
    expect(existsSync(path.join(site.dir, "postgres"))).toBe(false);
  } finally {
    if (start.exitCode === null) process.kill(-start.pid!, "SIGTERM");
    await exited;
    site.done();
  }
});
