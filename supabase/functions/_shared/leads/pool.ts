import postgres from "postgres";

/**
 * postgres.js's URL and socket path for a database URL. A unix socket is named as libpq names it,
 * `postgres://postgres@localhost/postgres?host=/socket/folder` (the embedded store's DATABASE_URL,
 * scripts/postgres/cluster.ts); postgres.js 3.4 reads no `host` parameter, so the folder becomes
 * its `path` option.
 */
export function postgresTarget(url: string): { url: string; path?: string } {
  // postgres.js reads more than WHATWG URLs (several hosts): those are left to it.
  if (!URL.canParse(url)) return { url };
  const parsed = new URL(url);
  const folder = parsed.searchParams.get("host");
  if (!folder?.startsWith("/")) return { url };
  parsed.searchParams.delete("host");
  return { url: parsed.href, path: `${folder}/.s.PGSQL.${parsed.port || 5432}` };
}

/** Supavisor's transaction mode (Supabase's pooler, and its PgBouncer): the port it listens on. */
const TRANSACTION_POOLER_PORT = "6543";

/**
 * Whether a connection to `url` may use prepared statements (docs/leads.md, "Where a lead
 * goes"): not through a transaction-mode pooler, which hands each transaction another server
 * connection, told by its port, 6543; a direct connection or session mode (5432) keeps them.
 */
export function preparedStatementsAllowed(url: string): boolean {
  return !URL.canParse(url) || new URL(url).port !== TRANSACTION_POOLER_PORT;
}

/**
 * A pool of `max` connections to the database at `url` (SUPABASE_DB_URL, or the site's
 * DATABASE_URL). `prepare`: postgres.js's prepared statements, off by default for Supavisor's
 * transaction-mode pooler; the embedded store, with no pooler, has them on (docs/performance.md,
 * "Throughput of new quotes").
 */
export function connectPool(
  url: string,
  { max = 3, prepare = false }: { max?: number; prepare?: boolean } = {},
): postgres.Sql {
  const target = postgresTarget(url);
  const sql = postgres(target.url, {
    path: target.path,
    prepare,
    max,
    onnotice: () => undefined,
    connect_timeout: 5,
    idle_timeout: 30,
    // The wait before reconnecting after `failures` failed connections in a row, in seconds.
    // postgres.js's own grows to 20 s, so after an outage a visitor was still refused for up to
    // 20 s once the database was back, past the site's 8 s wait; doubling from 50 ms to at most a
    // second spares a down database and uses one that is back within a second.
    backoff: (failures: number) => Math.min(0.05 * 2 ** failures, 1),
  });
  // postgres.js 3.4.9 writes the ROLLBACK of a transaction whose connection was lost to that
  // closed connection: an uncatchable TypeError that kills the process (porsager/postgres#1208),
  // or, caught (Next logs it), a connection that never sends again. So a transaction that failed
  // for a lost connection (`errno`: a socket's error, or postgres.js's CONNECTION_CLOSED) is left
  // unsettled, and its begin() rejects by itself as the connection closes. And the error that
  // ended a connection mid-query (57P01, PostgreSQL stopping) is handed again to the first query
  // after it reconnects: a transaction refused so, before it began, is begun again at once.
  // docs/decisions.md, "Embedded PostgreSQL".
  const begin = sql.begin as (...args: unknown[]) => Promise<unknown>;
  sql.begin = ((...args: unknown[]) => {
    const work = args.pop() as (tx: postgres.TransactionSql) => unknown;
    let began = false;
    const attempt = () =>
      begin(...args, async (tx: postgres.TransactionSql) => {
        began = true;
        try {
          const result = work(tx);
          return await (Array.isArray(result) ? Promise.all(result) : result);
        } catch (error) {
          if (error instanceof Error && "errno" in error) await new Promise(() => undefined);
          throw error;
        }
      });
    return attempt().catch((error: unknown) => {
      if (began || (error as { code?: unknown }).code !== "57P01") throw error;
      return attempt();
    });
  }) as typeof sql.begin;
  return sql;
}

/** The operation's deadline passed before its transaction could commit: it was rolled back. */
class DeadlinePassed extends Error {
  override name = "DeadlinePassed";
  override message = "The operation's deadline passed before it could commit";
}

/**
 * Runs `work` in one transaction that ends before `deadline` (ms since 1970) or not at all
 * (supabase/README.md, "The store's operations"): PostgreSQL cancels a statement still running, or
 * waiting for a lock, when the time left at the transaction's start has passed
 * (`statement_timeout` for this transaction alone, so it holds behind a transaction-mode pooler
 * too), and the transaction is rolled back instead of committed once the deadline has passed. So
 * nothing commits after the site has stopped waiting, and its retry finds the lead or nothing.
 */
export async function beforeDeadline<T>(
  sql: postgres.Sql,
  deadline: number,
  work: (tx: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  const left = () => Math.floor(deadline - Date.now());
  return (await sql.begin(async (tx) => {
    // Also what waited for a pool connection meanwhile: refused before it starts.
    if (left() <= 0) throw new DeadlinePassed();
    await tx`select set_config('statement_timeout', ${String(left())}, true)`;
    const result = await work(tx);
    if (left() <= 0) throw new DeadlinePassed();
    return result;
  })) as T;
}
