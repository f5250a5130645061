import { randomUUID } from "node:crypto";
import { mailToSink } from "../server/site-server";
import { startSmtpSink } from "../support/smtp-sink";
import { expect, MAIL_TIMING, SECRET_KEY, test } from "./fixtures";
import { claimMail, type MailJob } from "./mail-claim";
import { missingTools, scriptWithSiteCode } from "./tools";

/**
 * The e-mails as rows of PostgreSQL (#33 item 2): queued in the lead's transaction with the site's
 * timing, claimed by any number of senders through the function's outbox, each sent once.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);

const finished = { isPostConstruction: "no", stories: "2" } as const;

/**
 * One Node server's mail sender (tests/supabase/function-mail-sender.ts) for this backend and SMTP
 * server, in a process of its own, until nothing has been due for `idleMs` or `signal` stops it.
 */
function sendMailFor(
  supabaseUrl: string,
  smtpUrl: string,
  idleMs: number,
  timeout: number,
  signal?: AbortSignal,
) {
  const env = {
    ...process.env,
    SUPABASE_URL: supabaseUrl,
    SUPABASE_SECRET_KEY: SECRET_KEY,
    ...mailToSink(smtpUrl),
    IDLE_MS: String(idleMs),
  };
  return scriptWithSiteCode(["tests/supabase/function-mail-sender.ts"], { env, timeout, signal });
}

test.describe.configure({ mode: "serial" });

test("a lead's e-mails are queued with it: the confirmation at once, the owner's within the window", async ({
  backend,
}) => {
  const lead = await backend.createLead({ email: `queued-${randomUUID()}@example.com` });
  // Committed with the lead: there the moment it is answered.
  const rows = await backend.cluster.rows(`
    select o.kind, o.status, o.due_at <= now() as due_now,
      round(extract(epoch from o.due_at - q.created_at) * 1000)::int as due_after_ms
    from public.lead_outbox o join public.quote_requests q on q.id = o.lead_id
    where o.lead_id = '${lead.id}' and o.channel = 'mail' order by o.id`);
  expect(rows).toEqual([
    { kind: "visitor", status: "pending", due_now: true, due_after_ms: expect.any(Number) },
    { kind: "owner", status: "pending", due_now: false, due_after_ms: MAIL_TIMING.windowMs },
  ]);
  // Steps 5-6 answered: the owner's e-mail waits one settle period for a plan switch instead.
  expect(await backend.updateLead(lead, finished)).toMatchObject({ status: "updated" });
  const [owner] = await backend.cluster.rows(`
    select due_at - now() <= make_interval(secs => ${MAIL_TIMING.settleMs / 1000}) as settles
    from public.lead_outbox where lead_id = '${lead.id}' and kind = 'owner'`);
  expect(owner).toEqual({ settles: true });
});

test("two senders claiming at once never hold the same e-mail, and each is sent once", async ({
  backend,
}) => {
  test.setTimeout(60_000);
  const leads = [];
  for (let i = 0; i < 8; i++) {
    leads.push(await backend.createLead({ email: `senders-${randomUUID()}@example.com` }));
  }
  const mine = new Set(leads.map((lead) => lead.id));
  const claimedBy: Record<string, string[]> = {};
  const sender = async (name: string) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const answer = (await (await backend.outbox({ action: "claim-mail", limit: 3 })).json()) as {
        mail: MailJob[];
      };
      for (const job of answer.mail) {
        (claimedBy[job.id] ??= []).push(name);
        const report = await backend.outbox({
          action: "report-mail",
          id: job.id,
          leaseId: job.leaseId,
          version: job.lead.version,
          outcome: { ok: true },
        });
        expect(await report.json()).toEqual({ success: true, recorded: "sent" });
      }
      const [owed] = await backend.cluster.rows(`
        select count(*)::int as n from public.lead_outbox where channel = 'mail'
          and status = 'pending' and lead_id in (${[...mine].map((id) => `'${id}'`).join(", ")})`);
      if (owed?.n === 0) return;
      if (answer.mail.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await Promise.all([sender("A"), sender("B")]);
  const rows = await backend.cluster.rows(`
    select id::text, kind, status, attempts from public.lead_outbox
    where channel = 'mail' and lead_id in (${[...mine].map((id) => `'${id}'`).join(", ")})`);
  expect(rows).toHaveLength(16);
  for (const row of rows) {
    expect(row, JSON.stringify(rows)).toMatchObject({ status: "sent", attempts: 1 });
    expect(claimedBy[String(row.id)], `e-mail ${row.id} claimed once`).toHaveLength(1);
  }
  // Both senders took part.
  const senders = new Set(rows.flatMap((row) => claimedBy[String(row.id)] ?? []));
  expect(senders.size).toBe(2);
});

test("SMTP down is retried with backoff; a 5xx is a dead letter with the reply; retry requeues it", async ({
  backend,
}) => {
  const lead = await backend.createLead({ email: `smtp-${randomUUID()}@example.com` });
  const claimVisitor = () => claimMail(backend, lead.id, "visitor");
  const row = () =>
    backend.cluster
      .rows(
        `select status, attempts, last_error, due_at > now() as waits from public.lead_outbox
             where lead_id = '${lead.id}' and kind = 'visitor'`,
      )
      .then((rows) => rows[0]);
  const report = (job: MailJob, outcome: unknown, leaseId = job.leaseId) =>
    backend
      .outbox({ action: "report-mail", id: job.id, leaseId, version: job.lead.version, outcome })
      .then((response) => response.json());

  const first = await claimVisitor();
  expect(
    await report(first, {
      ok: false,
      retryable: true,
      error: "SMTP connection failed: ECONNREFUSED",
    }),
  ).toEqual({ success: true, recorded: "retry" });
  expect(await row()).toMatchObject({
    status: "pending",
    attempts: 1,
    last_error: "SMTP connection failed: ECONNREFUSED",
  });
  // A sender whose lease is gone cannot record anything.
  expect(await report(first, { ok: true }, randomUUID())).toEqual({
    success: true,
    recorded: "lost_lease",
  });

  const second = await claimVisitor();
  expect(
    await report(second, { ok: false, retryable: false, error: "550 5.1.1 mailbox unavailable" }),
  ).toEqual({ success: true, recorded: "dead" });
  expect(await row()).toMatchObject({
    status: "dead",
    attempts: 2,
    last_error: "550 5.1.1 mailbox unavailable",
  });

  expect(await (await backend.outbox({ action: "retry", leadId: lead.id })).json()).toEqual({
    success: true,
    requeued: 1,
  });
  const third = await claimVisitor();
  expect(await report(third, { ok: true })).toEqual({ success: true, recorded: "sent" });
  expect(await row()).toMatchObject({ status: "sent", attempts: 3, last_error: null });
});

test("a fourth confirmation to one address within 24 hours is kept as capped, not sent", async ({
  backend,
}) => {
  const email = `cap-${randomUUID()}@example.com`;
  for (let i = 0; i < 4; i++)
    await backend.createLead({ email: i === 3 ? email.toUpperCase() : email });
  const rows = await backend.cluster.rows(`
    select o.status, o.last_error from public.lead_outbox o join public.quote_requests q on q.id = o.lead_id
    where o.kind = 'visitor' and lower(q.email) = lower('${email}') order by o.id`);
  expect(rows.map((row) => row.status)).toEqual(["pending", "pending", "pending", "capped"]);
  expect(rows[3]?.last_error).toBe(
    "not sent: this address already had 3 confirmations in 24 hours",
  );
});

test("a change after the owner's e-mail went queues one Quote updated, which later changes join", async ({
  backend,
}) => {
  const lead = await backend.createLead({
    email: `update-${randomUUID()}@example.com`,
    ...finished,
  });
  // The owner's e-mail, sent once due (one settle period after steps 5-6).
  await expect
    .poll(
      async () => {
        const { mail } = (await (
          await backend.outbox({ action: "claim-mail", limit: 20 })
        ).json()) as {
          mail: MailJob[];
        };
        for (const job of mail) {
          await backend.outbox({
            action: "report-mail",
            id: job.id,
            leaseId: job.leaseId,
            version: job.lead.version,
            outcome: { ok: true },
          });
        }
        const [owner] = await backend.cluster.rows(
          `select status from public.lead_outbox where lead_id = '${lead.id}' and kind = 'owner'`,
        );
        return owner?.status;
      },
      { timeout: 15_000 },
    )
    .toBe("sent");
  await backend.updateLead(lead, { frequency: "monthly" });
  await backend.updateLead(lead, { frequency: "biannual" });
  const updates = await backend.cluster.rows(`
    select seq, status, due_at > now() as waits from public.lead_outbox
    where lead_id = '${lead.id}' and kind = 'owner_update'`);
  expect(updates).toEqual([{ seq: 1, status: "pending", waits: true }]);
});

test("two Node servers' senders deliver each e-mail exactly once to a real SMTP server", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  // Only this test's e-mails owed: what earlier specs left (the shared store's leads queue theirs
  // too) would let the sender that starts first send everything before the other is up.
  await backend.cluster.psql({
    sql: `update public.lead_outbox set status = 'dead', last_error = 'settled before this test'
      where channel = 'mail' and status = 'pending'`,
  });
  const smtp = await startSmtpSink();
  try {
    // Finished leads: the owner's e-mail falls due one settle period later.
    const emails = Array.from({ length: 5 }, () => `twice-${randomUUID()}@example.com`);
    const leads = [];
    for (const email of emails) leads.push(await backend.createLead({ email, ...finished }));
    const sender = () =>
      sendMailFor(backend.supabaseUrl, smtp.url, MAIL_TIMING.windowMs + 1_000, 60_000);
    const [a, b] = await Promise.all([sender(), sender()]);
    // The last line is the count; the log's JSON lines come before it.
    const handled = [a, b].map(
      (done) =>
        (JSON.parse(done.stdout.trim().split("\n").at(-1) ?? "") as { handled: number }).handled,
    );
    // Between them, each e-mail handled once. Which sender takes how many is the machine's timing
    // (one started seconds later under load found none left); claims that overlap are the test
    // above's.
    const total = handled.reduce((sum, count) => sum + count, 0);
    expect(total, `handled by each sender: ${handled}`).toBe(2 * leads.length);
    for (const lead of leads) {
      const ids = smtp.received
        .filter((each) => each.raw.includes(lead.id))
        .map((each) => each.mail.messageId);
      // One confirmation, one owner's e-mail: each Message-ID once.
      expect(ids.sort()).toEqual(
        [
          `<${lead.id}.owner@suncoastshine.example>`,
          `<${lead.id}.visitor@suncoastshine.example>`,
        ].sort(),
      );
    }
    const visitorMail = smtp.received.find((each) => each.to.includes(emails[0] ?? ""));
    expect(visitorMail?.mail.subject).toBeTruthy();
  } finally {
    await smtp.down().catch(() => undefined);
  }
});

test("the SMTP server down for a while, then back: the sender retries with backoff and each e-mail arrives once", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  const smtp = await startSmtpSink();
  try {
    await smtp.down();
    const lead = await backend.createLead({
      email: `down-${randomUUID()}@example.com`,
      ...finished,
    });
    // Never idle long enough to give up during the backoff's waits: stopped once both are sent.
    const stop = new AbortController();
    const sending = sendMailFor(backend.supabaseUrl, smtp.url, 60_000, 80_000, stop.signal);
    const attempts = async () =>
      (
        await backend.cluster.rows(
          `select min(attempts)::int as n from public.lead_outbox where channel = 'mail' and lead_id = '${lead.id}'`,
        )
      )[0]?.n;
    // Both e-mails refused by a closed port, and kept to be tried again.
    await expect.poll(attempts, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const [kept] = await backend.cluster.rows(
      `select status, last_error from public.lead_outbox where lead_id = '${lead.id}' and kind = 'visitor'`,
    );
    expect(kept).toMatchObject({
      status: "pending",
      last_error: expect.stringMatching(/^SMTP connection failed/),
    });
    await smtp.up();
    const statuses = () =>
      backend.cluster.rows(
        `select status from public.lead_outbox where channel = 'mail' and lead_id = '${lead.id}'`,
      );
    await expect
      .poll(statuses, { timeout: 60_000 })
      .toEqual([{ status: "sent" }, { status: "sent" }]);
    stop.abort();
    // Stopped by the test, not ended by a failure of its own.
    await sending.catch((error: Error) => {
      if (error.name !== "AbortError") throw error;
    });
    const ids = smtp.received
      .filter((each) => each.raw.includes(lead.id))
      .map((each) => each.mail.messageId)
      .sort();
    expect(ids).toEqual(
      [
        `<${lead.id}.owner@suncoastshine.example>`,
        `<${lead.id}.visitor@suncoastshine.example>`,
      ].sort(),
    );
  } finally {
    await smtp.down().catch(() => undefined);
  }
});
