import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type postgres from "postgres";

/**
 * The baseline of scripts/perf/throughput.ts: the least a Next route handler can do to keep a
 * request durably, as a tiny Next app of its own made in a temp folder (nothing of it ships in the
 * site). POST /api/insert reads the JSON body and inserts it as one row, in one statement (its own
 * transaction), on a postgres.js pool of DATABASE_URL of the site's size, and answers 201 with the
 * row's id once PostgreSQL has committed it.
 */

/** The table the baseline writes: in a schema of its own, beside the site's tables. */
export const BARE_TABLE = "bench.inserts";

/** The baseline's table: made (when missing) in the database the site's store uses. */
export async function createBareTable(sql: postgres.Sql): Promise<void> {
  await sql.unsafe(`
    create schema if not exists bench;
    create table if not exists ${BARE_TABLE} (
      id uuid primary key default gen_random_uuid(),
      received_at timestamptz not null default now(),
      body jsonb not null
    )`);
}

/**
 * The site's pool size on its own PostgreSQL (lib/leads/local-store.ts, connectDatabase), so the
 * two compete for the same number of connections.
 */
export const SITE_POOL_SIZE = 10;

const ROUTE = `import postgres from "postgres";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const sql = postgres(process.env.DATABASE_URL ?? "", { max: ${SITE_POOL_SIZE}, onnotice: () => undefined });

export async function POST(request: Request): Promise<Response> {
  const body = await request.json();
  const [row] = await sql\`insert into ${BARE_TABLE} (body) values (\${sql.json(body)}) returning id\`;
  return Response.json({ id: row?.id }, { status: 201 });
}
`;

const NEXT_CONFIG = `export default {
  typescript: { ignoreBuildErrors: true },
  // node_modules is a link to the repository's, outside this folder.
  turbopack: { root: "/" },
};
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["dom", "esnext"],
    module: "esnext",
    moduleResolution: "bundler",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    isolatedModules: true,
    jsx: "react-jsx",
  },
  include: ["**/*.ts"],
};

const run = promisify(execFile);

/**
 * Writes the app into a new temp folder, node_modules linked to `root`'s, and runs `next build`
 * there; answers the folder (`next start` serves it; the caller removes it).
 */
export async function buildBareApp(root: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "throughput-bare-"));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write(
    "package.json",
    JSON.stringify({ name: "throughput-bare-insert", private: true, type: "module" }, null, 2),
  );
  write("next.config.mjs", NEXT_CONFIG);
  write("tsconfig.json", JSON.stringify(TSCONFIG, null, 2));
  write("app/api/insert/route.ts", ROUTE);
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  await run(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: unknown) => {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `next build of the bare insert app in ${dir} failed: ${failed.message}\n${failed.stdout ?? ""}${failed.stderr ?? ""}`,
    );
  });
  return dir;
}
