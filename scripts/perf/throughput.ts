/**
 * `npx tsx scripts/perf/throughput.ts [--requests 1200] [--concurrency 50] [--rounds 3]`: how many
 * quotes a second the site takes, beside the least a Next route handler can do to keep a request
 * durably (issue 43; docs/performance.md, "Throughput of new quotes"). A benchmark, not a test: it
 * gates nothing.
 *
 * Every set-up writes to ONE durable PostgreSQL cluster (the embedded store's, scripts/postgres/
 * cluster.ts: fsync, synchronous_commit and full_page_writes on, checked and printed), into one
 * database, over TCP on 127.0.0.1:
 * (a) a bare Next route handler, POST /api/insert, that inserts the request's body as one row
 *     (scripts/perf/bare-insert-app.ts: a tiny separate app, built by this script in a temp folder);
 * (b) the store code alone, no HTTP: the site's store call (operations.ts' performOperation of
 *     postgresQuoteStore's create, as lib/leads/local-store.ts runs it) in a loop, each request from
 *     a client of its own; then all from one client (one rate-limit row); then without prepared
 *     statements (as the function's pool runs); then with the CRM webhook and e-mail on (their
 *     outbox rows queued with each lead; the servers below have neither);
 * (c) the site's POST /api/quote, one `next start` on the embedded store (DATABASE_URL);
 * (d) one server on Supabase's (the lead function under Deno, tests/supabase/stack.ts) and two,
 *     the requests alternating between them; both skipped, with the reason, where Deno is missing.
 * All are started first; then each gets a few warm-up requests, and `--requests` valid quotes (the
 * body and headers the calculator sends, each with its own Idempotency-Key, each from an address of
 * its own: X-Forwarded-For, the servers run with TRUST_PROXY=1, as many visitors are),
 * `--concurrency` at a time, in `--rounds` rounds that take the set-ups in turn, so a busy host's
 * spells fall on all of them. It prints one table: requests per second (over the rounds' wall
 * time), p50/p95/p99 latency, errors (any non-2xx or failed request; the first few are printed),
 * the rows the database holds for the acknowledged requests (and how many a bot trap flagged: both
 * must be the count acknowledged and 0), and the WAL written per request; then the statements of
 * one store call and the host's load average before and after (a shared host's figures move).
 *
 * It uses the site's existing build in `.next` (`npm run build:test`); it builds only the bare app.
 */
import { createHash, randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { performOperation } from "@shared/leads/operations";
import { postgresQuoteStore } from "@shared/leads/quote-store";
import { STORE_DEADLINE_MS, type CreateRequest } from "@shared/leads/store-contract";
import { quoteRequestSchema } from "@shared/quote/schema";
import { DEFAULT_MAIL_SETTLE_MS, DEFAULT_MAIL_WINDOW_MS } from "@/lib/mail/timing";
import { DEFAULT_MIN_FORM_MS, FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { freePort } from "../../tests/support/processes";
import { validQuote } from "../../tests/support/quote";
import { TempCluster } from "../../tests/supabase/postgres";
import { newSecretKey, startStack, type Stack } from "../../tests/supabase/stack";
import { installDeno, missingTools, ROOT } from "../../tests/supabase/tools";
import { BARE_TABLE, buildBareApp, createBareTable, SITE_POOL_SIZE } from "./bare-insert-app";
import { loadFigures, type LoadFigures } from "./latency";
import { canCountCpu, treeCpuMs } from "./process-cpu";
import { startNextServer, type RunningServer } from "./server";

const ERRORS_SHOWN = 5;
/** Requests each server answers before the clock starts: its route modules loaded, its pools open. */
const WARM_UP_PER_SERVER = 5;
/** One request that has not answered in this long is counted as an error, not waited for. */
const REQUEST_TIMEOUT_MS = 60_000;

/** The per-client limit on new leads at the most the setting takes, in the site's window. */
const CREATE_LIMIT = { capacity: 9_999_999, windowMs: 10 * 60_000 };
/**
 * Every server's settings: that limit, and one proxy in front, so each request's X-Forwarded-For
 * is its client (lib/leads/guards.ts, clientAddress).
 */
const SERVER_ENV = { LEADS_CREATE_LIMIT: String(CREATE_LIMIT.capacity), TRUST_PROXY: "1" };
/** The calculator's time trap: a person who took three times the least a person takes. */
const FORM_MS = 3 * DEFAULT_MIN_FORM_MS;

type Run = { requests: number; concurrency: number; rounds: number };
type Outcome = { latencyMs: number; ok: boolean; error?: string };
/** Sends request `i` of a set-up. */
type Send = (i: number) => Promise<Outcome>;
type Result = {
  setup: string;
  figures: LoadFigures;
  errors: string[];
  /** Rows the database holds for the acknowledged requests, and how many were flagged as spam. */
  stored: { rows: number; spam: number };
  acknowledged: number;
  walBytesPerRequest: number;
  /** CPU milliseconds per request: the serving side's, and PostgreSQL's; undefined without /proc. */
  cpuMsPerRequest?: { server: number; database: number };
};
type Measured = Result | { setup: string; skipped: string };

function options(): Run {
  const { values } = parseArgs({
    options: {
      requests: { type: "string", default: "1200" },
      concurrency: { type: "string", default: "50" },
      rounds: { type: "string", default: "3" },
    },
  });
  const whole = (name: string, value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) {
      throw new Error(`--${name} must be a whole number, at least 1, not ${value}`);
    }
    return number;
  };
  const run = {
    requests: whole("requests", values.requests),
    concurrency: whole("concurrency", values.concurrency),
    rounds: whole("rounds", values.rounds),
  };
  if (run.rounds > run.requests) throw new Error("--rounds must not exceed --requests");
  return run;
}

/**
 * The e-mail address of request `i` of a set-up: how its rows are found in the database after
 * (`"%"`: the LIKE pattern of them all).
 */
const emailOf = (tag: string, i: number | "%") => `throughput-${tag}-${i}@example.com`;

/** Request `i`'s client: an address of its own in set-up `setup`'s range. */
const addressOf = (setup: number, i: number) =>
  `10.${setup % 256}.${Math.floor(i / 256) % 256}.${i % 256}`;

/** The body the calculator's contact step sends (components/quote/send-quote.ts). */
const quoteBody = (email: string) => ({ ...validQuote({ email }), [FORM_TIME_KEY]: FORM_MS });

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One quote's POST to `url` + `route`, as the calculator sends it, from `address`. */
async function post(url: string, route: string, email: string, address: string): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}${route}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": address,
        origin: url,
        referer: `${url}/`,
      },
      body: JSON.stringify(quoteBody(email)),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const latencyMs = performance.now() - started;
    if (response.ok) return { latencyMs, ok: true };
    return { latencyMs, ok: false, error: `${url}: ${response.status} ${text.slice(0, 300)}` };
  } catch (error) {
    return {
      latencyMs: performance.now() - started,
      ok: false,
      error: `${url}: ${describe(error)}`,
    };
  }
}

/** `total` requests, `concurrency` in flight at a time. */
async function load(send: Send, first: number, total: number, concurrency: number) {
  const outcomes: Outcome[] = [];
  let next = first;
  const end = first + total;
  const worker = async () => {
    while (next < end) outcomes.push(await send(next++));
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return { outcomes, wallMs: performance.now() - started };
}

/** The database's WAL position, in bytes. */
async function walPosition(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<
    { at: string }[]
  >`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as at`;
  return Number(row?.at);
}

/** A set-up, started: how to send its request `i`, and how to count what it stored. */
type Running = {
  setup: string;
  send: Send;
  /** Requests sent one at a time before the clock starts. */
  warmUp: number;
  /** The rows the database holds for the set-up's requests, warm-up included, and the flagged. */
  stored: () => Promise<{ rows: number; spam: number }>;
  /** The CPU milliseconds its serving side (Next servers, the function; else this process) used so far. */
  cpuMs: () => number;
  stop: () => Promise<void>;
};

/** This process's CPU milliseconds so far (the store call alone runs in it). */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The leads stored for set-up `tag`, and how many of them a bot trap flagged. */
async function storedLeads(sql: postgres.Sql, tag: string) {
  const [row] = await sql<{ rows: number; spam: number }[]>`
    select count(*)::int as rows, count(spam_reason)::int as spam
    from public.quote_requests where email like ${emailOf(tag, "%")}`;
  return { rows: row?.rows ?? 0, spam: row?.spam ?? 0 };
}

/** Set-up `index`'s HTTP requests: POST `route`, request i to server i mod n. */
function httpSend(
  servers: readonly RunningServer[],
  route: string,
  tag: string,
  index: number,
): Send {
  return (i) => {
    const server = servers[i % servers.length] as RunningServer;
    return post(server.url, route, emailOf(tag, i), addressOf(index, i));
  };
}

/** (a) The bare route handler: one insert a request, in the same database. */
async function bare(sql: postgres.Sql, databaseUrl: string, index: number): Promise<Running> {
  process.stderr.write("throughput: building the bare insert app…\n");
  const dir = await buildBareApp(ROOT);
  const removeApp = () => rmSync(dir, { recursive: true, force: true });
  const server = await startNextServer({ distDir: ".next", cwd: dir, databaseUrl }).catch(
    (error: unknown) => {
      removeApp();
      throw error;
    },
  );
  const tag = "bare";
  return {
    setup: "bare Next route handler, one insert",
    send: httpSend([server], "/api/insert", tag, index),
    warmUp: WARM_UP_PER_SERVER,
    stored: async () => {
      const [row] = await sql.unsafe<{ rows: number }[]>(
        `select count(*)::int as rows from ${BARE_TABLE} where body->>'email' like $1`,
        [emailOf(tag, "%")],
      );
      return { rows: row?.rows ?? 0, spam: 0 };
    },
    cpuMs: () => treeCpuMs([server.pid]),
    stop: async () => {
      await server.stop();
      removeApp();
    },
  };
}

/** The create request the site's server makes of its store (lib/leads/lead-store.ts). */
function createRequest(email: string, address: string, linkEmailed: boolean): CreateRequest {
  const quote = quoteRequestSchema.parse(validQuote({ email }));
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  return {
    quote,
    idempotency: { key: randomUUID(), requestHash: sha256(JSON.stringify(quote)) },
    sourcePage: "/",
    spamReason: null,
    linkEmailed,
    limit: { client: sha256(address), ...CREATE_LIMIT },
  };
}

/**
 * A variant of the store call: `oneClient`, every request from one address; `outbox`, see below;
 * `prepare`, postgres.js's prepared statements (the site's pool has them, lib/leads/local-store.ts;
 * the function's has not, pool.ts, for Supabase's transaction-mode pooler).
 */
type StoreVariant = {
  setup: string;
  tag: string;
  oneClient: boolean;
  outbox: boolean;
  prepare: boolean;
};

const STORE_VARIANTS: StoreVariant[] = [
  {
    setup: "store call alone, no HTTP (postgresQuoteStore.create)",
    tag: "store-each",
    oneClient: false,
    outbox: false,
    prepare: true,
  },
  {
    setup: "store call alone, all from one client",
    tag: "store-one",
    oneClient: true,
    outbox: false,
    prepare: true,
  },
  {
    setup: "store call alone, no prepared statements",
    tag: "store-unprepared",
    oneClient: false,
    outbox: false,
    prepare: false,
  },
  {
    setup: "store call alone, CRM webhook and e-mail on",
    tag: "store-outbox",
    oneClient: false,
    outbox: true,
    prepare: true,
  },
];

/**
 * (b) The store call alone: the create the site's route handler makes on the embedded store, on a
 * pool of the site's size, in this process, with the servers' settings (no CRM webhook, no SMTP),
 * or, `outbox`, as a site with both configured makes it (the CRM post and the e-mails queued with
 * the lead). `statements`: the statements of its first request, from its `begin`.
 */
function storeAlone(databaseUrl: string, index: number, variant: StoreVariant) {
  const { oneClient, outbox, prepare, tag } = variant;
  const statements: string[] = [];
  let recording = true;
  const sql = postgres(databaseUrl, {
    max: SITE_POOL_SIZE,
    prepare,
    onnotice: () => undefined,
    debug: (_connection, query) => {
      if (recording) statements.push(query.replace(/\s+/g, " ").trim());
    },
  });
  const store = postgresQuoteStore(sql, {
    webhookConfigured: outbox,
    mail: { windowMs: DEFAULT_MAIL_WINDOW_MS, settleMs: DEFAULT_MAIL_SETTLE_MS },
  });
  const send: Send = async (i) => {
    const started = performance.now();
    try {
      const address = addressOf(index, oneClient ? 0 : i);
      const request = createRequest(emailOf(tag, i), address, outbox);
      const outcome = await performOperation(
        store,
        "create",
        request,
        Date.now() + STORE_DEADLINE_MS,
      );
      const latencyMs = performance.now() - started;
      if ("ok" in outcome) return { latencyMs, ok: false, error: outcome.error };
      if (outcome.result.status !== "created")
        return { latencyMs, ok: false, error: `answered ${outcome.result.status}` };
      return { latencyMs, ok: true };
    } catch (error) {
      return { latencyMs: performance.now() - started, ok: false, error: describe(error) };
    } finally {
      recording = false;
    }
  };
  const running: Running = {
    setup: variant.setup,
    send,
    warmUp: WARM_UP_PER_SERVER,
    stored: () => storedLeads(sql, tag),
    cpuMs: ownCpuMs,
    stop: () => sql.end({ timeout: 5 }),
  };
  // Before its `begin`: postgres.js's own first query on a new connection (its types).
  return { running, statements: () => statements.slice(statements.indexOf("begin")) };
}

/** (c) One server on the embedded store: DATABASE_URL, as `npm start` runs it. */
async function embedded(sql: postgres.Sql, databaseUrl: string, index: number): Promise<Running> {
  const server = await startNextServer({ distDir: ".next", env: SERVER_ENV, databaseUrl });
  const tag = "embedded";
  return {
    setup: "site POST /api/quote, one server, embedded store",
    send: httpSend([server], "/api/quote", tag, index),
    warmUp: WARM_UP_PER_SERVER,
    stored: () => storedLeads(sql, tag),
    cpuMs: () => treeCpuMs([server.pid]),
    stop: () => server.stop(),
  };
}

/** (d) `count` servers on Supabase's store: the lead function on the same cluster. */
async function onSupabase(
  sql: postgres.Sql,
  databaseUrl: string,
  stack: Stack,
  settings: Record<string, string>,
  count: number,
  index: number,
): Promise<Running> {
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      // DATABASE_URL too, so no throwaway cluster is made for it: Supabase's settings win.
      startNextServer({ distDir: ".next", env: { ...SERVER_ENV, ...settings }, databaseUrl }),
    ),
  );
  const tag = `supabase-${count}`;
  return {
    setup:
      count === 1
        ? "site POST /api/quote, one server, Supabase function"
        : `site POST /api/quote, ${count} servers, Supabase function`,
    send: httpSend(servers, "/api/quote", tag, index),
    warmUp: WARM_UP_PER_SERVER * count,
    stored: () => storedLeads(sql, tag),
    // The function's too; not the stand-in gateway's, which runs in this process.
    cpuMs: () =>
      treeCpuMs([...servers.map((server) => server.pid), stack.function.process.pid ?? 0]),
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}

/** The first request index of round `round` of `run`, and how many it sends. */
function roundOf(run: Run, round: number) {
  const first = Math.floor((run.requests * round) / run.rounds);
  return { first, total: Math.floor((run.requests * (round + 1)) / run.rounds) - first };
}

/**
 * The set-ups' warm-ups, then `run.rounds` rounds, each sending every set-up its share of the
 * requests in turn (so a busy host's spells fall on all of them), the figures of all rounds pooled.
 */
async function measureAll(
  sql: postgres.Sql,
  postmasterPid: number,
  running: readonly Running[],
  run: Run,
): Promise<Result[]> {
  for (const each of running) {
    process.stderr.write(`throughput: ${each.setup}: warming up…\n`);
    const warm = await load(each.send, run.requests, each.warmUp, 1);
    const errors = warm.outcomes.flatMap((outcome) => outcome.error ?? []);
    if (errors.length) throw new Error(`${each.setup}: the warm-up failed:\n${errors.join("\n")}`);
  }
  const tallies = running.map(() => ({
    outcomes: [] as Outcome[],
    wallMs: 0,
    walBytes: 0,
    serverCpuMs: 0,
    databaseCpuMs: 0,
  }));
  const databaseCpuMs = () => treeCpuMs([postmasterPid]);
  for (let round = 0; round < run.rounds; round++) {
    const { first, total } = roundOf(run, round);
    for (const [index, each] of running.entries()) {
      process.stderr.write(
        `throughput: round ${round + 1} of ${run.rounds}: ${each.setup}: ${total} requests, ${run.concurrency} at once…\n`,
      );
      const tally = tallies[index]!;
      const walBefore = await walPosition(sql);
      const [serverBefore, databaseBefore] = [each.cpuMs(), databaseCpuMs()];
      const { outcomes, wallMs } = await load(each.send, first, total, run.concurrency);
      tally.serverCpuMs += each.cpuMs() - serverBefore;
      tally.databaseCpuMs += databaseCpuMs() - databaseBefore;
      tally.walBytes += (await walPosition(sql)) - walBefore;
      tally.outcomes.push(...outcomes);
      tally.wallMs += wallMs;
    }
  }
  return Promise.all(
    running.map(async (each, index) => {
      const { outcomes, wallMs, walBytes, serverCpuMs, databaseCpuMs } = tallies[index]!;
      const errors = outcomes.flatMap((outcome) => outcome.error ?? []);
      const counted = await each.stored();
      return {
        setup: each.setup,
        figures: loadFigures(
          outcomes.map((outcome) => outcome.latencyMs),
          wallMs,
        ),
        errors,
        acknowledged: outcomes.length - errors.length,
        // The warm-up's rows match the pattern too: they were acknowledged.
        stored: { rows: counted.rows - each.warmUp, spam: counted.spam },
        walBytesPerRequest: walBytes / outcomes.length,
        cpuMsPerRequest: canCountCpu
          ? { server: serverCpuMs / outcomes.length, database: databaseCpuMs / outcomes.length }
          : undefined,
      };
    }),
  );
}

const ms = (value: number) => value.toFixed(0);

function table(results: readonly Measured[]): string {
  const rows = [
    [
      "set-up",
      "requests/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "errors",
      "stored (flagged)",
      "WAL/req",
      "server CPU ms/req",
      "PostgreSQL CPU ms/req",
    ],
    ...results.map((result) =>
      "skipped" in result
        ? [result.setup, `skipped: ${result.skipped}`, "", "", "", "", "", "", "", ""]
        : [
            result.setup,
            result.figures.requestsPerSecond.toFixed(1),
            ms(result.figures.p50),
            ms(result.figures.p95),
            ms(result.figures.p99),
            `${result.errors.length} of ${result.figures.requests}`,
            `${result.stored.rows} of ${result.acknowledged} (${result.stored.spam})`,
            `${(result.walBytesPerRequest / 1024).toFixed(1)} KiB`,
            result.cpuMsPerRequest?.server.toFixed(2) ?? "n/a",
            result.cpuMsPerRequest?.database.toFixed(2) ?? "n/a",
          ],
    ),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [
    line(rows[0]!),
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
    ...rows.slice(1).map(line),
  ].join("\n");
}

function host(): string {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  return `nproc ${availableParallelism()}, load average ${load}`;
}

/** The cluster's version and the settings that make a commit durable, as the server reports them. */
async function durability(sql: postgres.Sql): Promise<string> {
  const names = ["fsync", "synchronous_commit", "full_page_writes", "wal_sync_method"];
  const [row] = await sql<{ version: string; settings: string[] }[]>`
    select current_setting('server_version') as version,
      array(select name || '=' || setting from pg_settings where name = any(${names}) order by name) as settings`;
  const settings = row?.settings ?? [];
  for (const name of ["fsync", "synchronous_commit", "full_page_writes"]) {
    if (!settings.includes(`${name}=on`)) {
      throw new Error(`the benchmark's PostgreSQL is not durable: ${settings.join(", ")}`);
    }
  }
  return `PostgreSQL ${row?.version}, ${settings.join(", ")}`;
}

async function main() {
  const run = options();
  process.chdir(ROOT);
  if (!existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
    throw new Error(
      "No build in .next: run `npm run build:test` first (this script never builds the site).",
    );
  }
  const installFailed = installDeno();
  const missing = missingTools();
  const noSupabase = missing && (installFailed ? `${missing} (${installFailed})` : missing);

  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT })
    .toString()
    .trim();
  const buildId = readFileSync(path.join(ROOT, ".next/BUILD_ID"), "utf8").trim();
  const before = host();

  process.stderr.write("throughput: starting a durable PostgreSQL…\n");
  const cluster = await TempCluster.create(await freePort(), { durable: true });
  const stops: Array<() => Promise<void>> = [];
  const skipped: Measured[] = [];
  let results: Result[] = [];
  let database = "";
  let plainStatements = (): string[] => [];
  let outboxStatements = (): string[] => [];
  try {
    await cluster.applyMigrations();
    const databaseUrl = cluster.url;
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
    stops.push(() => sql.end({ timeout: 5 }));
    database = await durability(sql);
    await createBareTable(sql);
    const running: Running[] = [];
    const add = (each: Running) => {
      stops.push(each.stop);
      running.push(each);
    };
    add(await bare(sql, databaseUrl, running.length));
    for (const variant of STORE_VARIANTS) {
      const store = storeAlone(databaseUrl, running.length, variant);
      add(store.running);
      if (variant.outbox) outboxStatements = store.statements;
      else if (!variant.oneClient && variant.prepare) plainStatements = store.statements;
    }
    add(await embedded(sql, databaseUrl, running.length));
    if (noSupabase) {
      skipped.push({ setup: "site POST /api/quote, Supabase function", skipped: noSupabase });
    } else {
      const secretKey = newSecretKey();
      process.stderr.write("throughput: starting the lead function…\n");
      const stack = await startStack({ secretKeys: [secretKey], cluster });
      stops.push(stack.stop);
      const settings = {
        SUPABASE_URL: stack.supabaseUrl,
        SUPABASE_SECRET_KEY: secretKey,
        SUPABASE_LEAD_FUNCTION: "crm-lead",
      };
      for (const count of [1, 2])
        add(await onSupabase(sql, databaseUrl, stack, settings, count, running.length));
    }
    results = await measureAll(sql, cluster.postmasterPid, running, run);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await cluster.destroy();
  }

  console.log(
    `${run.requests} requests per set-up in ${run.rounds} interleaved rounds, ${run.concurrency} concurrent, each from a client address of its own unless said; commit ${commit}, build ${buildId}`,
  );
  console.log(`database: one cluster, one database, durable: ${database}`);
  console.log(`host before: ${before}; after: ${host()}\n`);
  console.log(table([...results, ...skipped]));
  const plain = plainStatements();
  const withOutbox = outboxStatements();
  console.log(`\none store call's statements (${plain.length}, one transaction):`);
  for (const statement of plain) console.log(`  ${statement.slice(0, 110)}`);
  const extra = withOutbox.filter((statement) => !plain.includes(statement));
  console.log(`with the CRM webhook and e-mail on, ${withOutbox.length}; besides those:`);
  for (const statement of extra) console.log(`  ${statement.slice(0, 110)}`);
  let failed = false;
  for (const result of results) {
    if (result.errors.length) {
      failed = true;
      console.log(`\n${result.setup}: ${result.errors.length} errors; the first:`);
      for (const error of result.errors.slice(0, ERRORS_SHOWN)) console.log(`  ${error}`);
    }
    if (result.stored.rows !== result.acknowledged || result.stored.spam !== 0) {
      failed = true;
      console.log(
        `\n${result.setup}: ${result.acknowledged} acknowledged, ${result.stored.rows} stored, ${result.stored.spam} flagged as spam`,
      );
    }
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`throughput: ${describe(error)}\n`);
  process.exit(1);
});
