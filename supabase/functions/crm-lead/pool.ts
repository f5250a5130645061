import postgres from "postgres";

/**
 * How long a connection of the pool waits before it connects again, after `failures` failed
 * connections in a row (postgres.js's `backoff`, in seconds). postgres.js's own grows to 20 s:
 * after a minute of PostgreSQL being down or restarted, every request then waited that long for a
 * connection, past the site's 8 s wait, so the visitor was still refused for up to 20 s after the
 * database was back. Doubling from 50 ms to at most a second keeps a down database from being
 * hammered (three connections per worker, each at most once a second) and a database that is back
 * is used within a second.
 */
export function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.05 * 2 ** failures, 1);
}

/** The function's pool of connections to the project's database (SUPABASE_DB_URL). */
export function connectPool(url: string): postgres.Sql {
  return postgres(url, {
    // prepare: false keeps it working behind Supavisor's transaction-mode pooler.
    prepare: false,
    max: 3,
    connect_timeout: 5,
    idle_timeout: 30,
    backoff: reconnectDelaySeconds,
  });
}
