import { createHash, randomUUID } from "node:crypto";
import { ADD_ONS, PRICE_TABLE } from "@shared/content/pricing";
import { businessToday, formatCalendarDate } from "@/lib/quote/visit-window";
import { REPLAY_WINDOW_MS } from "@shared/leads/store-contract";
import { validUntil } from "@/lib/quote/price-lock";
import { acceptedVisitDates } from "@/lib/quote/closed-days";
import { HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { addOnsPrice, heldPrices } from "@shared/quote/pricing";
import type { QuoteRequestInput } from "@shared/quote/schema";
import {
  DELIVERY_TIMEOUT_MS,
  STORAGE_RETRY_AFTER_SECONDS,
  STORAGE_UNAVAILABLE,
} from "@/lib/leads/storage-answer";
import { uniqueName } from "../e2e/quote-flow";
import { validQuote } from "../support/quote";
import { expect, SECRET_KEY, sheetCheaperBy, sqlText, test, type SharedSite } from "./fixtures";
import {
  SHARED_CREATE_LIMIT,
  SHARED_UPDATE_LIMIT,
  startEmbeddedSite,
  startSharedSite,
} from "./site";
import { holdTransaction } from "./held-transaction";
import { type Answer, api, created, newClient } from "./site-api";
import { missingTools } from "./tools";

const lastLines = (log: string) => log.trimEnd().split("\n").slice(-20).join("\n");

/** Failed connections enough for postgres.js's own backoff to wait its longest, 10-20 s. */
const OUTAGE_RETRIES = 8;

/**
 * LEADS_STORE=supabase (#33): two `next start` servers on their own ports share one PostgreSQL
 * through the lead function, and any request may land on either. Each test is its own client
 * (X-Forwarded-For; the servers trust one proxy), so that one test's rate limit is not another's.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);

/** docs/leads.md, "Error texts" (lib/leads/quote-api.ts is server-only). */
const quoteExpiredMessage = (lastDay: string) =>
  `This quote expired after ${formatCalendarDate(lastDay)}: please ask for a new one`;

const quoteNamed = (label: string, overrides: Partial<QuoteRequestInput> = {}) =>
  validQuote({ name: uniqueName(label, "shared"), ...overrides });

/** One visitor of a test: their own client (rate limits), a quote named for the test, a fresh key. */
const newVisitor = (label: string, overrides: Partial<QuoteRequestInput> = {}) => ({
  client: newClient(),
  quote: quoteNamed(label, overrides),
  key: randomUUID(),
});

/**
 * The same requests, in the same order, as one client would send them, each to `next()`'s server:
 * every answer's status, body and telling headers, with the lead's id and token named, not shown.
 */
async function conversation(next: () => { url: string }) {
  const client = newClient();
  const say = () => api(next(), client);
  const quote = validQuote({ name: "Jane Shared" });
  const key = randomUUID();
  const answers: Answer[] = [];
  const first = await say().create(quote, key);
  answers.push(first);
  const { id, token } = created(first);
  const forged = `${token.slice(0, -2)}xx`;
  const [earliestDate = ""] = acceptedVisitDates(new Date());
  answers.push(
    await say().create(quote, key),
    await say().create({ ...quote, name: "Someone Else" }, key),
    await say().view(id, token),
    await say().update(id, token, { isPostConstruction: "no", stories: "2" }),
    await say().update(id, token, {
      frequency: "monthly",
      addOns: { interior: false, screens: true, tracks: false },
    }),
    await say().update(id, token, { visitWindow: { earliestDate, partOfDay: "morning" } }),
    await say().view(id, token),
    await say().update(id, forged, { frequency: "biannual" }),
    await say().view(id, forged),
    await say().view(id, ""),
    await say().view("not-a-lead-id", token),
    await say().view(randomUUID(), token),
    await say().update(randomUUID(), token, { frequency: "biannual" }),
    await say().update(id, token, {}),
    await say().update(id, token, {
      visitWindow: { earliestDate: "2020-01-01", partOfDay: "any" },
    }),
    await say().create({ ...quote, paneCount: "500+" }),
    // Made on the first version: the plan changed since (412); the message, untouched since, merges.
    await say().update(id, token, { frequency: "biannual" }, '"1"'),
    await say().update(id, token, { message: "The gate code is 1234" }, '"1"'),
  );
  // The one figure that differs by nature: when each lead was made.
  const named = (text: string) =>
    text
      .replaceAll(id, "{id}")
      .replaceAll(token, "{token}")
      .replace(/"requestedAt":"[^"]+"/g, '"requestedAt":"{time}"');
  return answers.map((answer) => ({
    status: answer.status,
    body: JSON.parse(named(JSON.stringify(answer.body))) as unknown,
    headers: ["idempotent-replayed", "cache-control", "retry-after", "etag"].map((name) => [
      name,
      answer.headers.get(name),
    ]),
  }));
}

test("Supabase answers exactly as the embedded store does, whichever server each request lands on", async ({
  sharedSites: { a, b },
}) => {
  test.setTimeout(90_000);
  const embedded = await startEmbeddedSite();
  try {
    let turn = 0;
    const alternating = await conversation(() => (turn++ % 2 === 0 ? a : b));
    const oneServer = await conversation(() => embedded);
    expect(alternating).toEqual(oneServer);
    // What the two agree on is what docs/leads.md promises, not two alike mistakes.
    expect(alternating.map((answer) => answer.status)).toEqual([
      201, 201, 200, 200, 200, 200, 200, 200, 403, 404, 401, 404, 404, 404, 400, 400, 400, 412, 200,
    ]);
    expect(alternating[1]?.headers).toContainEqual(["idempotent-replayed", "true"]);
  } finally {
    await embedded.stop();
    await embedded.remove();
  }
});

test("create on A, view on B, plan switch on B, visit window on A: B shows both, and PostgreSQL keeps only the token's hash", async ({
  backend,
  sharedSites: { a, b },
}) => {
  const { client, quote } = newVisitor("alternating");
  const { id, token } = created(await api(a, client).create(quote));

  const seen = await api(b, client).view(id, token);
  expect(seen.status).toBe(200);
  expect(seen.body.quote).toMatchObject({ paneCount: "26-40", frequency: "quarterly" });

  const addOns = { interior: false, screens: true, tracks: false };
  const total = PRICE_TABLE["26-40"].monthly + addOnsPrice(addOns);
  // With the total the browser showed for it: kept beside the server's (docs/leads.md).
  const planSwitch = { frequency: "monthly", addOns, totalPrice: total };
  const switched = await api(b, client).update(id, token, planSwitch);
  expect(switched.status).toBe(200);
  expect(switched.body.quote).toMatchObject({ frequency: "monthly", totalPrice: total });

  const requestedAt = String((seen.body.quote as { requestedAt: string }).requestedAt);
  const [earliestDate] = acceptedVisitDates(new Date(), requestedAt);
  const visitWindow = { earliestDate, partOfDay: "afternoon" };
  expect((await api(a, client).update(id, token, { visitWindow })).status).toBe(200);

  const both = await api(b, client).view(id, token);
  expect(both.body.quote).toMatchObject({ frequency: "monthly", totalPrice: total, visitWindow });
  // A forged token changes nothing, on either server.
  const forged = `${token.slice(0, -4)}AAAA`;
  expect((await api(a, client).update(id, forged, { frequency: "biannual" })).status).toBe(403);
  expect((await api(b, client).view(id, forged)).status).toBe(404);
  expect((await api(a, client).view(id, token)).body).toEqual(both.body);

  const rows = await backend.leads(`name = ${sqlText(quote.name)}`);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    id,
    frequency: "monthly",
    total_price: total,
    visit_earliest_date: earliestDate,
    visit_part_of_day: "afternoon",
    token_hash: createHash("sha256").update(token).digest("hex"),
    client_total_price: total,
    spam_reason: null,
  });
  // The token itself is nowhere in the database once replays are over; within the window only the
  // Idempotency-Key's first answer may hold it, and this create sent no key.
  const dump = await backend.cluster.rows(
    "select (select json_agg(q) from public.quote_requests q) as leads, (select json_agg(k) from public.lead_idempotency_keys k) as keys",
  );
  expect(JSON.stringify(dump)).not.toContain(token);
});

test("a plan switch within the price lock is priced from the quote day's table; after it, 410 and nothing changes", async ({
  backend,
  sharedSites: { a, b },
}) => {
  const { client, quote } = newVisitor("price lock", { paneCount: "41-60", frequency: "initial" });
  const { id, token } = created(await api(a, client).create(quote));
  // The quote was made when every price was $7 lower than today's table.
  const before = (usd: number) => usd - 7;
  const dayOfQuote = sheetCheaperBy(7);
  await backend.cluster.psql({
    sql: `update public.quote_requests set price_sheet = ${sqlText(JSON.stringify(dayOfQuote))}
          where id = ${sqlText(id)}`,
  });
  const addOns = { interior: true, screens: true, tracks: true };
  const switched = await api(b, client).update(id, token, { frequency: "monthly", addOns });
  const locked =
    before(PRICE_TABLE["41-60"].monthly) +
    ADD_ONS.reduce((sum, addOn) => sum + before(addOn.price), 0);
  // Every price the page shows comes with it, the quote day's, through the function as well.
  expect(switched.body.quote).toMatchObject({
    frequency: "monthly",
    totalPrice: locked,
    priceSheet: heldPrices("41-60", dayOfQuote),
  });
  expect((await api(a, client).view(id, token)).body.quote).toMatchObject({ totalPrice: locked });

  // Made 45 days ago: the lock ran out; the answer names its last day, and nothing changes.
  const madeAt = new Date(Date.now() - 45 * 86_400_000).toISOString();
  await backend.cluster.psql({
    sql: `update public.quote_requests set created_at = ${sqlText(madeAt)} where id = ${sqlText(id)}`,
  });
  const late = await api(a, client).update(id, token, { frequency: "biannual" });
  expect(late.status).toBe(410);
  expect(late.body).toEqual({ success: false, error: quoteExpiredMessage(validUntil(madeAt)) });
  const shown = await api(b, client).view(id, token);
  expect(shown.body.quote).toMatchObject({
    frequency: "monthly",
    totalPrice: locked,
    expired: true,
  });
});

test("the same Idempotency-Key sent to A and B at once makes one lead, and both answer it", async ({
  backend,
  sharedSites: { a, b },
}) => {
  const { client, quote, key } = newVisitor("same key");
  const answers = await Promise.all(
    [a, b, a, b, a, b].map((site) => api(site, client).create(quote, key)),
  );
  const leads = answers.map(created);
  expect(new Set(leads.map((lead) => `${lead.id}.${lead.token}`)).size).toBe(1);
  expect(
    answers.filter((answer) => answer.headers.get("idempotent-replayed") === null),
  ).toHaveLength(1);
  expect(await backend.leads(`name = ${sqlText(quote.name)}`)).toHaveLength(1);
});

test("after 24 hours a key is no longer replayed: 409 names the day, and its raw token is erased", async ({
  backend,
  sharedSites: { a, b },
}) => {
  const { client, quote, key } = newVisitor("replay window");
  const { token } = created(await api(a, client).create(quote, key));
  const receivedAt = new Date(Date.now() - REPLAY_WINDOW_MS - 60_000).toISOString();
  await backend.cluster.psql({
    sql: `update public.lead_idempotency_keys set created_at = ${sqlText(receivedAt)}
          where key = ${sqlText(key)}`,
  });
  const late = await api(b, client).create(quote, key);
  expect(late.status).toBe(409);
  expect(late.body).toEqual({
    success: false,
    error: `This quote request was already received on ${formatCalendarDate(businessToday(new Date(receivedAt)))}. Start a new quote to change it.`,
  });
  // The next new lead, on either server, erases the token from the key's record.
  created(await api(a, newClient()).create(quoteNamed("replay window, next")));
  const [record] = await backend.cluster.rows(
    `select answer from public.lead_idempotency_keys where key = ${sqlText(key)}`,
  );
  expect(JSON.stringify(record)).not.toContain(token);
  expect(await backend.leads(`name = ${sqlText(quote.name)}`)).toHaveLength(1);
});

test("the rate limit holds across servers: requests alternating between A and B reach it together", async ({
  sharedSites: { a, b },
}) => {
  const { client, quote, key } = newVisitor("limit");
  const servers = [a, b];
  for (let n = 0; n < SHARED_CREATE_LIMIT; n++) {
    const site = servers[n % 2] ?? a;
    created(
      await api(site, client).create(
        n === 0 ? quote : quoteNamed("limit"),
        n === 0 ? key : undefined,
      ),
    );
  }
  for (const site of servers) {
    const refused = await api(site, client).create(quoteNamed("limit"));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      error: "Too many requests: please wait a few minutes",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  // A retry of a request already answered costs nothing, on either server; another client is not limited.
  expect((await api(b, client).create(quote, key)).headers.get("idempotent-replayed")).toBe("true");
  created(await api(b, newClient()).create(quoteNamed("limit")));
});

test("reads and updates of a saved quote share one limit across servers too", async ({
  sharedSites: { a, b },
}) => {
  const client = newClient();
  const { id, token } = created(await api(a, client).create(quoteNamed("update limit")));
  for (let n = 0; n < SHARED_UPDATE_LIMIT; n++) {
    const site = n % 2 === 0 ? a : b;
    const answer =
      n % 4 < 2
        ? await api(site, client).view(id, token)
        : await api(site, client).update(id, token, {
            frequency: n % 8 < 4 ? "monthly" : "quarterly",
          });
    expect(answer.status, `request ${n + 1}`).toBe(200);
  }
  for (const site of [a, b]) {
    const refused = await api(site, client).view(id, token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  expect((await api(a, newClient()).view(id, token)).status).toBe(200);
});

test("a lead the bot traps flag is answered as any, stored flagged, and never posted to the CRM", async ({
  backend,
  sharedSites: { a, b },
}) => {
  const { client, quote: spam } = newVisitor("bot");
  const real = quoteNamed("person");
  const flagged = await api(a, client).create({ ...spam, [HONEYPOT_KEY]: "http://spam.example" });
  const person = await api(b, client).create(real);
  expect(Object.keys(flagged.body).sort()).toEqual(Object.keys(person.body).sort());
  const bot = created(flagged);
  expect((await api(b, client).update(bot.id, bot.token, { frequency: "monthly" })).status).toBe(
    200,
  );

  const { id } = created(person);
  await expect
    .poll(() => backend.webhook.received.some((call) => JSON.stringify(call).includes(id)))
    .toBe(true);
  expect(await backend.leads(`name = ${sqlText(spam.name)}`)).toEqual([
    expect.objectContaining({
      spam_reason: expect.stringContaining("honeypot"),
      webhook_status: "held",
      frequency: "monthly",
    }),
  ]);
  expect(JSON.stringify(backend.webhook.received)).not.toContain(bot.id);
  expect(await backend.leads(`name = ${sqlText(real.name)}`)).toEqual([
    expect.objectContaining({ spam_reason: null, webhook_status: "delivered" }),
  ]);
});

test("with PostgreSQL down the visitor is told plainly, nothing is acknowledged, and the site stays up", async ({
  backend,
  sharedSites: { a, b },
}) => {
  test.setTimeout(90_000);
  const client = newClient();
  const before = created(await api(a, client).create(quoteNamed("before outage")));
  const quote = quoteNamed("outage");
  // A change in flight as PostgreSQL stops, waiting for the lead's row: postgres.js wrote its
  // rollback to the closed connection, and the function died (pool.ts, connectPool).
  const held = await holdTransaction(
    backend.cluster.url,
    `select 1 from public.quote_requests where id = '${before.id}' for update`,
  );
  const inFlight = api(b, client).update(before.id, before.token, { frequency: "monthly" });
  await expect.poll(() => backend.cluster.waitingForLocks(), { timeout: 20_000 }).toBe(1);
  await backend.cluster.stop();
  try {
    expect((await inFlight).status).toBe(503);
    const refused = await api(a, client).create(quote);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, error: STORAGE_UNAVAILABLE.write });
    expect(refused.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
    const unread = await api(b, client).view(before.id, before.token);
    expect(unread.status).toBe(503);
    expect(unread.body).toEqual({ success: false, error: STORAGE_UNAVAILABLE.read });
    const unchanged = await api(b, client).update(before.id, before.token, {
      frequency: "monthly",
    });
    expect(unchanged.status).toBe(503);
    expect((await fetch(`${b.url}/`)).status).toBe(200);
    // Visitors keep trying through the outage, several at once: each attempt is one more failed
    // connection for the function's pool, which waits longer before each next one.
    const attempts = await Promise.all(
      Array.from({ length: OUTAGE_RETRIES }, () => api(a, newClient()).create(quote)),
    );
    expect(attempts.map((attempt) => attempt.status)).toEqual(attempts.map(() => 503));
  } finally {
    await held.abandon();
    await backend.cluster.start();
  }
  expect(await backend.leads(`name = ${sqlText(quote.name)}`)).toEqual([]);
  // Back up: the same servers store and show leads again, without a restart, at once: however
  // many attempts failed, the pool waits at most a second before it connects again
  // (supabase/functions/_shared/leads/pool.ts). With postgres.js's own backoff the visitor's try waited
  // out the site's DELIVERY_TIMEOUT_MS (10-20 s) and was refused. The visitor's Try again (the
  // same key) is allowed once: a CI run saw the first try refused at once, cause not yet known,
  // and the logs below are there to find it.
  const key = randomUUID();
  const tries: Array<{ status: number; ms: number }> = [];
  while (tries.length < 2 && tries.at(-1)?.status !== 201) {
    const started = performance.now();
    const { status } = await api(b, client).create(quote, key);
    tries.push({ status, ms: Math.round(performance.now() - started) });
  }
  const logs = `tries: ${JSON.stringify(tries)}\nthe function's log:\n${lastLines(backend.functionLog())}\nserver B's log:\n${lastLines(b.output())}`;
  expect(tries.at(-1)?.status, logs).toBe(201);
  expect(Math.max(...tries.map((attempt) => attempt.ms)), logs).toBeLessThan(DELIVERY_TIMEOUT_MS);
  expect(await backend.leads(`name = ${sqlText(quote.name)}`)).toHaveLength(1);
  expect((await api(a, client).view(before.id, before.token)).body.quote).toMatchObject({
    frequency: "quarterly",
  });
});

test("kill -9 of one server amid a burst: every acknowledged lead is stored once, and a retry on the other makes no second", async ({
  backend,
  sharedSites: { b },
}) => {
  test.setTimeout(120_000);
  const doomed: SharedSite = await startSharedSite(backend.supabaseUrl, SECRET_KEY);
  // Each its own visitor (client), so the burst is not cut short by the rate limit.
  const requests = Array.from({ length: 24 }, (_, n) => ({
    ...newVisitor(`burst ${n}`),
    site: n % 2 === 0 ? doomed : b,
  }));
  type Outcome = { request: (typeof requests)[number]; answer: Answer | null };
  const outcomes: Outcome[] = [];
  let acknowledgedByDoomed = 0;
  let killed: Promise<void> | undefined;
  const send = async (request: (typeof requests)[number]): Promise<Outcome> => {
    try {
      const answer = await api(request.site, request.client).create(request.quote, request.key);
      // The third lead it acknowledged: kill -9, with other requests to it still on their way.
      if (request.site === doomed && answer.status === 201 && ++acknowledgedByDoomed === 3) {
        killed = doomed.kill();
      }
      return { request, answer };
    } catch {
      return { request, answer: null };
    }
  };
  // Four visitors at a time, until all have sent: the burst goes on through the kill.
  let next = 0;
  const visitor = async () => {
    for (let request = requests[next++]; request; request = requests[next++]) {
      outcomes.push(await send(request));
    }
  };
  try {
    await Promise.all([visitor(), visitor(), visitor(), visitor()]);
  } finally {
    await doomed.kill();
  }
  expect(killed, "the server was killed amid the burst").toBeDefined();
  await killed;
  const acknowledged = outcomes.filter((outcome) => outcome.answer?.status === 201);
  const lost = outcomes.filter((outcome) => outcome.answer === null);
  expect(lost.length, "the kill cut some requests off").toBeGreaterThan(0);
  for (const { request, answer } of acknowledged) {
    const rows = await backend.leads(`name = ${sqlText(request.quote.name)}`);
    expect(rows.map((row) => row.id)).toEqual([answer?.body.id]);
  }
  // The visitor's retry, with the same key, lands on the server still up: one lead each.
  for (const { request } of lost) {
    created(await api(b, request.client).create(request.quote, request.key));
    expect(await backend.leads(`name = ${sqlText(request.quote.name)}`)).toHaveLength(1);
  }
});
