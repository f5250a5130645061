import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runLeads } from "./owner-commands";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "owner-embedded-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run leads -- …` on the embedded store in `dir`, whose start is `start`. */
async function run(args: string[], start: Parameters<typeof runLeads>[3]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLeads(
    args,
    { NODE_ENV: "test", LEADS_DATA_DIR: path.join(dir, "postgres") },
    { out: (text) => out.push(text), err: (text) => err.push(text) },
    start,
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const notStarted = async (): Promise<never> => {
  throw new Error("not reached");
};

describe("the owner's commands on the embedded store", () => {
  it("refuse a data folder with no cluster instead of making an empty store and reporting on it", async () => {
    for (const command of [["backup"], ["list"], ["export", "--csv"]]) {
      const { code, err } = await run(command, notStarted);
      expect(code).toBe(1);
      expect(err).toContain(`There is no lead store in ${path.join(dir, "postgres")}`);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it("say so when the cluster cannot be started", async () => {
    const { code, err } = await run(["restore", "x.backup"], async () => {
      throw new Error("initdb: could not create directory");
    });
    expect(code).toBe(1);
    expect(err).toContain("could not be started: initdb: could not create directory");
  });

  it("refuse wrong arguments with the usage, before touching any store", async () => {
    writeFileSync(path.join(dir, "PG_VERSION"), "17");
    for (const [args, why] of [
      [["lsit"], "Unknown command: lsit"],
      [["list", "--spam", "--failed"], "list takes --spam or --failed, not both"],
      [["retry"], "retry takes an ID or --all"],
      [["retry", "3f2a9c1e", "--all"], "retry takes an ID or --all"],
      [["export"], "export takes --csv"],
      [["show"], "Wrong arguments: show"],
      [["restore", "a", "b"], "Wrong arguments: restore a b"],
      [["backup", "--keep", "0"], "--keep takes how many dated backups to keep"],
      [["list", "--replace"], "Unknown option '--replace'"],
    ] as const) {
      const { code, err } = await run([...args], notStarted);
      expect(code, args.join(" ")).toBe(2);
      expect(err).toContain(why);
      expect(err).toContain("Usage: npm run leads -- <command>");
    }
    expect((await run([], notStarted)).code).toBe(0);
  });
});
