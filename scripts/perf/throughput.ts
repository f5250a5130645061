/**
 * `npx tsx scripts/perf/throughput.ts [--requests 1000] [--concurrency 50]`: how many quotes a
 * second the site takes, on each store (#33, docs/performance.md, "Throughput of new quotes").
 * A benchmark, not a test: it gates nothing.
 *
 * It sends `--requests` valid quotes (POST /api/quote, the body and headers the calculator sends,
 * each with its own Idempotency-Key), `--concurrency` at a time, through three set-ups in turn:
 * (a) one `next start` on the embedded store (its own PostgreSQL via DATABASE_URL, as `npm start`
 * runs it); (b) one on Supabase's (PostgreSQL and the lead function under Deno,
 * tests/supabase/stack.ts); (c) two on Supabase's, the requests alternating between them.
 * It prints one table: requests per second, p50/p95/p99 latency, errors (any non-2xx or failed
 * request; the first few are printed), and how many of the acknowledged leads the store holds and
 * how many of them a bot trap flagged (both must be the count acknowledged and 0).
 *
 * It uses the existing build in `.next` (`npm run build:test`), never builds.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { parseArgs } from "node:util";
import { DEFAULT_MIN_FORM_MS, FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { validQuote } from "../../tests/support/quote";
import { newSigningSecret, startStack, type Stack } from "../../tests/supabase/stack";
import { installDeno, missingTools, ROOT } from "../../tests/supabase/tools";
import { loadFigures, type LoadFigures } from "./latency";
import { startNextServer, type RunningServer } from "./server";

const ERRORS_SHOWN = 5;
/** Requests each server answers before the clock starts: its route modules loaded, its pools open. */
const WARM_UP_PER_SERVER = 5;
/** One request that has not answered in this long is counted as an error, not waited for. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Every server's settings: the per-client limit on new leads at the most the setting takes (every
 * request comes from 127.0.0.1), the bot traps at the product's own threshold.
 */
const SERVER_ENV = { LEADS_CREATE_LIMIT: "9999999" };
/** The calculator's time trap: a person who took three times the least a person takes. */
const FORM_MS = 3 * DEFAULT_MIN_FORM_MS;

type Outcome = { latencyMs: number; ok: boolean; error?: string };
type Result = {
  setup: string;
  figures: LoadFigures;
  errors: string[];
  stored: { leads: number; spam: number };
  acknowledged: number;
};

function options() {
  const { values } = parseArgs({
    options: {
      requests: { type: "string", default: "1000" },
      concurrency: { type: "string", default: "50" },
    },
  });
  const whole = (name: string, value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) {
      throw new Error(`--${name} must be a whole number, at least 1, not ${value}`);
    }
    return number;
  };
  return {
    requests: whole("requests", values.requests),
    concurrency: whole("concurrency", values.concurrency),
  };
}

/**
 * The e-mail address of request `i` of a set-up: how its leads are found in the store after
 * (`"%"`: the LIKE pattern of them all).
 */
const emailOf = (tag: string, i: number | "%") => `throughput-${tag}-${i}@example.com`;

/** One quote, as the calculator's contact step sends it (components/quote/send-quote.ts). */
async function sendQuote(url: string, email: string): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/quote`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
        "sec-fetch-site": "same-origin",
        origin: url,
        referer: `${url}/`,
      },
      body: JSON.stringify({ ...validQuote({ email }), [FORM_TIME_KEY]: FORM_MS }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const latencyMs = performance.now() - started;
    if (response.ok) return { latencyMs, ok: true };
    return { latencyMs, ok: false, error: `${url}: ${response.status} ${text.slice(0, 300)}` };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { latencyMs: performance.now() - started, ok: false, error: `${url}: ${why}` };
  }
}

/** `total` quotes, `concurrency` in flight at a time, request i to server i mod n. */
async function load(urls: readonly string[], tag: string, total: number, concurrency: number) {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      outcomes.push(await sendQuote(urls[i % urls.length] as string, emailOf(tag, i)));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return { outcomes, wallMs: performance.now() - started };
}

/** The warm-up, then the measured run, through `servers`. */
async function measure(
  setup: string,
  tag: string,
  servers: readonly RunningServer[],
  run: { requests: number; concurrency: number },
  stored: () => Promise<{ leads: number; spam: number }>,
): Promise<Result> {
  process.stderr.write(`throughput: ${setup}: warming up…\n`);
  const urls = servers.map((server) => server.url);
  const warmUp = await load(urls, `warm-${tag}`, WARM_UP_PER_SERVER * urls.length, 1);
  const warmErrors = warmUp.outcomes.flatMap((outcome) => outcome.error ?? []);
  if (warmErrors.length) throw new Error(`${setup}: the warm-up failed:\n${warmErrors.join("\n")}`);
  process.stderr.write(
    `throughput: ${setup}: ${run.requests} quotes, ${run.concurrency} at once…\n`,
  );
  const { outcomes, wallMs } = await load(urls, tag, run.requests, run.concurrency);
  const errors = outcomes.flatMap((outcome) => outcome.error ?? []);
  return {
    setup,
    figures: loadFigures(
      outcomes.map((outcome) => outcome.latencyMs),
      wallMs,
    ),
    errors,
    acknowledged: outcomes.length - errors.length,
    stored: await stored(),
  };
}

/** (a) One server on its own embedded store (PostgreSQL, as `npm start` runs it). */
async function embedded(run: { requests: number; concurrency: number }): Promise<Result> {
  const server = await startNextServer({ distDir: ".next", env: SERVER_ENV });
  try {
    return await measure("one server, embedded PostgreSQL", "a", [server], run, async () => {
      const sql = postgres(server.databaseUrl, { max: 1 });
      try {
        const [row] = await sql<{ leads: number; spam: number }[]>`
            select count(*)::int as leads, count(spam_reason)::int as spam
            from public.quote_requests where email like ${emailOf("a", "%")}`;
        return { leads: row?.leads ?? 0, spam: row?.spam ?? 0 };
      } finally {
        await sql.end();
      }
    });
  } finally {
    await server.stop();
  }
}

/** `count` servers on Supabase's store behind `stack`. */
async function shared(
  stack: Stack,
  settings: Record<string, string>,
  count: number,
  tag: string,
  run: { requests: number; concurrency: number },
): Promise<Result> {
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      startNextServer({ distDir: ".next", env: { ...SERVER_ENV, ...settings } }),
    ),
  );
  const setup =
    count === 1
      ? "one server, shared store (supabase)"
      : `${count} servers, shared store (supabase), alternating`;
  try {
    return await measure(setup, tag, servers, run, async () => {
      const pattern = emailOf(tag, "%");
      const [row] = await stack.cluster.rows(
        `select count(*)::int as leads, count(spam_reason)::int as spam
           from public.quote_requests where email like '${pattern}'`,
      );
      return { leads: Number(row?.leads), spam: Number(row?.spam) };
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const ms = (value: number) => value.toFixed(0);

function table(results: readonly Result[]): string {
  const rows = [
    ["set-up", "requests/s", "p50 ms", "p95 ms", "p99 ms", "errors", "stored (flagged)"],
    ...results.map((result) => [
      result.setup,
      result.figures.requestsPerSecond.toFixed(1),
      ms(result.figures.p50),
      ms(result.figures.p95),
      ms(result.figures.p99),
      `${result.errors.length} of ${result.figures.requests}`,
      `${result.stored.leads} of ${result.acknowledged} (${result.stored.spam})`,
    ]),
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

async function main() {
  const run = options();
  process.chdir(ROOT);
  if (!existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
    throw new Error(
      "No build in .next: run `npm run build:test` first (this script never builds).",
    );
  }
  const installFailed = installDeno();
  const missing = missingTools();
  if (missing) throw new Error(installFailed ? `${missing} (${installFailed})` : missing);

  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT })
    .toString()
    .trim();
  const buildId = readFileSync(path.join(ROOT, ".next/BUILD_ID"), "utf8").trim();
  const before = host();
  const results: Result[] = [await embedded(run)];

  const anonKey = `throughput-anon-${randomBytes(8).toString("hex")}`;
  const secret = newSigningSecret();
  process.stderr.write("throughput: starting PostgreSQL and the lead function…\n");
  const stack = await startStack({ anonKey, signingSecrets: [secret] });
  try {
    const settings = {
      SUPABASE_URL: stack.supabaseUrl,
      SUPABASE_ANON_KEY: anonKey,
      LEAD_SIGNING_SECRET: secret,
      SUPABASE_LEAD_FUNCTION: "crm-lead",
    };
    results.push(await shared(stack, settings, 1, "b", run));
    results.push(await shared(stack, settings, 2, "c", run));
  } finally {
    await stack.stop();
  }

  console.log(
    `${run.requests} quotes, ${run.concurrency} concurrent, per set-up; commit ${commit}, build ${buildId}`,
  );
  console.log(`host before: ${before}; after: ${host()}\n`);
  console.log(table(results));
  let failed = false;
  for (const result of results) {
    if (result.errors.length) {
      failed = true;
      console.log(`\n${result.setup}: ${result.errors.length} errors; the first:`);
      for (const error of result.errors.slice(0, ERRORS_SHOWN)) console.log(`  ${error}`);
    }
    if (result.stored.leads !== result.acknowledged || result.stored.spam !== 0) {
      failed = true;
      console.log(
        `\n${result.setup}: ${result.acknowledged} acknowledged, ${result.stored.leads} stored, ${result.stored.spam} flagged as spam`,
      );
    }
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`throughput: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
