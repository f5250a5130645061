import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

/**
 * `npm run check:imports`: fails on an import cycle among the project's own modules (type-only
 * imports included), and on content/ importing code: content is data that the code reads.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE_DIRS = ["app", "components", "content", "lib", "scripts", "tests", "supabase"];
const SKIP = new Set(["node_modules", ".next", "dist"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
}

/** Each project file and the project files it imports (packages and node: modules left out). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const options = compilerOptions();
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) return [];
      const target = path.resolve(resolved.resolvedFileName);
      return target.startsWith(ROOT) && !target.includes(`${path.sep}node_modules${path.sep}`)
        ? [target]
        : [];
    });
    graph.set(path.resolve(file), [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected groups of more than one file, or a file importing itself (Tarjan). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  function visit(node: string): void {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  }

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** content/ may import only content/. */
export function contentImportingCode(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const content = path.join(ROOT, "content") + path.sep;
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith(content)
      ? targets
          .filter((target) => !target.startsWith(content))
          .map((target) => `${path.relative(ROOT, file)} imports ${path.relative(ROOT, target)}`)
      : [],
  );
}

function main(): void {
  const files = [
    ...SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))),
    path.join(ROOT, "instrumentation.ts"),
  ];
  const graph = importGraph(files);
  const problems = [
    ...findCycles(graph).map(
      (group) => `import cycle: ${group.map((file) => path.relative(ROOT, file)).join(" <-> ")}`,
    ),
    ...contentImportingCode(graph).map((line) => `content imports code: ${line}`),
  ];
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
  console.log(`No import cycle among ${graph.size} files; content/ imports only content/.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
