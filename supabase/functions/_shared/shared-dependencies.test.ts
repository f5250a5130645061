import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * This folder runs on Node (the site: package.json) and on Deno (the lead function: its deno.json):
 * each npm package it uses is one version, to the byte, on both.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const FUNCTION_DIR = path.join(ROOT, "supabase/functions/crm-lead");
const json = <T>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;

const pkg = json<{ dependencies: Record<string, string> }>(path.join(ROOT, "package.json"));
const npmLock = json<{ packages: Record<string, { version: string; integrity: string }> }>(
  path.join(ROOT, "package-lock.json"),
);
const deno = json<{ imports: Record<string, string>; lock?: unknown }>(
  path.join(FUNCTION_DIR, "deno.json"),
);
/** Each package Deno imports (`npm:name@version`). */
const denoImports = Object.values(deno.imports).flatMap((specifier) => {
  const match = /^npm:((?:@[^/]+\/)?[^@/]+)@([^/]+)/.exec(specifier);
  return match ? [{ name: match[1]!, version: match[2]! }] : [];
});

describe("the npm packages the lead function shares with the site", () => {
  it("are pinned to the same exact version in package.json and deno.json", () => {
    expect(denoImports.map(({ name }) => name).sort()).toEqual(["postgres", "zod", "zod"]);
    for (const { name, version } of denoImports) {
      expect(pkg.dependencies[name], name).toBe(version);
      expect(npmLock.packages[`node_modules/${name}`]?.version, name).toBe(version);
    }
  });

  it("resolve on Deno from a committed, frozen deno.lock, to the tarball npm installs", () => {
    expect(deno.lock).toEqual({ path: "./deno.lock", frozen: true });
    const denoLock = json<{ npm: Record<string, { integrity: string }> }>(
      path.join(FUNCTION_DIR, "deno.lock"),
    );
    for (const { name, version } of denoImports) {
      expect(denoLock.npm[`${name}@${version}`]?.integrity, name).toBe(
        npmLock.packages[`node_modules/${name}`]?.integrity,
      );
    }
  });
});
