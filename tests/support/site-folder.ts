import { chmodSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * This checkout seen from another folder: a link to each of its entries but its settings files
 * and data, with `files` (.env.local, …) of its own. A command run there reads those, as npm runs
 * every command in the site's folder; the code, node_modules and the build are the checkout's.
 */
export function siteFolder(files: Record<string, string>): { dir: string; done: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "site-folder-"));
  chmodSync(dir, 0o755); // open to the `postgres` user, which runs the cluster as root
  for (const entry of readdirSync(ROOT)) {
    if (entry.startsWith(".env") || entry === "data" || entry === ".git") continue;
    symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}
