// Plain JavaScript that any Node parses: an entry point first checks that this Node can run the
// TypeScript behind it, and says in one line which Node it needs if not (README, "Requirements").
import { readFileSync } from "node:fs";
import { unsupportedNode } from "../../lib/node-version.mjs";

const packageJson = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
);

/**
 * Runs the TypeScript module `target` (relative to this folder) once this Node is new enough:
 * with Node's own type stripping, or with tsx (`@/` paths, extensionless imports) and, for the
 * owner's commands, `server-only` allowed (../allow-server-only.mjs).
 * @param {string} target
 * @param {{ tsx?: boolean, serverOnly?: boolean }} [options]
 */
export function launch(target, options) {
  const problem = unsupportedNode(packageJson.engines.node, process.version, process.execPath);
  if (problem) {
    process.stderr.write(problem + "\n");
    process.exitCode = 1;
    return;
  }
  load(new URL(target, import.meta.url).href, options || {}).catch(function (error) {
    process.stderr.write((error && error.stack) || String(error));
    process.stderr.write("\n");
    process.exitCode = 1;
  });
}

/** @param {string} url @param {{ tsx?: boolean, serverOnly?: boolean }} options */
async function load(url, options) {
  if (options.tsx) (await import("tsx/esm/api")).register();
  if (options.serverOnly) await import("../allow-server-only.mjs");
  await import(url);
}
