/**
 * `npx tsx scripts/perf/throughput.ts [--requests 1200] [--concurrency 50] [--rounds 3]`: how many
 * quotes a second the site takes, beside the least a Next route handler can do to keep a request
 * durably, every set-up on one durable PostgreSQL (docs/performance.md, "Throughput of new quotes",
 * says what each set-up is and what is counted). A benchmark: it gates nothing, but exits 1 when a
 * request failed or an acknowledged lead is not stored, or flagged. It serves the site's build
 * (NEXT_DIST_DIR, else the one `npm start` serves).
 */
import { createHash, randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import postgres from "postgres";
import { performOperation, postgresQuoteStore } from "@shared/leads/quote-store";
import { STORE_DEADLINE_MS } from "@shared/leads/store-contract";
import { quoteRequestSchema } from "@shared/quote/schema";
import { DEFAULT_MAIL_TIMING } from "@shared/leads/mail-queue";
import { DEFAULT_MIN_FORM_MS, FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { freePort } from "../../tests/support/processes";
import { builtFolder } from "../build/build-folder";
import { validQuote } from "../../tests/support/quote";
import { TempCluster } from "../../tests/supabase/postgres";
import { newSecretKey, startStack } from "../../tests/supabase/stack";
import { installDeno, missingTools, ROOT } from "../../tests/supabase/tools";
import { count, parseOptions } from "./host-benchmark";
import { percentile } from "./latency";
import { treeCpuMs } from "./process-cpu";
import { startNextServer, type RunningServer } from "./server";

const BARE_TABLE = "bench.inserts";

/** The site's pool size (lib/leads/runtime.ts), so both compete for as many connections. */
const SITE_POOL_SIZE = 10;

const CREATE_BARE_TABLE = `
  create schema if not exists bench;
  create table if not exists ${BARE_TABLE} (
    id uuid primary key default gen_random_uuid(),
    received_at timestamptz not null default now(),
    body jsonb not null
  )`;

const FILES = {
  "package.json": `{ "private": true }`,
  // node_modules is a link to the repository's, outside this folder.
  "next.config.mjs": `export default { turbopack: { root: "/" } };`,
  "app/api/insert/route.js": `import postgres from "postgres";

export const dynamic = "force-dynamic";

const sql = postgres(process.env.DATABASE_URL, { max: ${SITE_POOL_SIZE}, onnotice: () => {} });

export async function POST(request) {
  const body = await request.json();
  const [row] = await sql\`insert into ${BARE_TABLE} (body) values (\${sql.json(body)}) returning id\`;
  return Response.json({ id: row.id }, { status: 201 });
}
`,
};

/** The baseline (docs/performance.md), built in a temp folder the caller removes. */
function buildBareApp(root: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "throughput-bare-"));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  execFileSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return dir;
}

/** Requests each server answers before the clock starts. */
const WARM_UP = 5;
/** The per-client limit on new leads at the most the setting takes, in the site's window. */
const CREATE_LIMIT = { capacity: 9_999_999, windowMs: 10 * 60_000 };
/** That limit, and one proxy in front, so each request's X-Forwarded-For is its client. */
const SERVER_ENV = { LEADS_CREATE_LIMIT: String(CREATE_LIMIT.capacity), TRUST_PROXY: "1" };

const { requests, concurrency, rounds } = parseOptions(
  {
    requests: { type: "string", default: "1200" },
    concurrency: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
  },
  z.object({ requests: count, concurrency: count, rounds: count }),
);
if (rounds > requests) throw new Error("--rounds must not exceed --requests");
process.chdir(ROOT);
const DIST_DIR = builtFolder();

type Outcome = { latencyMs: number; error?: string };
type SetUp = {
  setup: string;
  send: (i: number) => Promise<Outcome>;
  warmUp: number;
  /** Its rows in the database, warm-up included, and how many were flagged. */
  stored: () => Promise<{ rows: number; spam: number }>;
  /** The CPU ms its serving side (servers, function, or this process) has used. */
  cpuMs: () => number;
  stop: () => Promise<void>;
};

/** Request `i` of set-up `tag`'s e-mail address, how its row is found (`"%"`: all of them). */
const emailOf = (tag: string, i: number | "%") => `throughput-${tag}-${i}@example.com`;
/** Request `i`'s client: an address of its own in set-up `setup`'s range. */
const addressOf = (setup: number, i: number) =>
  `10.${setup % 256}.${Math.floor(i / 256) % 256}.${i % 256}`;

async function timed(request: () => Promise<string | undefined>): Promise<Outcome> {
  const started = performance.now();
  const error = await request().catch((thrown: unknown) => String(thrown));
  return { latencyMs: performance.now() - started, error };
}

async function storedLeads(sql: postgres.Sql, tag: string) {
  const [row] = await sql<{ rows: number; spam: number }[]>`
    select count(*)::int as rows, count(spam_reason)::int as spam
    from public.quote_requests where email like ${emailOf(tag, "%")}`;
  return row!;
}

/** Set-up `index`'s quotes, POSTed to `server` as the calculator does. */
function overHttp(
  sql: postgres.Sql,
  setup: string,
  index: number,
  server: RunningServer,
  tag = `http-${index}`,
  route = "/api/quote",
): SetUp {
  const { url } = server;
  const send = (i: number) =>
    timed(async () => {
      const response = await fetch(url + route, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": randomUUID(),
          "sec-fetch-site": "same-origin",
          "x-forwarded-for": addressOf(index, i),
          origin: url,
          referer: `${url}/`,
        },
        // A person who took three times the least a person takes: past the time trap.
        body: JSON.stringify({
          ...validQuote({ email: emailOf(tag, i) }),
          [FORM_TIME_KEY]: 3 * DEFAULT_MIN_FORM_MS,
        }),
        signal: AbortSignal.timeout(60_000),
      });
      const text = (await response.text()).slice(0, 300);
      return response.ok ? undefined : `${response.status} ${text}`;
    });
  return {
    setup,
    send,
    warmUp: WARM_UP,
    stored: () => storedLeads(sql, tag),
    cpuMs: () => treeCpuMs([server.pid]),
    stop: server.stop,
  };
}

/**
 * The store call alone, in this process: the create the site's route handler makes on the embedded
 * store, on a pool of the site's size, with the servers' settings (no CRM webhook, no SMTP).
 * Variants: every request from one client; no prepared statements (as the function's pool runs,
 * pool.ts, for Supabase's transaction-mode pooler); CRM webhook and e-mail on, as a deployed site.
 */
type StoreVariant = { setup: string; oneClient?: true; unprepared?: true; outbox?: true };
const STORE_VARIANTS: StoreVariant[] = [
  { setup: "store call alone, no HTTP (postgresQuoteStore.create)" },
  { setup: "store call alone, all from one client", oneClient: true },
  { setup: "store call alone, no prepared statements", unprepared: true },
  { setup: "store call alone, CRM webhook and e-mail on", outbox: true },
];

function storeAlone(url: string, sql: postgres.Sql, index: number, variant: StoreVariant) {
  const statements: string[] = [];
  let recording = true;
  const pool = postgres(url, {
    max: SITE_POOL_SIZE,
    prepare: !variant.unprepared,
    onnotice: () => undefined,
    debug: (_connection, query) => {
      if (recording) statements.push(query.replace(/\s+/g, " ").trim());
    },
  });
  const store = postgresQuoteStore(pool, {
    webhookConfigured: variant.outbox ?? false,
    mail: DEFAULT_MAIL_TIMING,
  });
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  const tag = `store-${index}`;
  // The create request the site's server makes of its store (lib/leads/quote-api.ts).
  const send = (i: number) =>
    timed(async () => {
      const quote = quoteRequestSchema.parse(validQuote({ email: emailOf(tag, i) }));
      const outcome = await performOperation(
        store,
        "create",
        {
          quote,
          idempotency: { key: randomUUID(), requestHash: sha256(JSON.stringify(quote)) },
          sourcePage: "/",
          spamReason: null,
          linkEmailed: variant.outbox ?? false,
          limit: { client: sha256(addressOf(index, variant.oneClient ? 0 : i)), ...CREATE_LIMIT },
        },
        Date.now() + STORE_DEADLINE_MS,
      );
      recording = false;
      if ("ok" in outcome) return outcome.error;
      if (outcome.result.status !== "created") return `answered ${outcome.result.status}`;
    });
  return {
    setup: variant.setup,
    send,
    warmUp: WARM_UP,
    stored: () => storedLeads(sql, tag),
    cpuMs: () => (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    stop: () => pool.end({ timeout: 5 }),
    // The first request's, from its `begin` (before it: postgres.js's own first query, its types).
    statements: () => statements.slice(statements.indexOf("begin")),
  } satisfies SetUp & { statements: () => string[] };
}

async function load(each: SetUp, first: number, total: number, parallel: number) {
  const outcomes: Outcome[] = [];
  let next = first;
  const worker = async () => {
    while (next < first + total) outcomes.push(await each.send(next++));
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(parallel, total) }, worker));
  return { outcomes, wallMs: performance.now() - started };
}

const host = () =>
  `nproc ${availableParallelism()}, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(", ")}`;

const installFailed = installDeno();
const missing = missingTools();
const noSupabase = missing && [missing, installFailed].filter(Boolean).join(": ");
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const buildId = readFileSync(`${DIST_DIR}/BUILD_ID`, "utf8").trim();
const hostBefore = host();

const cluster = await TempCluster.create(await freePort(), { durable: true });
const setUps: SetUp[] = [];
const stops: (() => Promise<void>)[] = [];
const add = <Each extends SetUp>(each: Each) => {
  stops.push(each.stop);
  setUps.push(each);
  return each;
};
// DATABASE_URL for every server: no throwaway cluster is made; Supabase's settings win.
const startServer = (env: Record<string, string>, cwd?: string) =>
  startNextServer({ env, databaseUrl: cluster.url, cwd });
try {
  await cluster.applyMigrations();
  const sql = postgres(cluster.url, { max: 1, onnotice: () => undefined });
  stops.push(() => sql.end({ timeout: 5 }));
  const durable = ["fsync", "synchronous_commit", "full_page_writes"];
  const [database] = await sql<{ version: string; settings: string[] }[]>`
    select current_setting('server_version') as version, array(
      select name || '=' || setting from pg_settings
      where name = any(${[...durable, "wal_sync_method"]}) order by name) as settings`;
  const { version, settings } = database!;
  if (!durable.every((name) => settings.includes(`${name}=on`))) {
    throw new Error(`the benchmark's PostgreSQL is not durable: ${settings.join(", ")}`);
  }

  const bareApp = buildBareApp(ROOT);
  stops.push(async () => rmSync(bareApp, { recursive: true, force: true }));
  await sql.unsafe(CREATE_BARE_TABLE);
  const bare = await startServer({}, bareApp);
  const bareSetup = "bare Next route handler, one insert";
  add({
    ...overHttp(sql, bareSetup, setUps.length, bare, "bare", "/api/insert"),
    stored: async () => {
      const [row] = await sql.unsafe<{ rows: number }[]>(
        `select count(*)::int as rows from ${BARE_TABLE} where body->>'email' like $1`,
        [emailOf("bare", "%")],
      );
      return { rows: row!.rows, spam: 0 };
    },
  });
  const stores = STORE_VARIANTS.map((variant) =>
    add(storeAlone(cluster.url, sql, setUps.length, variant)),
  );
  const embedded = await startServer(SERVER_ENV);
  add(overHttp(sql, "site POST /api/quote, one server, embedded store", setUps.length, embedded));
  const skipped = [];
  if (noSupabase) {
    const setup = "site POST /api/quote, Supabase function";
    skipped.push({ "set-up": setup, "requests/s": `skipped: ${noSupabase}` });
  } else {
    const secretKey = newSecretKey();
    const stack = await startStack({ secretKeys: [secretKey], cluster });
    stops.push(stack.stop);
    const server = await startServer({
      ...SERVER_ENV,
      SUPABASE_URL: stack.supabaseUrl,
      SUPABASE_SECRET_KEY: secretKey,
      SUPABASE_LEAD_FUNCTION: "crm-lead",
    });
    const setup = "site POST /api/quote, one server, Supabase function";
    // The function's CPU too; not the stand-in gateway's, which runs in this process.
    const pids = [server.pid, stack.function.process.pid ?? 0];
    add({ ...overHttp(sql, setup, setUps.length, server), cpuMs: () => treeCpuMs(pids) });
  }

  for (const each of setUps) {
    process.stderr.write(`throughput: ${each.setup}: warming up…\n`);
    const errors = (await load(each, requests, each.warmUp, 1)).outcomes.flatMap(
      (o) => o.error ?? [],
    );
    if (errors.length) throw new Error(`${each.setup}: the warm-up failed:\n${errors.join("\n")}`);
  }
  // Rounds that take the set-ups in turn, so a busy host's spells fall on all of them.
  type Tally = { outcomes: Outcome[]; wallMs: number; wal: number; cpu: number; db: number };
  const tallies = setUps.map((): Tally => ({ outcomes: [], wallMs: 0, wal: 0, cpu: 0, db: 0 }));
  /** The WAL position, the set-up's CPU ms and PostgreSQL's, summed over its rounds. */
  const gauges = async (each: SetUp) => {
    const [row] = await sql<{ at: string }[]>`
      select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as at`;
    return { wal: Number(row!.at), cpu: each.cpuMs(), db: treeCpuMs([cluster.postmasterPid]) };
  };
  for (let round = 0; round < rounds; round++) {
    const first = Math.floor((requests * round) / rounds);
    const total = Math.floor((requests * (round + 1)) / rounds) - first;
    for (const [index, each] of setUps.entries()) {
      process.stderr.write(
        `throughput: round ${round + 1} of ${rounds}: ${each.setup}: ${total} requests, ${concurrency} at once…\n`,
      );
      const tally = tallies[index]!;
      const before = await gauges(each);
      const { outcomes, wallMs } = await load(each, first, total, concurrency);
      const after = await gauges(each);
      for (const key of ["wal", "cpu", "db"] as const) tally[key] += after[key] - before[key];
      tally.outcomes.push(...outcomes);
      tally.wallMs += wallMs;
    }
  }

  const problems: string[] = [];
  const rows = [];
  for (const [index, each] of setUps.entries()) {
    const { outcomes, wallMs, wal, cpu, db } = tallies[index]!;
    const latencies = outcomes.map((one) => one.latencyMs);
    const latency = (p: number) => percentile(latencies, p).toFixed(0);
    const errors = outcomes.flatMap((outcome) => outcome.error ?? []);
    const acknowledged = outcomes.length - errors.length;
    const counted = await each.stored();
    // The warm-up's rows match the pattern too: they were acknowledged.
    const stored = counted.rows - each.warmUp;
    const perRequest = (ms: number) => (ms / outcomes.length).toFixed(2);
    rows.push({
      "set-up": each.setup,
      // Over the rounds' wall time, not the sum of latencies.
      "requests/s": ((outcomes.length * 1000) / wallMs).toFixed(1),
      "p50 ms": latency(50),
      "p95 ms": latency(95),
      "p99 ms": latency(99),
      errors: `${errors.length} of ${outcomes.length}`,
      "stored (flagged)": `${stored} of ${acknowledged} (${counted.spam})`,
      "WAL/req": `${(wal / outcomes.length / 1024).toFixed(1)} KiB`,
      "server CPU ms/req": perRequest(cpu),
      "PostgreSQL CPU ms/req": perRequest(db),
    });
    if (errors.length > 0) {
      problems.push(
        `${each.setup}: ${errors.length} errors; the first:\n  ${errors.slice(0, 5).join("\n  ")}`,
      );
    }
    if (stored !== acknowledged || counted.spam !== 0) {
      problems.push(
        `${each.setup}: ${acknowledged} acknowledged, ${stored} stored, ${counted.spam} flagged as spam`,
      );
    }
  }

  console.log(
    `${requests} requests per set-up in ${rounds} interleaved rounds, ${concurrency} concurrent, each from a client address of its own unless said; commit ${commit}, build ${buildId}`,
  );
  console.log(
    `database: one cluster, one database, durable: PostgreSQL ${version}, ${settings.join(", ")}`,
  );
  console.log(`host before: ${hostBefore}; after: ${host()}`);
  console.table([...rows, ...skipped]);
  const plain = stores[0]!.statements();
  const withOutbox = stores.find((_, index) => STORE_VARIANTS[index]!.outbox)!.statements();
  console.log(`one store call's statements (${plain.length}, one transaction):`);
  for (const statement of plain) console.log(`  ${statement.slice(0, 110)}`);
  console.log(`with the CRM webhook and e-mail on, ${withOutbox.length}; besides those:`);
  for (const statement of withOutbox.filter((one) => !plain.includes(one))) {
    console.log(`  ${statement.slice(0, 110)}`);
  }
  for (const problem of problems) console.log(`\n${problem}`);
  if (problems.length > 0) process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await cluster.destroy();
}
