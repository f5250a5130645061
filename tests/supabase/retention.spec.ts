import { randomUUID } from "node:crypto";
import { RETENTION } from "@shared/leads/retention";
import { SITE } from "@/content/site";
import { validQuote } from "../support/quote";
import { type Backend, expect, sqlText, test } from "./fixtures";
import { callFunction, roomyLimit } from "./function-call";
import { claimMail, reportMail } from "./mail-claim";
import { missingTools } from "./tools";

/**
 * Retention (#45 item 7; docs/leads.md, "Retention"): what the store keeps besides the leads is
 * purged on the drains' schedule (the function's `drain` command) once past its period
 * (supabase/functions/_shared/leads/retention.ts), and nothing of a purged record remains; what is
 * within its period stays, and the leads themselves are kept. The clock is moved by setting the
 * records' timestamps back.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);
test.describe.configure({ mode: "serial" });

type Made = { id: string; token: string; key: string; client: string };

/** A lead made through the shared store's create, then changed once, with its CRM posts sent. */
async function madeLead(backend: Backend, label: string): Promise<Made> {
  const limit = roomyLimit();
  const key = randomUUID();
  const quote = validQuote({
    name: `Retention ${label} ${randomUUID()}`,
    email: `retention-${randomUUID()}@example.com`,
  });
  const create = {
    quote,
    idempotency: { key, requestHash: `hash-${key}` },
    sourcePage: "/",
    spamReason: null,
    linkEmailed: true,
    limit,
  };
  const made = await callFunction(backend, "quotes/create", create);
  const result = made.body.result as { status: string; lead: { id: string }; token: string };
  expect(result.status).toBe("created");
  const { id } = result.lead;
  const changed = await callFunction(backend, "quotes/update", {
    id,
    token: result.token,
    update: { isPostConstruction: "no", stories: "2" },
    timeZone: SITE.timeZone,
    limit,
  });
  expect(changed.status).toBe(200);
  await expect.poll(() => crmStatuses(backend, id), { timeout: 15_000 }).toEqual(["sent", "sent"]);
  return { id, token: result.token, key, client: limit.client };
}

const crmStatuses = async (backend: Backend, id: string) =>
  (
    await backend.cluster.rows(
      `select status from public.lead_outbox where lead_id = '${id}' and channel = 'crm' order by id`,
    )
  ).map((row) => row.status);

const ago = (ms: number) => `now() - make_interval(secs => ${ms / 1000})`;

/** Sets the lead's records back: its key's by `keyMs`, its settled outbox rows' by `outboxMs`, its
 * confirmation's by `tokenMs`, its client's rate-limit bucket's by `bucketMs`. */
async function age(
  backend: Backend,
  lead: Made,
  by: { keyMs: number; outboxMs: number; tokenMs: number; bucketMs: number },
) {
  await backend.cluster.psql({
    sql: `
      update public.lead_idempotency_keys set created_at = ${ago(by.keyMs)}
        where key = ${sqlText(lead.key)};
      update public.lead_outbox set created_at = ${ago(by.outboxMs)}, sent_at = ${ago(by.outboxMs)}
        where lead_id = '${lead.id}' and status = 'sent';
      update public.lead_outbox set created_at = ${ago(by.tokenMs)}
        where lead_id = '${lead.id}' and kind = 'visitor';
      update public.rate_limit_buckets set refilled_at = ${ago(by.bucketMs)}
        where client = ${sqlText(lead.client)};`,
  });
}

/** Where lead `made`'s records are: its key's, its outbox rows, its bucket, and its raw token anywhere. */
async function traces(backend: Backend, made: Made) {
  const count = async (sql: string) => Number((await backend.cluster.rows(sql))[0]?.n);
  const token = sqlText(`%${made.token}%`);
  return {
    keyRecord: await count(
      `select count(*) as n from public.lead_idempotency_keys where key = ${sqlText(made.key)}`,
    ),
    crmRows: await count(
      `select count(*) as n from public.lead_outbox where lead_id = '${made.id}' and channel = 'crm'`,
    ),
    mailRows: await count(
      `select count(*) as n from public.lead_outbox where lead_id = '${made.id}' and channel = 'mail'`,
    ),
    bucket: await count(
      `select count(*) as n from public.rate_limit_buckets where client = ${sqlText(made.client)}`,
    ),
    // Every table that ever held the raw token, every column, as text.
    tokenCopies: await count(`
      select (select count(*) from public.lead_idempotency_keys k where k::text like ${token})
        + (select count(*) from public.lead_outbox o where o::text like ${token})
        + (select count(*) from public.quote_requests q where q::text like ${token}) as n`),
    lead: await count(`select count(*) as n from public.quote_requests where id = '${made.id}'`),
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

test("past its period nothing of a record remains; within it, it stays; the leads are kept", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  const [past, within, fresh] = [
    await madeLead(backend, "past"),
    await madeLead(backend, "within"),
    await madeLead(backend, "fresh"),
  ];
  // Each record just past its period, or an hour short of it.
  await age(backend, past, {
    keyMs: RETENTION.idempotencyMs + MINUTE,
    outboxMs: RETENTION.settledOutboxMs + MINUTE,
    tokenMs: RETENTION.rawTokenMs + MINUTE,
    bucketMs: RETENTION.rateLimitIdleMs + MINUTE,
  });
  await age(backend, within, {
    keyMs: RETENTION.idempotencyMs - HOUR,
    outboxMs: RETENTION.settledOutboxMs - HOUR,
    tokenMs: RETENTION.rawTokenMs - HOUR,
    bucketMs: RETENTION.rateLimitIdleMs - HOUR,
  });
  const before = { within: await traces(backend, within), fresh: await traces(backend, fresh) };
  expect(before.fresh).toEqual({
    keyRecord: 1,
    crmRows: 2,
    mailRows: 2,
    // Its client's create and update limits.
    bucket: 2,
    // In its key's first answer and on its confirmation, not sent yet.
    tokenCopies: 2,
    lead: 1,
  });

  // The drain the site's servers send each minute (and the serverless drain route) purges.
  expect(await (await backend.outbox({ action: "drain" })).json()).toMatchObject({
    success: true,
  });

  expect(await traces(backend, past)).toEqual({
    keyRecord: 0,
    crmRows: 0,
    // The owner's e-mail and the confirmation are not settled (no sender ran): kept, without the token.
    mailRows: 2,
    bucket: 0,
    tokenCopies: 0,
    lead: 1,
  });
  // Within their periods: all kept, but the key's answer is past the day a raw token lives (its
  // token erased) while the confirmation, queued 23 hours ago, keeps its own.
  expect(before.within.tokenCopies).toBe(2);
  expect(await traces(backend, within)).toEqual({ ...before.within, tokenCopies: 1 });
  expect(await traces(backend, fresh)).toEqual(before.fresh);
});

test("a key whose record was purged is still its lead's: a repeat is told it came too late", async ({
  backend,
}) => {
  const past = await madeLead(backend, "repeat");
  await age(backend, past, {
    keyMs: RETENTION.idempotencyMs + MINUTE,
    outboxMs: 0,
    tokenMs: 0,
    bucketMs: 0,
  });
  await backend.outbox({ action: "drain" });
  expect((await traces(backend, past)).keyRecord).toBe(0);
  const repeat = await callFunction(backend, "quotes/create", {
    quote: validQuote({ email: `retention-${randomUUID()}@example.com` }),
    idempotency: { key: past.key, requestHash: `hash-${past.key}` },
    sourcePage: "/",
    spamReason: null,
    linkEmailed: true,
    limit: roomyLimit(),
  });
  expect(repeat.body.result).toMatchObject({ status: "replay_expired", id: past.id });
  expect(
    await backend.leads(`idempotency_key = ${sqlText(past.key)} or id = '${past.id}'`),
  ).toHaveLength(1);
});

test("what the next e-mail reads is kept: the owner's e-mail's row and the newest Quote updated", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  const lead = await madeLead(backend, "numbering");
  const send = async (kind: string) => {
    const job = await claimMail(backend, lead.id, kind);
    expect(await reportMail(backend, job, { ok: true })).toEqual({
      success: true,
      recorded: "sent",
    });
  };
  const change = async (frequency: string) =>
    expect(
      (
        await callFunction(backend, "quotes/update", {
          id: lead.id,
          token: lead.token,
          update: { frequency },
          timeZone: SITE.timeZone,
          limit: null,
        })
      ).status,
    ).toBe(200);
  await send("visitor");
  await send("owner");
  await change("monthly");
  await send("owner_update");
  await change("biannual");
  await send("owner_update");
  const mail = () =>
    backend.cluster.rows(`
      select kind, seq, status from public.lead_outbox
      where lead_id = '${lead.id}' and channel = 'mail' order by kind, seq`);
  expect(await mail()).toEqual([
    { kind: "owner", seq: 0, status: "sent" },
    { kind: "owner_update", seq: 1, status: "sent" },
    { kind: "owner_update", seq: 2, status: "sent" },
    { kind: "visitor", seq: 0, status: "sent" },
  ]);
  await age(backend, lead, {
    keyMs: 0,
    outboxMs: RETENTION.settledOutboxMs + MINUTE,
    tokenMs: RETENTION.settledOutboxMs + MINUTE,
    bucketMs: 0,
  });
  await backend.outbox({ action: "drain" });
  expect(await mail()).toEqual([
    { kind: "owner", seq: 0, status: "sent" },
    { kind: "owner_update", seq: 2, status: "sent" },
  ]);
  // A change now still tells the owner, in a Quote updated of its own number (its own Message-ID).
  await change("monthly");
  expect((await mail()).at(-1)).toEqual({ kind: "owner_update", seq: 3, status: "pending" });
});
