import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

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

/** PG_BIN, else the newest Debian /usr/lib/postgresql/N/bin, else `pg_config --bindir`. */
export function postgresBinDir(): string | undefined {
  const hasInitdb = (dir: string) =>
    existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"));
  if (process.env.PG_BIN) return hasInitdb(process.env.PG_BIN) ? process.env.PG_BIN : undefined;
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = path.join(debian, version, "bin");
      if (hasInitdb(dir)) return dir;
    }
  }
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (hasInitdb(dir)) return dir;
  } catch {
    // No pg_config on PATH either.
  }
  return undefined;
}

/** initdb refuses root; as root the cluster runs as the `postgres` user Debian's package creates. */
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
      "PostgreSQL server binaries (initdb, pg_ctl): `apt-get install postgresql`, or set PG_BIN",
    );
  } else if (!postgresRunAs()) {
    missing.push("a non-root `postgres` user to run PostgreSQL as (running as root)");
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
