import assert from "node:assert/strict";
import { createHandler } from "./handler.ts";
import { MAX_BODY_BYTES } from "./http.ts";
import {
  LeadConflictError,
  type LeadStore,
  type SaveOutcome,
  type StoredLead,
  type WebhookOutcome,
} from "./store.ts";
import { VALID } from "./test_fixtures.ts";

const STORED: StoredLead = {
  id: VALID.id,
  idempotencyKey: "key-1",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  name: VALID.name,
  email: VALID.email,
  phone: VALID.phone,
  address: VALID.address,
  message: VALID.message,
  paneCount: VALID.paneCount,
  frequency: VALID.frequency,
  addOns: VALID.addOns,
  isPostConstruction: null,
  stories: null,
  totalPrice: VALID.totalPrice,
  sourcePage: null,
  visitWindow: null,
  status: "new",
  webhookStatus: "pending",
};

/** Answers each save with the next outcome, and remembers every call. */
function fakeStore(outcomes: Array<SaveOutcome | Error>) {
  const saves: Array<{ key: string; event: string }> = [];
  const webhooks: WebhookOutcome[] = [];
  const store: LeadStore = {
    save(key, lead) {
      saves.push({ key, event: lead.event });
      const next = outcomes.shift() ?? new Error("no outcome queued");
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    recordWebhook(_id, outcome) {
      webhooks.push(outcome);
      return Promise.resolve();
    },
  };
  return { store, saves, webhooks };
}

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request("http://function.test/crm-lead", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const quiet = () => {};

Deno.test("OPTIONS answers the CORS preflight", async () => {
  const handle = createHandler({ store: fakeStore([]).store, log: quiet });
  const response = await handle(
    new Request("http://function.test/crm-lead", { method: "OPTIONS" }),
  );
  assert.equal(response.status, 204);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.match(response.headers.get("access-control-allow-headers") ?? "", /idempotency-key/);
  assert.match(response.headers.get("access-control-allow-headers") ?? "", /authorization/);
});

Deno.test("wrong method, type, size and JSON get 405, 415, 413 and 400", async () => {
  const { store, saves } = fakeStore([]);
  const handle = createHandler({ store, log: quiet });
  assert.equal((await handle(new Request("http://function.test/crm-lead"))).status, 405);
  assert.equal((await handle(post(VALID, { "Content-Type": "text/plain" }))).status, 415);
  assert.equal((await handle(post({ ...VALID, message: "m".repeat(MAX_BODY_BYTES) }))).status, 413);
  const bad = await handle(post("{not json"));
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { success: false, error: "The body must be valid JSON" });
  assert.equal(saves.length, 0);
});

Deno.test("invalid input is a 400 with the first message and stores nothing", async () => {
  const { store, saves } = fakeStore([]);
  const response = await createHandler({ store, log: quiet })(post({ ...VALID, name: "" }));
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), { success: false, error: "Name is required" });
  assert.equal(saves.length, 0);
});

Deno.test(
  "a new lead answers 201 with the row id; a duplicate answers 200 with the same id",
  async () => {
    const { store, saves } = fakeStore([
      { lead: STORED, changed: true },
      { lead: STORED, changed: false },
    ]);
    const handle = createHandler({ store, log: quiet });
    const first = await handle(post(VALID, { "Idempotency-Key": "key-1" }));
    assert.equal(first.status, 201);
    assert.deepEqual(await first.json(), { success: true, id: STORED.id });
    const second = await handle(post(VALID, { "Idempotency-Key": "key-1" }));
    assert.equal(second.status, 200);
    assert.deepEqual(await second.json(), { success: true, id: STORED.id });
    assert.deepEqual(saves, [
      { key: "key-1", event: "create" },
      { key: "key-1", event: "create" },
    ]);
  },
);

Deno.test("a store failure is the function's own fault: 500", async () => {
  const { store } = fakeStore([new Error("connection refused")]);
  const response = await createHandler({ store, log: quiet })(post(VALID));
  assert.equal(response.status, 500);
  assert.deepEqual(await response.json(), { success: false, error: "Could not store the lead" });
});

Deno.test("an id or key already used by another lead is a 422, not worth retrying", async () => {
  const { store } = fakeStore([
    new LeadConflictError("This Idempotency-Key was already used for another lead"),
  ]);
  const response = await createHandler({ store, log: quiet })(post(VALID));
  assert.equal(response.status, 422);
  assert.deepEqual(await response.json(), {
    success: false,
    error: "This Idempotency-Key was already used for another lead",
  });
});

Deno.test("a failing webhook is recorded and the answer is still success", async () => {
  const { store, webhooks } = fakeStore([{ lead: STORED, changed: true }]);
  const failingFetch: typeof fetch = () => Promise.resolve(new Response("down", { status: 503 }));
  const handle = createHandler({
    store,
    webhookUrl: "http://crm.test/hook",
    fetchImpl: failingFetch,
    log: quiet,
  });
  const response = await handle(post(VALID));
  assert.equal(response.status, 201);
  assert.deepEqual(webhooks, [{ ok: false, error: "HTTP 503 from the CRM webhook" }]);
});

Deno.test(
  "the webhook gets the stored lead; a duplicate re-posts only after a failure",
  async () => {
    const bodies: unknown[] = [];
    const okFetch: typeof fetch = (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Promise.resolve(new Response(null, { status: 204 }));
    };
    const { store, webhooks } = fakeStore([
      { lead: { ...STORED, webhookStatus: "delivered" }, changed: false },
      { lead: { ...STORED, webhookStatus: "failed" }, changed: false },
    ]);
    const handle = createHandler({
      store,
      webhookUrl: "http://crm.test/hook",
      fetchImpl: okFetch,
      log: quiet,
    });
    await handle(post(VALID));
    assert.equal(bodies.length, 0);
    await handle(post(VALID));
    const { webhookStatus: _status, ...lead } = STORED;
    assert.deepEqual(bodies, [{ event: "lead.created", lead }]);
    assert.deepEqual(webhooks, [{ ok: true }]);
  },
);

Deno.test("log lines carry ids and reasons, never the visitor's contact details", async () => {
  const lines: string[] = [];
  const { store } = fakeStore([{ lead: STORED, changed: true }]);
  await createHandler({ store, log: (entry) => lines.push(JSON.stringify(entry)) })(post(VALID));
  await createHandler({ store, log: (entry) => lines.push(JSON.stringify(entry)) })(
    post({ ...VALID, email: "x" }),
  );
  assert.equal(lines.length, 2);
  for (const line of lines) {
    for (const secret of [VALID.name, VALID.email, VALID.phone, VALID.address])
      assert.ok(!line.includes(secret), line);
  }
});
