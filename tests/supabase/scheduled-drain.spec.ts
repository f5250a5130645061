import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import postgres from "postgres";
import { mailToSink } from "../server/site-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { freePort } from "../support/processes";
import {
  createRequest,
  expect,
  FUNCTION_PATH,
  MAIL_TIMING,
  keyHeader,
  operationPath,
  SECRET_KEY,
  test,
} from "./fixtures";
import { TempCluster } from "./postgres";
import { startSharedSite } from "./site";
import { startStack, type Stack } from "./stack";
import { MIGRATIONS_DIR } from "../../scripts/postgres/cluster.ts";
import { claimDue, recordAttempt, requeueDead } from "@shared/leads/outbox";
import { missingTools, scriptWithSiteCode } from "./tools";

/**
 * The database schedules the outbox's drain itself (#45 item 4, #43 item 5): the migration
 * 20261211080000_lead_drain_schedule.sql, on a PostgreSQL without pg_cron and pg_net (skipped, with
 * a notice) and on one with them (stand-ins that record, tests/supabase/stub-extensions/: the test
 * runs the job's command as pg_cron would and sends the request pg_net queued, as its worker
 * would); and the site's sender over PostgreSQL itself, which asks nothing once nothing is owed.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);
test.describe.configure({ mode: "serial" });

const MIGRATION = path.join(MIGRATIONS_DIR, "20261211080000_lead_drain_schedule.sql");
const STUB_EXTENSIONS = path.join(import.meta.dirname, "stub-extensions");
const finished = { isPostConstruction: "no", stories: "2" } as const;

/** A create request of the store, as the site's server sends it, for a finished quote. */
const finishedQuote = (label: string) =>
  createRequest({ ...finished, email: `${label}-${randomUUID()}@example.com` });

/** Runs `work` on one session of the cluster's superuser, with the notices it raised. */
async function session<T>(url: string, work: (sql: postgres.Sql) => Promise<T>) {
  const notices: string[] = [];
  const sql = postgres(url, { max: 1, onnotice: (notice) => notices.push(String(notice.message)) });
  try {
    return { result: await work(sql), notices };
  } finally {
    await sql.end();
  }
}

test("without pg_cron and pg_net (the embedded PostgreSQL) the schedule is skipped with a notice, and the site's sender over PostgreSQL sends each e-mail on time, then asks nothing; only what becomes owed wakes it", async () => {
  test.setTimeout(120_000);
  const cluster = await TempCluster.create(await freePort());
  const smtp = await startSmtpSink();
  try {
    await cluster.applyMigrations();
    // Applied again (as `supabase db push` may), it says why nothing is scheduled.
    const again = await session(cluster.url, (sql) => sql.file(MIGRATION));
    expect(again.notices).toEqual([
      "The lead drain is not scheduled: pg_cron and pg_net not available on this PostgreSQL (Supabase has both; here the site's servers send what is owed)",
    ]);
    expect(
      await cluster.rows(`
        select to_regnamespace('cron') is null as no_cron, to_regnamespace('net') is null as no_net,
          (select count(*) from pg_extension where extname in ('pg_cron', 'pg_net'))::int as installed`),
    ).toEqual([{ no_cron: true, no_net: true, installed: 0 }]);

    const { stdout } = await scriptWithSiteCode(["tests/supabase/direct-mail-sender.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: cluster.url,
        CREATE: JSON.stringify(finishedQuote("direct")),
        EXPECT_SENT: "2",
        ...mailToSink(smtp.url),
        // The owner's e-mail falls due after the visitor's: a wake-up of its own.
        MAIL_SETTLE_MS: "1500",
      },
      timeout: 60_000,
    });
    // Its last line; the sender logs one line per e-mail before it.
    const done = JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as {
      leadId: string;
      claims: number;
      sent: number;
      dueTimes: string[];
      waiting: boolean;
    };
    const ids = smtp.received
      .filter((each) => each.raw.includes(done.leadId))
      .map((each) => each.mail.messageId);
    expect(ids.sort()).toEqual(
      ["owner", "visitor"].map((kind) => `<${done.leadId}.${kind}@suncoastshine.example>`),
    );
    // Sent on its claims, then nothing owed: no wake-up set.
    expect(done).toMatchObject({ sent: 2, waiting: false });
    const [owner] = await cluster.rows(`
      select sent_at >= due_at as on_time, to_json(due_at) as due from public.lead_outbox
      where lead_id = '${done.leadId}' and kind = 'owner'`);
    expect(owner?.on_time).toBe(true);
    // Any wake-up it set was for the owner's e-mail, at its due time (none when it was due at once).
    for (const due of done.dueTimes) expect(due).toBe(new Date(String(owner?.due)).toISOString());
    await onlyWhatIsOwedNotifies(cluster.url, done.leadId);
  } finally {
    await smtp.down().catch(() => undefined);
    await cluster.destroy();
  }
});

/**
 * The outbox's notifications (what wakes a listening sender, migration 20261215080000), step by
 * step on the lead's e-mails with the outbox's own code: a row turning dead or a sender's claim and
 * report wake nobody; a requeue does. A marker after each step (notifications arrive in commit
 * order) shows what the step sent.
 */
async function onlyWhatIsOwedNotifies(url: string, leadId: string) {
  const sql = postgres(url, { max: 2, onnotice: () => undefined });
  const heard: string[] = [];
  try {
    await sql.listen("lead_outbox", (payload) => heard.push(payload));
    const step = async (marker: string, work: () => Promise<unknown>) => {
      await work();
      await sql`select pg_notify('lead_outbox', ${marker})`;
      await expect.poll(() => heard.at(-1)).toBe(marker);
    };
    await step("dead", () =>
      sql`update public.lead_outbox set status = 'dead' where lead_id = ${leadId} and kind = 'visitor'`.then(),
    );
    await step("requeued", () => requeueDead(sql, leadId));
    let claimed: Awaited<ReturnType<typeof claimDue>> = [];
    await step("claimed", async () => (claimed = await claimDue(sql, "mail", 10)));
    expect(claimed.map((job) => job.kind)).toEqual(["visitor"]);
    await step("reported", async () => {
      const [job] = claimed;
      const report = { id: job!.id, leaseId: job!.leaseId, version: 1, channel: "mail" as const };
      expect(await recordAttempt(sql, { ...report, timing: MAIL_TIMING }, { ok: true })).toBe(
        "sent",
      );
    });
    expect(heard).toEqual(["dead", "", "requeued", "claimed", "reported"]);
  } finally {
    await sql.end();
  }
}

test.describe("with pg_cron and pg_net (Supabase's, played by stand-ins that record)", () => {
  const CRON_SECRET = randomBytes(32).toString("base64");
  let stack: Stack;
  let smtp: SmtpSink;
  let site: Awaited<ReturnType<typeof startSharedSite>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startStack({
      secretKeys: [SECRET_KEY],
      mail: MAIL_TIMING,
      extensions: STUB_EXTENSIONS,
    });
    smtp = await startSmtpSink();
    site = await startSharedSite(stack.supabaseUrl, SECRET_KEY, {
      ...mailToSink(smtp.url),
      CRON_SECRET,
    });
  });

  test.afterAll(async () => {
    await site?.stop();
    await smtp?.down().catch(() => undefined);
    await stack?.stop();
  });

  /** The outbox calls the function was sent, by action. */
  const outboxCalls = () =>
    stack.gateway.calls
      .filter((call) => call.path === `${FUNCTION_PATH}/outbox`)
      .map((call) => (JSON.parse(call.body) as { action: string }).action);

  /** What pg_cron runs each minute: the job's command, run as it is. */
  async function tick(): Promise<string> {
    const { result } = await session(stack.cluster.url, async (sql) => {
      const [job] = await sql`select command from cron.job where jobname = 'lead-drain'`;
      const [row] = await sql.unsafe(String(job?.command));
      return String(Object.values(row ?? {})[0]);
    });
    return result;
  }

  /** pg_net's worker: sends each queued request, and answers their replies. */
  async function sendQueued() {
    const { result: queued } = await session(
      stack.cluster.url,
      (sql) => sql`delete from net.http_request_queue returning method, url, headers, body`,
    );
    const replies: Array<{ status: number; body: unknown }> = [];
    for (const request of queued) {
      const answer = await fetch(String(request.url), {
        method: String(request.method),
        headers: request.headers as Record<string, string>,
        body: JSON.stringify(request.body),
      });
      replies.push({ status: answer.status, body: await answer.json() });
    }
    return replies;
  }

  test("the migration schedules the drain each minute; rerun, it keeps one job", async () => {
    await stack.cluster.psql({ file: MIGRATION });
    expect(
      await stack.cluster.rows(`
        select jobname, schedule, command, active from cron.job where jobname = 'lead-drain'`),
    ).toEqual([
      {
        jobname: "lead-drain",
        schedule: "* * * * *",
        command: "select public.request_lead_drain()",
        active: true,
      },
    ]);
    expect(await stack.cluster.rows(`select jobname from cron.job order by jobname`)).toEqual([
      { jobname: "lead-drain" },
      { jobname: "lead-drain-history" },
    ]);
    expect(
      await stack.cluster.rows(
        `select extname from pg_extension where extname in ('pg_cron', 'pg_net') order by extname`,
      ),
    ).toEqual([{ extname: "pg_cron" }, { extname: "pg_net" }]);
  });

  test("pg_cron's run history of the project's jobs is cleaned each night, a week kept; other jobs' is left", async () => {
    const history = () =>
      stack.cluster.rows(`
        select j.jobname, d.command from cron.job_run_details d join cron.job j using (jobid)
        order by j.jobname, d.command`);
    await stack.cluster.psql({
      sql: `select cron.schedule('someone-else', '0 * * * *', 'select 1');
        insert into cron.job_run_details (jobid, command, status, start_time, end_time)
        select jobid, run, 'succeeded', now() - age, now() - age
        from cron.job, (values ('eight days ago', interval '8 days'),
          ('yesterday', interval '1 day')) as runs (run, age)
        where jobname in ('lead-drain', 'someone-else')`,
    });
    // What pg_cron runs each night: the job's command, run as it is.
    const [job] = await stack.cluster.rows(
      `select schedule, command from cron.job where jobname = 'lead-drain-history'`,
    );
    expect(job?.schedule).toBe("17 3 * * *");
    await stack.cluster.psql({ sql: String(job?.command) });
    expect(await history()).toEqual([
      { jobname: "lead-drain", command: "yesterday" },
      { jobname: "someone-else", command: "eight days ago" },
      { jobname: "someone-else", command: "yesterday" },
    ]);
    await stack.cluster.psql({ sql: "select cron.unschedule('someone-else')" });
  });

  test("an owner e-mail is sent on schedule with the site's servers idle, asked for only once it is due", async () => {
    test.setTimeout(90_000);
    // The server's start: one claim and one drain, then, with nothing owed, nothing.
    await expect.poll(() => outboxCalls().sort()).toEqual(["claim-mail", "drain", "health"]);

    // A lead stored by another server of the site (which stopped before sending anything).
    const made = await fetch(`${stack.supabaseUrl}${operationPath("create")}`, {
      method: "POST",
      headers: { ...keyHeader(), "Content-Type": "application/json" },
      body: JSON.stringify(finishedQuote("scheduled")),
    });
    const { result } = (await made.json()) as { result: { lead: { id: string } } };
    const id = result.lead.id;
    const mailRow = (kind: string) =>
      `update public.lead_outbox set due_at = now() + interval '1 hour'
       where lead_id = '${id}' and kind = '${kind}'`;
    // Both e-mails an hour away: the visitor's stays there; the owner's comes due below.
    await stack.cluster.psql({ sql: `${mailRow("visitor")}; ${mailRow("owner")}` });
    const sent = () =>
      smtp.received
        .filter((each) => each.raw.includes(id))
        .map((each) => each.mail.messageId ?? "");

    expect(await tick()).toBe("nothing due");
    const ownerDue = `update public.lead_outbox set due_at = now() where lead_id = '${id}' and kind = 'owner'`;
    await stack.cluster.psql({ sql: ownerDue });
    // Due, but the drain route is not known yet: nothing is asked.
    expect(await tick()).toBe("not asked: Supabase Vault is not installed");
    await stack.cluster.psql({ file: path.join(import.meta.dirname, "vault-stand-in.sql") });
    expect(await tick()).toBe(
      "not asked: the vault secrets lead_drain_url and lead_drain_secret are not both set",
    );
    // What the operator runs once (docs/leads.md, "Serverless hosts").
    await stack.cluster.psql({
      sql: `select vault.create_secret('${site.url}/api/deliveries/drain', 'lead_drain_url');
            select vault.create_secret('${CRON_SECRET}', 'lead_drain_secret');`,
    });
    expect(await sendQueued()).toEqual([]);
    // The site's server has asked the function nothing since its start.
    expect(outboxCalls()).toHaveLength(3);
    expect(sent()).toEqual([]);

    expect(await tick()).toBe("drain asked");
    expect(await sendQueued()).toEqual([
      { status: 200, body: { success: true, mailHandled: 1, crmDrained: true } },
    ]);
    expect(sent()).toEqual([`<${id}.owner@suncoastshine.example>`]);
    // The visitor's is an hour away: the next minutes ask nothing.
    expect(await tick()).toBe("nothing due");
    expect(await sendQueued()).toEqual([]);
    await stack.cluster.psql({
      sql: `update public.lead_outbox set due_at = now() where lead_id = '${id}' and kind = 'visitor'`,
    });
    expect(await tick()).toBe("drain asked");
    expect(await sendQueued()).toMatchObject([{ status: 200, body: { mailHandled: 1 } }]);
    expect(sent().sort()).toEqual(
      ["owner", "visitor"].map((kind) => `<${id}.${kind}@suncoastshine.example>`),
    );
  });
});
