/**
 * Measuring tools that are not dependencies (their lockfile entries or install scripts break
 * `npm ci` here) are installed on first use into the git-ignored `.tools/<name>` folder.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Installs `packageName@version` into `.tools/<name>` unless it is there already; returns the
 * package's folder. `ignoreScripts` skips its install scripts (e.g. a postinstall that downloads).
 */
export function installTool(
  name: string,
  packageName: string,
  version: string,
  options: { ignoreScripts?: boolean } = {},
): string {
  const toolDir = path.join(ROOT, ".tools", name);
  const packageDir = path.join(toolDir, "node_modules", packageName);
  if (existsSync(path.join(packageDir, "package.json"))) return packageDir;
  // Test workers may ask at the same moment: each installs into a folder of its own and renames it
  // into place, so nobody ever sees a half-installed tool; the first rename wins.
  const staging = `${toolDir}.installing-${process.pid}-${Date.now()}`;
  console.log(`${name}: installing ${packageName}@${version} into ${path.relative(ROOT, toolDir)}`);
  mkdirSync(staging, { recursive: true });
  try {
    const install = ["install", "--prefix", staging, "--no-save", "--no-package-lock"];
    if (options.ignoreScripts) install.push("--ignore-scripts");
    install.push(`${packageName}@${version}`);
    execFileSync("npm", install, { stdio: ["ignore", "ignore", "inherit"] });
    try {
      renameSync(staging, toolDir);
    } catch (error) {
      // Another worker's install got there first: it is complete, as renames are atomic.
      if (!existsSync(path.join(packageDir, "package.json"))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return packageDir;
}
