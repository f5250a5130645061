import { randomBytes } from "node:crypto";
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import {
  migrate,
  postgresTools,
  startCluster,
  withSession,
  type Cluster,
} from "../../scripts/postgres/cluster.ts";

/**
 * A throwaway PostgreSQL cluster in a temp folder: the embedded store's own (scripts/postgres/
 * cluster.ts), without durability unless asked (a test run's data need not survive a power cut), and also on
 * 127.0.0.1 at the port given with a password of its own, as the function connects to Supabase's.
 */
export class TempCluster {
  private readonly password = randomBytes(24).toString("hex");
  private running: Cluster | undefined;
  private readonly dir: string;
  readonly port: number;
  private constructor(
    dir: string,
    port: number,
    private readonly bin?: string,
    private readonly durable = false,
  ) {
    this.dir = dir;
    this.port = port;
  }

  /** The URL the function gets as SUPABASE_DB_URL; like Supabase's, it is the `postgres` superuser. */
  get url(): string {
    return `postgres://postgres:${this.password}@127.0.0.1:${this.port}/postgres`;
  }

  /**
   * `extensions`: a folder of extension files (.control, .sql) this cluster offers besides the
   * package's own, as a server with them installed does (tests/supabase/stub-extensions/); they go
   * into a copy of the binaries' folder of this cluster's own, never into node_modules.
   * `durable`: every commit flushed to disk before it is acknowledged, as the embedded store runs
   * (a benchmark's cluster: scripts/perf/throughput.ts); a test's runs without.
   */
  static async create(
    port: number,
    options: { extensions?: string; durable?: boolean } = {},
  ): Promise<TempCluster> {
    const dir = mkdtempSync(path.join(tmpdir(), "supabase-e2e-pg-"));
    // As root the cluster runs as the `postgres` user, which must enter the folder (its data stays 0700).
    chmodSync(dir, 0o755);
    const bin = options.extensions && (await binariesWith(options.extensions, dir));
    const cluster = new TempCluster(dir, port, bin, options.durable);
    await cluster.start();
    await withSession(cluster.socketUrl, (sql) =>
      sql.unsafe(`alter role postgres password '${cluster.password}'`),
    );
    return cluster;
  }

  /** The cluster's folder: its data and log; destroy() removes it. */
  get folder(): string {
    return this.dir;
  }

  /** The postmaster's process id (a benchmark counts the CPU time of its process tree). */
  get postmasterPid(): number {
    if (!this.running) throw new Error("the cluster is stopped");
    return this.running.postmasterPid;
  }

  private get socketUrl(): string {
    if (!this.running) throw new Error("the cluster is stopped");
    return this.running.url;
  }

  async start(): Promise<void> {
    this.running = await startCluster({
      dataDir: path.join(this.dir, "data"),
      durability: this.durable ? "durable" : "test-only-unsafe",
      tcpPort: this.port,
      bin: this.bin,
    });
  }

  async stop(): Promise<void> {
    await this.running?.stop();
    this.running = undefined;
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** One session of the `postgres` superuser on `database`, closed after `work`. */
  private async session<T>(
    database: string | undefined,
    work: (sql: postgres.Sql) => Promise<T>,
  ): Promise<T> {
    const url = new URL(this.url);
    url.pathname = `/${database ?? "postgres"}`;
    return withSession(url.href, work);
  }

  /**
   * Runs SQL (a file or a string, any number of statements) in one transaction, as
   * `psql --single-transaction` would (`transaction: false` for what cannot run in one, like
   * CREATE DATABASE), stopping at the first error.
   */
  async psql(
    args: ({ file: string } | { sql: string }) & { database?: string; transaction?: boolean },
  ): Promise<void> {
    const text = "file" in args ? readFileSync(args.file, "utf8") : args.sql;
    await this.session(args.database, async (sql) => {
      if (args.transaction === false) await sql.unsafe(text);
      else await sql.begin((tx) => tx.unsafe(text));
    });
  }

  /** The rows of a query, as JSON objects with the columns' names. */
  async rows(query: string, database?: string): Promise<Array<Record<string, unknown>>> {
    const [result] = await this.session(database, (sql) =>
      sql.unsafe(`select coalesce(json_agg(q), '[]'::json) as rows from (${query}) q`),
    );
    const parsed: unknown = result?.rows;
    if (!Array.isArray(parsed)) throw new Error(`PostgreSQL answered ${JSON.stringify(result)}`);
    return parsed;
  }

  /** How many backends wait for a lock now: a test waits so for a request to reach the lock it holds. */
  async waitingForLocks(): Promise<number> {
    const [row] = await this.rows(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
    );
    return Number(row?.n);
  }

  /** Supabase's roles, then every migration in order, as the embedded store applies them. */
  async applyMigrations(): Promise<string[]> {
    return migrate(this.url);
  }
}

/** A copy of the binaries' folder (`native`) in `dir`, its share folder given `extensions`. */
async function binariesWith(extensions: string, dir: string): Promise<string> {
  const copy = path.join(dir, "native");
  const native = path.dirname((await postgresTools()).bin);
  cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
  chmodSync(copy, 0o755);
  for (const file of readdirSync(extensions)) {
    cpSync(path.join(extensions, file), path.join(copy, "share/postgresql/extension", file));
  }
  return path.join(copy, "bin");
}
