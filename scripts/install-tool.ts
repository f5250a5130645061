/**
 * Measuring tools that are not dependencies (their lockfile entries or install scripts break
 * `npm ci` here) are installed on first use into the git-ignored `.tools/<name>` folder.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
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
  console.log(`${name}: installing ${packageName}@${version} into ${path.relative(ROOT, toolDir)}`);
  mkdirSync(toolDir, { recursive: true });
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      toolDir,
      "--no-save",
      "--no-package-lock",
      ...(options.ignoreScripts ? ["--ignore-scripts"] : []),
      `${packageName}@${version}`,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  return packageDir;
}
