import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runOnEmbedded, type StartCluster } from "./owner-commands";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "owner-embedded-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], startCluster: StartCluster) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOnEmbedded(
    args,
    { dataDir: path.join(dir, "postgres"), startCluster, migrate: async () => [] },
    { out: (text) => out.push(text), err: (text) => err.push(text) },
    { mail: null, webhookConfigured: false },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("the owner's commands on the embedded store", () => {
  it("refuse a data folder with no cluster instead of making an empty store and reporting on it", async () => {
    const started: string[] = [];
    const record: StartCluster = async ({ dataDir }) => {
      started.push(dataDir);
      throw new Error("not reached");
    };
    for (const command of [["backup"], ["list"], ["export", "--csv"]]) {
      const { code, err } = await run(command, record);
      expect(code).toBe(1);
      expect(err).toContain(`There is no lead store in ${path.join(dir, "postgres")}`);
    }
    expect(started).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("say so when the cluster cannot be started", async () => {
    const { code, err } = await run(["restore", "x.backup"], async () => {
      throw new Error("initdb: could not create directory");
    });
    expect(code).toBe(1);
    expect(err).toContain("could not be started: initdb: could not create directory");
  });
});
