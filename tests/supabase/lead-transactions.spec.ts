import { randomUUID } from "node:crypto";
import { uniqueName } from "../e2e/quote-flow";
import { validQuote } from "../support/quote";
import { DEADLINE_HEADER } from "@shared/leads/store-contract";
import {
  type Backend,
  createRequest,
  expect,
  resultOf,
  sqlText,
  test,
  updateRequest,
} from "./fixtures";
import { holdTransaction } from "./held-transaction";
import { claimMail } from "./mail-claim";
import { type Answer, api, created, newClient } from "./site-api";
import { missingTools } from "./tools";

/**
 * The function's transactions (#43, defects 2, 3 and 6): one lock order for every transaction that
 * touches a lead and its outbox (the lead's row first); an outbox outcome recorded in one
 * transaction with what it changes on the lead; and a deadline, shorter than the site's wait, by
 * which each of the site's operations commits or is rolled back. Concurrency is arranged, not timed: a transaction
 * held open from the test (held-transaction.ts) stops each request at a known lock, and the test
 * waits until PostgreSQL shows it waiting there.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);
test.describe.configure({ mode: "serial" });

test("the owner's e-mail reported sent while the visitor switches plans: no deadlock, the switch is kept, and the owner is told of it", async ({
  backend,
}) => {
  // Steps 5-6 answered: the owner's e-mail falls due one settle period after the lead.
  const lead = await backend.createLead({
    name: `Lock order ${randomUUID()}`,
    email: `lock-order-${randomUUID()}@example.com`,
    isPostConstruction: "no",
    stories: "2",
    frequency: "quarterly",
  });
  const { id } = lead;
  // The create's CRM post, out of the way: its outcome takes the lead's row too.
  await expect
    .poll(async () => (await backend.leads(`id = '${id}'`))[0]?.webhook_status)
    .toBe("delivered");
  const job = await claimMail(backend, id, "owner");
  expect(job.lead.version).toBe(1);

  // The lead's row held: the plan switch waits for it, then the sender's report arrives.
  const held = await holdTransaction(
    backend.cluster.url,
    `select 1 from public.quote_requests where id = '${id}' for update`,
  );
  let switching: Promise<{ status: number; body: Record<string, unknown> }> | undefined;
  let reporting: Promise<{ status: number; body: unknown }> | undefined;
  try {
    switching = backend
      .quotes("update", updateRequest(lead, { frequency: "monthly" }))
      .then(async (response) => ({ status: response.status, body: await response.json() }));
    await expect.poll(() => backend.cluster.waitingForLocks()).toBe(1);
    reporting = backend
      .outbox({
        action: "report-mail",
        id: job.id,
        leaseId: job.leaseId,
        version: job.lead.version,
        outcome: { ok: true },
      })
      .then(async (response) => ({ status: response.status, body: await response.json() }));
    // The report waits too: for the lead's row (before it the report took the e-mail's row and
    // the switch, once it has the lead's, would wait for the e-mail's: a deadlock).
    await expect.poll(() => backend.cluster.waitingForLocks()).toBe(2);
  } finally {
    await held.commit();
  }
  expect(await switching).toMatchObject({
    status: 200,
    body: { result: { status: "updated", lead: { frequency: "monthly" } } },
  });
  expect(await reporting).toEqual({ status: 200, body: { success: true, recorded: "sent" } });
  expect(backend.functionLog()).not.toContain("deadlock");
  expect((await backend.leads(`id = '${id}'`))[0]).toMatchObject({
    frequency: "monthly",
    version: 2,
  });
  // The owner's e-mail carried the quarterly plan: a "Quote updated" is owed for the switch.
  const mail = await backend.cluster.rows(
    `select kind, status, version from public.lead_outbox
     where lead_id = '${id}' and kind in ('owner', 'owner_update') order by id`,
  );
  expect(mail).toEqual([
    { kind: "owner", status: "sent", version: 1 },
    { kind: "owner_update", status: "pending", version: 2 },
  ]);
});

test("a failure between the CRM post's outcome and the lead's status records neither; the next attempt records both", async ({
  backend,
}) => {
  // Its status cannot be written: what a crash between the two writes leaves.
  const email = `status-fails-${randomUUID()}@example.com`;
  await backend.cluster.psql({
    sql: `
      create function public.e2e_status_fails() returns trigger language plpgsql as $$
      begin raise exception 'injected: the lead''s status write failed'; end $$;
      create trigger e2e_status_fails before update of webhook_status on public.quote_requests
        for each row when (new.email = '${email}') execute function public.e2e_status_fails();`,
  });
  const state = async () =>
    (
      await backend.cluster.rows(`
        select q.webhook_status as lead, o.status as outbox from public.quote_requests q
        join public.lead_outbox o on o.lead_id = q.id and o.channel = 'crm'
        where q.email = '${email}'`)
    )[0];
  let id = "";
  try {
    ({ id } = await backend.createLead({ email }));
    // Posted after the answer: the CRM has it, and the outcome's transaction failed.
    await expect.poll(() => backend.functionLog()).toContain("injected: the lead's status");
    expect(JSON.stringify(backend.webhook.accepted)).toContain(id);
    expect(await state()).toEqual({ lead: "pending", outbox: "pending" });
  } finally {
    await backend.cluster.psql({
      sql: `drop trigger e2e_status_fails on public.quote_requests;
            drop function public.e2e_status_fails();`,
    });
  }
  // Its lease runs out (60 s, shortened here) and the next drain posts it again: both recorded.
  await backend.cluster.psql({
    sql: `update public.lead_outbox set leased_until = now() where lead_id = '${id}'`,
  });
  expect(await (await backend.outbox({ action: "drain" })).json()).toMatchObject({
    success: true,
  });
  expect(await state()).toEqual({ lead: "delivered", outbox: "sent" });
});

test.describe("a create slower than the site's wait", () => {
  // Every new lead waits: its insert into quote_requests needs a lock the test holds.
  const HOLD_INSERTS = "lock table public.quote_requests in share mode";

  /** Whether a transaction waits for the lock the test holds (the function's insert). */
  const waitingForLock = (backend: Backend) => async () =>
    (
      await backend.cluster.rows(
        `select exists (select 1 from pg_stat_activity where wait_event_type = 'Lock') as waiting`,
      )
    )[0]?.waiting;

  /** Until no transaction is running any more: whatever the function was still doing has ended. */
  const settled = (backend: Backend) => async () =>
    (
      await backend.cluster.rows(
        `select count(*)::int as n from pg_stat_activity
         where backend_type = 'client backend' and pid <> pg_backend_pid()
           and (state = 'active' or state like 'idle in transaction%')`,
      )
    )[0]?.n;

  test("held past the site's wait: refused and not stored, never refused but stored; Try again makes one lead", async ({
    backend,
    sharedSites: { a },
  }) => {
    test.setTimeout(90_000);
    const quote = validQuote({ name: uniqueName("slow store", "held") });
    const key = randomUUID();
    const client = newClient();
    const held = await holdTransaction(backend.cluster.url, HOLD_INSERTS);
    let answer: Answer;
    try {
      answer = await api(a, client).create(quote, key);
    } finally {
      await held.commit();
    }
    await expect.poll(settled(backend), { timeout: 30_000 }).toBe(0);
    const stored = await backend.leads(`name = ${sqlText(quote.name)}`);
    if (answer.status === 201) expect(stored.map((row) => row.id)).toEqual([answer.body.id]);
    else {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(stored, "refused, yet stored").toEqual([]);
    }
    // The visitor's Try again (the same key) is one lead, whatever the first answer was.
    const again = created(await api(a, client).create(quote, key));
    expect((await backend.leads(`name = ${sqlText(quote.name)}`)).map((row) => row.id)).toEqual([
      again.id,
    ]);
  });

  test("the site's deadline travels with the request: one that arrives after it, or is held past it, stores nothing", async ({
    backend,
  }) => {
    test.setTimeout(60_000);
    const stored = (name: string) => backend.leads(`name = ${sqlText(name)}`);
    const request = (label: string) => createRequest({ name: uniqueName("late", label) });
    const by = (deadline: number) => ({ headers: { [DEADLINE_HEADER]: String(deadline) } });

    // Held on its way (a cold start, a queue) until the site had stopped waiting: refused at once.
    const late = request("arrived");
    const arrived = await backend.quotes("create", late, by(Date.now() - 1));
    expect(arrived.status).toBe(504);
    expect(await arrived.json()).toEqual({
      success: false,
      error: "The site's deadline for this request has passed; nothing was stored",
    });
    expect(await stored(late.quote.name)).toEqual([]);

    // Arrived in time, then held at a lock past the site's deadline (yet within the function's own
    // 5 s): rolled back, never committed once the site has given up.
    const slow = request("held");
    const held = await holdTransaction(backend.cluster.url, HOLD_INSERTS);
    let answering: Promise<Response> | undefined;
    try {
      const deadline = Date.now() + 2_000;
      answering = backend.quotes("create", slow, by(deadline));
      let answered = false;
      void answering.then(() => (answered = true));
      // At the lock (or, on a slow machine, already refused), then past the site's deadline.
      const waiting = waitingForLock(backend);
      await expect.poll(async () => answered || (await waiting()), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => Date.now() > deadline).toBe(true);
    } finally {
      await held.commit();
    }
    // 500: cancelled at the lock (504 only where it reached the function after the deadline).
    expect([500, 504]).toContain((await answering)?.status);
    await expect.poll(settled(backend), { timeout: 30_000 }).toBe(0);
    expect(await stored(slow.quote.name)).toEqual([]);

    // A deadline not yet passed is kept: stored as ever.
    const inTime = request("in time");
    await resultOf(await backend.quotes("create", inTime, by(Date.now() + 5_000)));
    expect(await stored(inTime.quote.name)).toHaveLength(1);
  });

  test("held past the function's deadline only: the site's retry with the same key stores it, and the visitor is told so", async ({
    backend,
    sharedSites: { a },
  }) => {
    test.setTimeout(90_000);
    const quote = validQuote({ name: uniqueName("slow store", "retried") });
    const logged = () => (backend.functionLog().match(/quote\.create_failed/g) ?? []).length;
    const before = logged();
    const held = await holdTransaction(backend.cluster.url, HOLD_INSERTS);
    let answering: Promise<Answer> | undefined;
    try {
      answering = api(a, newClient()).create(quote, randomUUID());
      // The function gave up on the first attempt (its deadline), and rolled it back.
      await expect.poll(logged, { timeout: 30_000 }).toBeGreaterThan(before);
    } finally {
      await held.commit();
    }
    const answer = await answering;
    const { id } = created(answer);
    expect((await backend.leads(`name = ${sqlText(quote.name)}`)).map((row) => row.id)).toEqual([
      id,
    ]);
  });
});
