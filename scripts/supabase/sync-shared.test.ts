import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentCopies, expectedCopies, sharedCopy } from "./sync-shared";

const ROOT = path.resolve(import.meta.dirname, "../..");
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));

describe("the lead function's copies of the site's modules", () => {
  it("are exactly what npm run supabase:sync makes from the site's files now", async () => {
    const expected = await expectedCopies();
    const current = currentCopies();
    expect([...current.keys()].sort(), "run npm run supabase:sync").toEqual(
      [...expected.keys()].sort(),
    );
    for (const [file, text] of expected) {
      expect(current.get(file), `${file} is stale: run npm run supabase:sync`).toBe(text);
    }
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
