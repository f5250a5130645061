/**
 * A page opened before a restart loads its scripts on demand from the server after it: each build
 * keeps serving the previous build's static files (`/_next/static/…`, immutable, named by their
 * content) for 7 days after it replaced that build (docs/builds.md).
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

export const KEEP_PREVIOUS_STATIC_MS = 7 * 24 * 60 * 60 * 1000;
/** In a build folder: each carried static file (relative to static/) and when its build was replaced. */
export const CARRIED_LEDGER = "carried-static.json";

type Ledger = Record<string, string>;

function ledgerOf(folder: string): Ledger {
  try {
    return JSON.parse(readFileSync(path.join(folder, CARRIED_LEDGER), "utf8")) as Ledger;
  } catch {
    return {};
  }
}

/**
 * Copies into `target`'s static/ every static file of `previous` it lacks: `previous`'s own, as
 * replaced now, and those it carried itself that are younger than 7 days. Returns how many.
 */
export function carryStaticFiles(previous: string, target: string, now = new Date()): number {
  const from = path.join(previous, "static");
  if (!existsSync(from)) return 0;
  const carriedByPrevious = ledgerOf(previous);
  const ledger: Ledger = {};
  for (const file of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const relative = path.relative(from, path.join(file.parentPath, file.name));
    const destination = path.join(target, "static", relative);
    if (existsSync(destination)) continue;
    const replacedAt = carriedByPrevious[relative] ?? now.toISOString();
    if (now.getTime() - Date.parse(replacedAt) > KEEP_PREVIOUS_STATIC_MS) continue;
    mkdirSync(path.dirname(destination), { recursive: true });
    copyFileSync(path.join(from, relative), destination);
    ledger[relative] = replacedAt;
  }
  writeFileSync(path.join(target, CARRIED_LEDGER), `${JSON.stringify(ledger, null, 1)}\n`);
  return Object.keys(ledger).length;
}
