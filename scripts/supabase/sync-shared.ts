/**
 * `npm run supabase:sync`: copies the site modules the lead function shares (its price table,
 * schemas, request signature, and its outbox's backoff and final answers) into
 * supabase/functions/crm-lead/shared/, where the Supabase CLI deploys them with the function. Only
 * import specifiers change: `@/…` and `./…` become relative paths with `.ts`, as Deno wants. The
 * folder is a git-ignored build output: whatever runs the function writes it first
 * (`syncSharedCopies()` in tests/supabase/stack.ts and global-setup.ts, `npm run supabase:deploy`).
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as prettier from "prettier";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SHARED_DIR = "supabase/functions/crm-lead/shared";

/** The site files the function runs, each copied to the same path under SHARED_DIR. */
export const SHARED_FILES = [
  "content/pricing.ts",
  "lib/quote/choices.ts",
  "lib/quote/pricing.ts",
  "lib/quote/schema.ts",
  "lib/quote/locked-price.ts",
  "lib/quote/sample-quote.ts",
  "lib/leads/delivery-schema.ts",
  "lib/leads/request-signature.ts",
  "lib/leads/backoff.ts",
  "lib/leads/final-answers.ts",
  "lib/leads/store-contract.ts",
  "lib/leads/update-columns.ts",
] as const;

/** Packages the function's deno.json maps; any other import is refused. */
const PACKAGES = new Set(["zod", "zod/mini"]);

function rewriteSpecifier(file: string, specifier: string): string {
  if (PACKAGES.has(specifier)) return specifier;
  const target = specifier.startsWith("@/")
    ? `${specifier.slice(2)}.ts`
    : specifier.startsWith(".")
      ? `${path.posix.join(path.posix.dirname(file), specifier)}.ts`
      : null;
  if (!target) {
    throw new Error(`${file} imports "${specifier}", which the lead function does not have`);
  }
  if (!(SHARED_FILES as readonly string[]).includes(target)) {
    throw new Error(
      `${file} imports ${target}, which is not shared with the lead function: add it to SHARED_FILES`,
    );
  }
  const relative = path.posix.relative(path.posix.dirname(file), target);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** The copy of `file` (a path from the project root) as the function gets it. */
export async function sharedCopy(file: string, source: string): Promise<string> {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  let text = source;
  // From the last import back, so the earlier positions stay right.
  for (const { fileName, pos } of [...importedFiles].sort((a, b) => b.pos - a.pos)) {
    // `pos` is the opening quote's position.
    const start = pos + 1;
    if (text.slice(start, start + fileName.length) !== fileName) {
      throw new Error(`${file}: could not find the import "${fileName}" where TypeScript put it`);
    }
    const rewritten = rewriteSpecifier(file, fileName);
    text = `${text.slice(0, start)}${rewritten}${text.slice(start + fileName.length)}`;
  }
  const header = `// Generated from ${file} by scripts/supabase/sync-shared.ts: edit that file, then run npm run supabase:sync.\n`;
  const options = await prettier.resolveConfig(path.join(ROOT, file));
  return prettier.format(header + text, { ...options, filepath: file });
}

/** The folder the function deploys its copies from. */
const SHARED_PATH = path.join(ROOT, SHARED_DIR);

/** Every copy as it should be, by its path in the shared folder (the site file's own path). */
export async function expectedCopies(): Promise<Map<string, string>> {
  const copies = new Map<string, string>();
  for (const file of SHARED_FILES) {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    copies.set(file, await sharedCopy(file, source));
  }
  return copies;
}

/** The files in the shared folder `dir` now, by their path in it. */
export function currentCopies(dir = SHARED_PATH): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (relativeDir: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, relativeDir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const relative = path.posix.join(relativeDir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else found.set(relative, readFileSync(path.join(dir, relative), "utf8"));
    }
  };
  walk("");
  return found;
}

/**
 * Brings the shared folder `dir` up to date: writes each copy that is missing or differs, removes
 * what the sync no longer makes, and answers the paths (in the folder) it changed. Each copy is
 * written whole (a temporary file renamed over it), so a Deno started meanwhile by another test
 * never reads half a file.
 */
export async function syncSharedCopies(dir = SHARED_PATH): Promise<string[]> {
  const expected = await expectedCopies();
  const current = currentCopies(dir);
  const changed: string[] = [];
  for (const [file, text] of expected) {
    if (current.get(file) === text) continue;
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, target);
    changed.push(file);
  }
  for (const file of current.keys()) {
    // A `.tmp` file is another sync's copy on its way in.
    if (expected.has(file) || file.endsWith(".tmp")) continue;
    rmSync(path.join(dir, file), { force: true });
    changed.push(file);
  }
  return changed;
}

async function main() {
  const changed = await syncSharedCopies();
  console.log(
    `${SHARED_FILES.length} files in ${SHARED_DIR}: ${changed.length ? `${changed.length} written or removed` : "already up to date"}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
