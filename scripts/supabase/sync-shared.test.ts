import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  currentCopies,
  expectedCopies,
  SHARED_FILES,
  sharedCopy,
  syncSharedCopies,
} from "./sync-shared";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FUNCTION_DIR = "supabase/functions/crm-lead";
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));

describe("the lead function's copies of the site's modules", () => {
  it("are brought up to date by the sync: a stale copy rewritten, a stray file removed", async () => {
    // A folder of the test's own: the real one may be in use by a running backend.
    const dir = mkdtempSync(path.join(tmpdir(), "shared-"));
    try {
      expect((await syncSharedCopies(dir)).sort()).toEqual([...SHARED_FILES].sort());
      const stale = "content/pricing.ts";
      const stray = "lib/quote/removed.ts";
      writeFileSync(path.join(dir, stale), "export const PRICE = 0;\n");
      writeFileSync(path.join(dir, stray), "export {};\n");

      expect((await syncSharedCopies(dir)).sort()).toEqual([stale, stray].sort());
      expect(currentCopies(dir)).toEqual(await expectedCopies());
      expect(await syncSharedCopies(dir), "nothing left to write").toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("include every shared module the function imports", () => {
    const imported = readdirSync(path.join(ROOT, FUNCTION_DIR))
      .filter((name) => name.endsWith(".ts"))
      .flatMap((name) => {
        const source = readFileSync(path.join(ROOT, FUNCTION_DIR, name), "utf8");
        return ts.preProcessFile(source, true, true).importedFiles.map((each) => each.fileName);
      })
      .filter((specifier) => specifier.startsWith("./shared/"))
      .map((specifier) => specifier.slice("./shared/".length));
    expect(imported.length).toBeGreaterThan(0);
    expect(SHARED_FILES).toEqual(expect.arrayContaining([...new Set(imported)]));
  });

  it("use the zod the site uses", () => {
    const deno = readJson("supabase/functions/crm-lead/deno.json") as {
      imports: Record<string, string>;
    };
    const { version } = readJson("node_modules/zod/package.json") as { version: string };
    expect(deno.imports).toMatchObject({
      zod: `npm:zod@${version}`,
      "zod/mini": `npm:zod@${version}/mini`,
    });
  });

  it("refuse a module that imports what the function does not have", async () => {
    await expect(sharedCopy("lib/quote/schema.ts", 'import "@/lib/env";\n')).rejects.toThrow(
      "lib/quote/schema.ts imports lib/env.ts, which is not shared with the lead function",
    );
    await expect(sharedCopy("lib/quote/schema.ts", 'import "node:fs";\n')).rejects.toThrow(
      'imports "node:fs", which the lead function does not have',
    );
  });
});
