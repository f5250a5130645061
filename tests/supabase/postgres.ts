import { execFile, type ExecFileOptions } from "node:child_process";
import {
  appendFileSync,
  chownSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { MIGRATIONS_DIR, postgresBinDir, postgresRunAs } from "./tools";

const run = promisify(execFile);
const PASSWORD = "local-test-only";

/** A throwaway PostgreSQL cluster in a temp folder, listening on 127.0.0.1 only. */
export class TempCluster {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** The URL the function gets as SUPABASE_DB_URL; like Supabase's, it is the `postgres` superuser. */
  get url(): string {
    return `postgres://postgres:${PASSWORD}@127.0.0.1:${this.port}/postgres`;
  }

  static async create(port: number): Promise<TempCluster> {
    const bin = postgresBinDir();
    const owner = postgresRunAs();
    if (!bin || !owner) throw new Error("PostgreSQL is not available (see missingTools())");
    const dir = mkdtempSync(path.join(tmpdir(), "supabase-e2e-pg-"));
    if (owner !== "self") chownSync(dir, owner.uid, owner.gid);
    const cluster = new TempCluster(bin, dir, port);
    const pwfile = path.join(dir, "pwfile");
    writeFileSync(pwfile, PASSWORD);
    if (owner !== "self") chownSync(pwfile, owner.uid, owner.gid);
    await cluster.asOwner("initdb", [
      "-D",
      cluster.dataDir,
      "-U",
      "postgres",
      `--pwfile=${pwfile}`,
      "--auth-host=scram-sha-256",
      "--auth-local=trust",
      "--encoding=UTF8",
      "--no-locale",
      "--no-sync",
    ]);
    // Speed over durability: this cluster lives for one test run.
    appendFileSync(
      path.join(cluster.dataDir, "postgresql.conf"),
      [
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        "unix_socket_directories = ''",
        "fsync = off",
        "synchronous_commit = off",
        "full_page_writes = off",
        "",
      ].join("\n"),
    );
    await cluster.start();
    return cluster;
  }

  /** The cluster's folder: its data, socket-less config and log; destroy() removes it. */
  get folder(): string {
    return this.dir;
  }

  private get dataDir(): string {
    return path.join(this.dir, "data");
  }

  private async asOwner(tool: string, args: string[]): Promise<void> {
    const owner = postgresRunAs();
    const binary = path.join(this.bin, tool);
    const options: ExecFileOptions = { cwd: this.dir, timeout: 60_000 };
    if (owner === "self") await run(binary, args, options);
    else await run("runuser", ["-u", "postgres", "--", binary, ...args], options);
  }

  async start(): Promise<void> {
    await this.asOwner("pg_ctl", [
      "-D",
      this.dataDir,
      "-l",
      path.join(this.dir, "server.log"),
      "-w",
      "-t",
      "30",
      "start",
    ]);
  }

  async stop(): Promise<void> {
    await this.asOwner("pg_ctl", ["-D", this.dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Runs SQL (a file or a string) with psql in one transaction (`transaction: false` for what
   * cannot run in one, like CREATE DATABASE), stopping at the first error.
   */
  async psql(
    args: ({ file: string } | { sql: string }) & { database?: string; transaction?: boolean },
  ): Promise<string> {
    const input = "file" in args ? ["-f", args.file] : ["-c", args.sql];
    const { stdout } = await run(
      path.join(this.bin, "psql"),
      [
        "-h",
        "127.0.0.1",
        "-p",
        String(this.port),
        "-U",
        "postgres",
        "-d",
        args.database ?? "postgres",
        "-X",
        "-q",
        "-At",
        "-v",
        "ON_ERROR_STOP=1",
        ...(args.transaction === false ? [] : ["--single-transaction"]),
        ...input,
      ],
      { env: { ...process.env, PGPASSWORD: PASSWORD, PGCONNECT_TIMEOUT: "5" }, timeout: 30_000 },
    );
    return stdout;
  }

  /** The rows of a query, as JSON objects with the columns' names. */
  async rows(query: string, database?: string): Promise<Array<Record<string, unknown>>> {
    const out = await this.psql({
      sql: `select coalesce(json_agg(q), '[]'::json) from (${query}) q`,
      database,
    });
    const parsed: unknown = JSON.parse(out);
    if (!Array.isArray(parsed)) throw new Error(`psql answered ${out}`);
    return parsed;
  }

  /** Supabase's roles, then every migration in order, the way `supabase db push` applies them. */
  async applyMigrations(): Promise<string[]> {
    await this.psql({ file: path.join(import.meta.dirname, "supabase-roles.sql") });
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith(".sql"))
      .sort();
    for (const file of files) await this.psql({ file: path.join(MIGRATIONS_DIR, file) });
    return files;
  }
}
