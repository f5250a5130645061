import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testDir } from "@/tests/support/temp-dir";
import {
  BUILD_FOLDERS,
  builtFolder,
  chooseBuildFolder,
  distDirFor,
  recordedBuild,
  recordServed,
  serversOf,
} from "./build-folder";

/** A project folder with finished builds in `folders`, and `served` marked by running servers. */
function project(folders: string[], served: Record<string, number> = {}): string {
  const root = testDir("build-folder");
  for (const folder of folders) {
    mkdirSync(path.join(root, folder), { recursive: true });
    writeFileSync(path.join(root, folder, "BUILD_ID"), folder);
  }
  for (const [folder, pid] of Object.entries(served)) {
    mkdirSync(path.join(root, folder, "servers"), { recursive: true });
    writeFileSync(path.join(root, folder, "servers", String(pid)), "");
  }
  return root;
}

/** A pid no process has any more. */
const gonePid = () => spawnSync(process.execPath, ["-e", ""]).pid;

// Neither from the machine: Vercel's builds, or a folder of one's own.
beforeEach(() => {
  vi.stubEnv("VERCEL", "");
  vi.stubEnv("NEXT_DIST_DIR", "");
});
afterEach(() => vi.unstubAllEnvs());

describe("chooseBuildFolder", () => {
  it("builds into the folder that is not recorded, and reports the recorded one as previous", () => {
    const fresh = project([]);
    expect(chooseBuildFolder(fresh)).toEqual({ target: ".next-a", previous: undefined });
    // A checkout whose server still serves the production build of .next, from before the record.
    expect(chooseBuildFolder(project([".next"]))).toEqual({ target: ".next-a", previous: ".next" });
    const root = project([".next-a"], { ".next-a": process.pid });
    recordServed(".next-a", root);
    expect(chooseBuildFolder(root)).toEqual({ target: ".next-b", previous: ".next-a" });
  });

  it("never builds into a folder a running server reads; a dead server's mark does not count", () => {
    const root = project([".next-a", ".next-b"], { ".next-a": process.pid, ".next-b": gonePid() });
    expect(serversOf(".next-b", root)).toEqual([]);
    // Built once beside the server on .next-a, not restarted since: the next build replaces that
    // unserved build, and the record goes back to the served one meanwhile.
    recordServed(".next-b", root);
    expect(chooseBuildFolder(root)).toEqual({ target: ".next-b", previous: ".next-a" });
    expect(recordedBuild(root)).toBe(".next-a");
  });

  it("refuses when running servers read both folders, naming them", () => {
    const root = project([".next-a", ".next-b"], {
      ".next-a": process.pid,
      ".next-b": process.ppid,
    });
    recordServed(".next-b", root);
    expect(() => chooseBuildFolder(root)).toThrow(
      `Both build folders are served by running servers (pids ${process.pid}, ${process.ppid}): restart them onto .next-b`,
    );
  });
});

describe("builtFolder and distDirFor", () => {
  it("serve the recorded build, marking it as served, and refuse without a finished one", () => {
    const root = project([".next-b"]);
    expect(() => builtFolder(root)).toThrow("No production build: run `npm run build` first.");
    recordServed(".next-a", root);
    expect(() => builtFolder(root)).toThrow("No production build in .next-a");
    recordServed(".next-b", root);
    expect(distDirFor("serve", root)).toBe(".next-b");
    expect(serversOf(".next-b", root)).toEqual([process.pid]);
    // Serving keeps its folder for the rest of the process, however it was chosen (npm start's).
    expect(process.env.NEXT_DIST_DIR).toBe(".next-b");
    const started = project([".next-a"]);
    vi.stubEnv("NEXT_DIST_DIR", ".next-a");
    expect(distDirFor("serve", started)).toBe(".next-a");
    expect(serversOf(".next-a", started)).toEqual([process.pid]);
    writeFileSync(path.join(root, ".next-served"), ".next\n");
    expect(() => recordedBuild(root)).toThrow('.next-served names ".next", not a build folder');
  });

  it("refuse a bare `next build`; NEXT_DIST_DIR (npm run build's choice, or a tool's) wins, and Vercel keeps .next", () => {
    const root = project([]);
    expect(() => distDirFor("build", root)).toThrow(/Run `npm run build`, not bare `next build`/);
    expect(distDirFor("dev", root)).toBe(".next");
    vi.stubEnv("VERCEL", "1");
    expect(distDirFor("build", root)).toBe(".next");
    vi.stubEnv("NEXT_DIST_DIR", ".next-b");
    expect(distDirFor("build", root)).toBe(".next-b");
  });
});

it("tsconfig.json lists the types of every build folder as Next would add them, so a build edits no tracked file", () => {
  const { getTypeDefinitionGlobPatterns } = createRequire(import.meta.url)(
    "next/dist/lib/typescript/type-paths.js",
  ) as { getTypeDefinitionGlobPatterns: (distDir: string) => string[] };
  const include = (JSON.parse(readFileSync("tsconfig.json", "utf8")) as { include: string[] })
    .include;
  for (const folder of BUILD_FOLDERS) {
    expect(include).toEqual(expect.arrayContaining(getTypeDefinitionGlobPatterns(folder)));
  }
});
