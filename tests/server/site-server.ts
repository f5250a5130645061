import path from "node:path";
import postgres from "postgres";
import { builtFolder } from "../../scripts/build/build-folder";
import { freePort, startService, type Service } from "../support/processes";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { e2eAdminUrl } from "../support/stored-leads";
import { createTestDatabase, siteLogin } from "../support/test-postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type SiteServer = {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
  /** kill -9: no shutdown, no flushing, as a power cut or an OOM kill would. */
  kill: () => Promise<void>;
};

export type TestDatabase = {
  /** The server's DATABASE_URL: the site's login (lead_store), as `npm start` gives it. */
  url: string;
  /** The test's own connection (the superuser), to read what the server stored as the owner's commands would. */
  sql: postgres.Sql;
  /** Closes the test's connection and drops the database (the server must be stopped first). */
  drop: () => Promise<void>;
};

/**
 * A migrated, empty PostgreSQL database of one test's own, on the cluster of the run's browser
 * tests (tests/support/e2e-site.ts, playwright.config.ts's webServer).
 */
export async function testDatabase(): Promise<TestDatabase> {
  const adminUrl = e2eAdminUrl();
  const url = await createTestDatabase(adminUrl);
  const sql = postgres(url, { max: 2, onnotice: () => undefined });
  return {
    url: siteLogin(url),
    sql,
    drop: async () => {
      await sql.end({ timeout: 5 });
      const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      try {
        await admin.unsafe(
          `drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`,
        );
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * The production server (`next start` on the build `npm test` has just made, or on the build
 * recorded in the project folder `root`) with its own settings, on a free port or `port`.
 */
export async function startSite(
  env: Record<string, string>,
  { root = ROOT, port: given }: { root?: string; port?: number } = {},
): Promise<SiteServer> {
  builtFolder(root);
  const port = given ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const next = path.join(ROOT, "node_modules/next/dist/bin/next");
  const args = [next, "start", "-p", String(port), "-H", "127.0.0.1"];
  const service: Service = await startService(process.execPath, args, {
    cwd: root,
    env,
    ready: async () => (await fetch(`${url}/robots.txt`)).ok,
  });
  return {
    url,
    output: service.output,
    stop: service.stop,
    kill: () =>
      new Promise((resolve) => {
        if (service.process.exitCode !== null || service.process.signalCode !== null)
          return resolve();
        service.process.once("exit", () => resolve());
        service.process.kill("SIGKILL");
      }),
  };
}

/** The owner's address where a test reads his inbox. */
export const OWNER = "owner@suncoastshine.example";

/**
 * Settings that send a site's e-mails to an SMTP sink (tests/support/smtp-sink.ts): the owner's
 * within 3 s of the contact step, or at once when the visitor has finished.
 */
export function mailToSink(smtpUrl: string): Record<string, string> {
  return {
    SMTP_URL: smtpUrl,
    LEADS_NOTIFY_TO: OWNER,
    MAIL_FROM: "Suncoast Shine <quotes@suncoastshine.example>",
    MAIL_WINDOW_MS: "3000",
    MAIL_SETTLE_MS: "0",
  };
}

export type SiteWithMail = {
  smtp: SmtpSink;
  database: TestDatabase;
  /** The server's settings: its database, mail to the sink, and the test's own. */
  env: Record<string, string>;
  /** The server running now. */
  site: SiteServer;
  /** A new server on the same database and settings, once the test has stopped or killed the last. */
  startAgain: () => Promise<SiteServer>;
  /** Stops the server and the sink, and drops the database. */
  close: () => Promise<void>;
};

/**
 * A server with a database of its own that mails to an SMTP sink of its own (mailToSink), with the
 * test's `settings` on top: what a test of the lead and mail paths starts. With `sinkDown`, the
 * sink is down when the server starts (`smtp.up()` brings it back).
 */
export async function startSiteWithMail(
  settings: Record<string, string> = {},
  { sinkDown = false }: { sinkDown?: boolean } = {},
): Promise<SiteWithMail> {
  const smtp = await startSmtpSink();
  const database = await testDatabase();
  const env = { DATABASE_URL: database.url, ...mailToSink(smtp.url), ...settings };
  const closeMail = async () => {
    await smtp.down();
    await database.drop();
  };
  if (sinkDown) await smtp.down();
  let site: SiteServer;
  try {
    site = await startSite(env);
  } catch (error) {
    await closeMail();
    throw error;
  }
  const started: SiteWithMail = {
    smtp,
    database,
    env,
    site,
    startAgain: async () => (started.site = await startSite(env)),
    close: async () => {
      try {
        await started.site.stop();
      } finally {
        await closeMail();
      }
    },
  };
  return started;
}

/** The headers the calculator's fetch carries in a browser, from a client address of our choosing. */
export function browserHeaders(
  site: SiteServer,
  more: Record<string, string> = {},
): Record<string, string> {
  return {
    "content-type": "application/json",
    "sec-fetch-site": "same-origin",
    origin: site.url,
    referer: `${site.url}/`,
    ...more,
  };
}

/** The e-mails' outbox by status ("sent 3"), in the order of the statuses' names. */
export async function mailStatuses(sql: postgres.Sql): Promise<string[]> {
  const rows = await sql`
    select status, count(*)::int as n from public.lead_outbox
    where channel = 'mail' group by status order by status`;
  return rows.map((row) => `${String(row.status)} ${String(row.n)}`);
}
