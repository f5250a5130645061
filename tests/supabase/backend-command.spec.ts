import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { quoteTotal } from "@shared/quote/pricing";
import { createRequest, expect, idempotency, operationPath, test } from "./fixtures";
import { freePort } from "../support/processes";
import { missingTools, ROOT, scriptWithSiteCode } from "./tools";

const missing = missingTools();
test.skip(Boolean(missing), missing);
test.skip(process.platform !== "linux", "the process table is read from /proc");

/** Every process whose parent chain reaches `root`, read from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the fields after its last ")" are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone while we read.
    }
  }
  const found: number[] = [];
  for (const pid of parents.keys()) {
    for (let up = parents.get(pid); up !== undefined && up > 1; up = parents.get(up)) {
      if (up === root) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

test("npm run backend prints the site's settings, takes a lead with its key, and leaves nothing behind on SIGTERM", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const child = spawn("npm", ["run", "-s", "backend", "--", "--port", String(port)], {
    cwd: ROOT,
    env: { ...process.env, SUPABASE_SECRET_KEY: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    await expect
      .poll(() => stdout.includes("SUPABASE_SECRET_KEY="), {
        message: `the settings, once all is up; stderr so far:\n${stderr}`,
        timeout: 90_000,
      })
      .toBe(true);
    // Only KEY=value lines on stdout, each a setting the site reads (lib/env.ts).
    const lines = stdout.trim().split("\n");
    const settings = Object.fromEntries(lines.map((line) => line.split(/=(.*)/s).slice(0, 2)));
    expect(
      lines.every((line) => /^[A-Z_]+=\S+$/.test(line)),
      stdout,
    ).toBe(true);
    const documented = readFileSync(path.join(ROOT, ".env.example"), "utf8");
    for (const name of Object.keys(settings))
      expect(documented).toMatch(new RegExp(`^${name}=`, "m"));
    expect(settings).toMatchObject({
      SUPABASE_URL: `http://127.0.0.1:${port}`,
      SUPABASE_SECRET_KEY: expect.stringMatching(/^sb_secret_/),
    });

    // A lead through the site's own code (settings parsed as the server does, posted with the key),
    // the browser's price wrong; the same Idempotency-Key again is the same lead.
    const request = createRequest({ totalPrice: 1 }, { idempotency: idempotency() });
    const create = async () => {
      const { stdout } = await scriptWithSiteCode(
        ["tests/supabase/store-with-settings.ts", "create", JSON.stringify(request)],
        { env: { ...process.env, ...settings } },
      );
      return JSON.parse(stdout) as {
        ok: boolean;
        result: { status: string; lead: { id: string } };
      };
    };
    const first = await create();
    expect(first).toMatchObject({ ok: true, result: { status: "created" } });
    const id = first.result.lead.id;
    expect(await create()).toMatchObject({ ok: true, result: { status: "replayed", id } });
    // The row, read at the URL the command printed, at the function's own price.
    const database = postgres(/PostgreSQL .* at (postgres:\/\/\S+)/.exec(stderr)?.[1] ?? "", {
      max: 1,
    });
    try {
      const [row] = await database`select total_price from public.quote_requests where id = ${id}`;
      const { quote } = request;
      expect(Number(row?.total_price)).toBe(
        quoteTotal(quote.paneCount, quote.frequency, quote.addOns),
      );
    } finally {
      await database.end();
    }
    // Without the key, the same request is refused.
    const keyless = await fetch(`${settings.SUPABASE_URL}${operationPath("create")}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    expect(keyless.status).toBe(401);

    // What must be gone after: every process started under npm, and PostgreSQL (a daemon).
    const folder = /its data, removed on stop: (\S+)/.exec(stderr)?.[1] ?? "";
    const postmaster = Number(
      readFileSync(path.join(folder, "data/postmaster.pid"), "utf8").split("\n")[0],
    );
    const started = [...descendants(child.pid ?? 0), postmaster, ...descendants(postmaster)];
    expect(started.length).toBeGreaterThanOrEqual(3);

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expect
      .poll(() => started.filter(alive), { message: "processes left running", timeout: 30_000 })
      .toEqual([]);
    expect(existsSync(folder)).toBe(false);
    expect(stderr).toContain("SIGTERM: stopping");
    await expect(fetch(settings.SUPABASE_URL ?? "")).rejects.toThrow();
  } finally {
    // A failure above still stops the stack the way a user would.
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      const timeout = new Promise((resolve) => setTimeout(resolve, 30_000).unref());
      await Promise.race([exited, timeout]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }
});
