import assert from "node:assert/strict";
import type { CrmOutbox } from "../_shared/leads/crm-outbox.ts";
import type { MailOutbox } from "../_shared/leads/mail-outbox.ts";
import { createHandler } from "./handler.ts";
import { MAX_BODY_BYTES } from "./http.ts";
import type { OwnerReads } from "../_shared/leads/owner-reads.ts";
import type { QuoteStore } from "../_shared/leads/quote-store.ts";
import type { ListResult, ReleaseResult, ShowResult } from "../_shared/leads/store-contract.ts";
import { signatureHeaders, SIGNATURE_WINDOW_SECONDS } from "../_shared/leads/request-signature.ts";
import { currentPriceSheet } from "../_shared/quote/locked-price.ts";
import { LeadConflictError, type LeadStore, type SaveOutcome } from "./store.ts";
import type { StoredLead } from "../_shared/leads/stored-lead.ts";
import { SAMPLE_DELIVERY as VALID } from "../_shared/quote/sample-quote.ts";

const SECRET = "c2l0ZS1zaWduaW5nLXNlY3JldC1mb3ItdGVzdHMtb25seS0wMTIzNDU2Nzg5";
const PREVIOUS = "cHJldmlvdXMtc2lnbmluZy1zZWNyZXQtZm9yLXRlc3RzLW9ubHktMDEyMzQ1";
const URL_ = "http://function.test/crm-lead";

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
  attribution: null,
  visitWindow: null,
  status: "new",
  version: 1,
  webhookStatus: "pending",
  siteVersion: 0,
  priceSheet: currentPriceSheet(),
};

/** Answers each save with the next outcome, and remembers every call. */
function fakeStore(outcomes: Array<SaveOutcome | Error>) {
  const saves: Array<{ key: string; event: string }> = [];
  const nonces = new Set<string>();
  const store: LeadStore = {
    save(key, lead) {
      saves.push({ key, event: lead.event });
      const next = outcomes.shift() ?? new Error("no outcome queued");
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    read: () => Promise.resolve(STORED),
    claimNonce(nonce) {
      const fresh = !nonces.has(nonce);
      nonces.add(nonce);
      return Promise.resolve(fresh);
    },
  };
  return { store, saves, nonces };
}

type PostOptions = {
  headers?: Record<string, string>;
  secret?: string | null;
  now?: number;
  /** What the signature covers, when it should differ from what is sent. */
  signed?: { path?: string; body?: string; key?: string | null };
};

/** A request as the site sends it: signed with SECRET unless told otherwise. */
async function post(body: unknown, options: PostOptions = {}): Promise<Request> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    ...options.headers,
  };
  const key = headers["Idempotency-Key"] ?? null;
  const secret = options.secret === undefined ? SECRET : options.secret;
  const signature =
    secret === null
      ? {}
      : await signatureHeaders(
          secret,
          {
            method: "POST",
            path: options.signed?.path ?? "/functions/v1/crm-lead",
            idempotencyKey: options.signed?.key === undefined ? key : options.signed.key,
            body: options.signed?.body ?? text,
          },
          { now: options.now ?? Date.now() },
        );
  return new Request(URL_, { method: "POST", headers: { ...headers, ...signature }, body: text });
}

const quiet = () => {};
const handlerFor = (store: LeadStore) =>
  createHandler({ store, secrets: [SECRET, PREVIOUS], log: quiet });

Deno.test(
  "no browser gets in: a preflight or any request with an Origin is a 403 without CORS",
  async () => {
    const { store, saves } = fakeStore([]);
    const handle = handlerFor(store);
    const preflight = await handle(
      new Request(URL_, {
        method: "OPTIONS",
        headers: { Origin: "https://example.com", "Access-Control-Request-Method": "POST" },
      }),
    );
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers.get("access-control-allow-origin"), null);
    const withOrigin = await handle(
      await post(VALID, { headers: { Origin: "https://example.com" } }),
    );
    assert.equal(withOrigin.status, 403);
    assert.deepEqual(await withOrigin.json(), {
      success: false,
      error: "Browsers may not call this function",
    });
    assert.equal(withOrigin.headers.get("access-control-allow-origin"), null);
    assert.equal(saves.length, 0);
  },
);

Deno.test("an unsigned, forged, altered or stale request is a 401 and stores nothing", async () => {
  const { store, saves } = fakeStore([]);
  const handle = handlerFor(store);
  const cases: Array<[Request, string]> = [
    [await post(VALID, { secret: null }), "The request is not signed"],
    [
      await post(VALID, { secret: "Zm9yZ2VkLXNlY3JldC1ieS1zb21lb25lLWVsc2UtMDEyMzQ1Njc4OQ" }),
      "The signature does not match",
    ],
    [
      await post(VALID, { signed: { body: JSON.stringify({ ...VALID, totalPrice: 1 }) } }),
      "The signature does not match",
    ],
    [
      await post(VALID, { signed: { path: "/functions/v1/other" } }),
      "The signature does not match",
    ],
    [
      await post(VALID, { headers: { "Idempotency-Key": "key-1" }, signed: { key: "key-2" } }),
      "The signature does not match",
    ],
    [
      await post(VALID, { now: Date.now() - (SIGNATURE_WINDOW_SECONDS + 5) * 1000 }),
      `The signature's timestamp is more than ${SIGNATURE_WINDOW_SECONDS} seconds from the function's clock`,
    ],
  ];
  for (const [request, error] of cases) {
    const response = await handle(request);
    assert.equal(response.status, 401, error);
    assert.deepEqual(await response.json(), { success: false, error });
  }
  assert.equal(saves.length, 0);
});

Deno.test("the previous secret is still accepted while rotating; a replay is refused", async () => {
  const { store, saves } = fakeStore([
    { lead: STORED, changed: true },
    { lead: STORED, changed: false },
  ]);
  const handle = handlerFor(store);
  assert.equal((await handle(await post(VALID, { secret: PREVIOUS }))).status, 201);
  const request = await post(VALID);
  const replay = request.clone();
  assert.equal((await handle(request)).status, 200);
  const again = await handle(replay);
  assert.equal(again.status, 401);
  assert.deepEqual(await again.json(), {
    success: false,
    error: "This signed request was already received",
  });
  assert.equal(saves.length, 2);
  // With the rotation over, the previous secret no longer opens it.
  const rotated = createHandler({ store, secrets: [SECRET], log: quiet });
  assert.equal((await rotated(await post(VALID, { secret: PREVIOUS }))).status, 401);
});

Deno.test("wrong method, type, size and JSON get 405, 415, 413 and 400", async () => {
  const { store, saves } = fakeStore([]);
  const handle = handlerFor(store);
  assert.equal((await handle(new Request(URL_))).status, 405);
  assert.equal(
    (await handle(await post(VALID, { headers: { "Content-Type": "text/plain" } }))).status,
    415,
  );
  assert.equal(
    (await handle(await post({ ...VALID, message: "m".repeat(MAX_BODY_BYTES) }))).status,
    413,
  );
  const bad = await handle(await post("{not json"));
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { success: false, error: "The body must be valid JSON" });
  assert.equal(saves.length, 0);
});

Deno.test("invalid input is a 400 with the first message and stores nothing", async () => {
  const { store, saves } = fakeStore([]);
  const response = await handlerFor(store)(await post({ ...VALID, name: "" }));
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
    const handle = handlerFor(store);
    const first = await handle(await post(VALID, { headers: { "Idempotency-Key": "key-1" } }));
    assert.equal(first.status, 201);
    assert.deepEqual(await first.json(), { success: true, id: STORED.id });
    const second = await handle(await post(VALID, { headers: { "Idempotency-Key": "key-1" } }));
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
  const response = await handlerFor(store)(await post(VALID));
  assert.equal(response.status, 500);
  assert.deepEqual(await response.json(), { success: false, error: "Could not store the lead" });
});

Deno.test("an id or key already used by another lead is a 422, not worth retrying", async () => {
  const { store } = fakeStore([
    new LeadConflictError("This Idempotency-Key was already used for another lead"),
  ]);
  const response = await handlerFor(store)(await post(VALID));
  assert.equal(response.status, 422);
  assert.deepEqual(await response.json(), {
    success: false,
    error: "This Idempotency-Key was already used for another lead",
  });
});

Deno.test(
  "a site price that differs from the function's is logged, and the function's kept",
  async () => {
    const lines: Array<Record<string, unknown>> = [];
    const { store } = fakeStore([{ lead: STORED, changed: true }]);
    const handle = createHandler({ store, secrets: [SECRET], log: (entry) => lines.push(entry) });
    assert.equal((await handle(await post({ ...VALID, totalPrice: 1 }))).status, 201);
    assert.deepEqual(
      lines.find((line) => line.event === "lead.price_differs"),
      {
        level: "warn",
        event: "lead.price_differs",
        leadId: STORED.id,
        reason: `the site priced it 1, the function ${STORED.totalPrice}`,
      },
    );
  },
);

/** When the fake CRM outbox's next row falls due. */
const NEXT_DUE = new Date("2026-12-01T09:00:00.000Z");

/** A CRM outbox that records its calls; its drain never finishes unless told. */
function fakeCrm() {
  const calls: string[] = [];
  const crm: CrmOutbox = {
    drain: () => {
      calls.push("drain");
      return Promise.resolve({ sent: 1, retry: 0, dead: 0 });
    },
    requeue: (leadId) => {
      calls.push(`requeue ${leadId}`);
      return Promise.resolve(2);
    },
    nextDueAt: () => Promise.resolve(NEXT_DUE),
  };
  return { crm, calls };
}

Deno.test(
  "a stored change is posted to the CRM after the answer, never inside the request; a duplicate is not",
  async () => {
    const { store } = fakeStore([
      { lead: STORED, changed: true },
      { lead: STORED, changed: false },
    ]);
    const { crm, calls } = fakeCrm();
    const later: Array<() => Promise<unknown>> = [];
    const handle = createHandler({
      store,
      secrets: [SECRET],
      crm,
      background: (task) => later.push(task),
      log: quiet,
    });
    assert.equal((await handle(await post(VALID))).status, 201);
    // Answered with the post still to come.
    assert.deepEqual(calls, []);
    assert.equal(later.length, 1);
    await later[0]?.();
    assert.deepEqual(calls, ["drain"]);
    assert.equal((await handle(await post(VALID))).status, 200);
    assert.equal(later.length, 1);
  },
);

Deno.test("the signed outbox path drains or requeues; anything else is a 400", async () => {
  const { store, saves } = fakeStore([]);
  const { crm, calls } = fakeCrm();
  const handle = createHandler({ store, secrets: [SECRET], crm, background: () => {}, log: quiet });
  const at = (body: unknown) =>
    post(body, { signed: { path: "/functions/v1/crm-lead/outbox" } }).then(
      (request) => new Request(`${URL_}/outbox`, request),
    );
  const drained = await handle(await at({ action: "drain" }));
  assert.equal(drained.status, 200);
  assert.deepEqual(await drained.json(), {
    success: true,
    drained: { sent: 1, retry: 0, dead: 0 },
    nextDueAt: NEXT_DUE.toISOString(),
  });
  const requeued = await handle(await at({ action: "retry", leadId: null }));
  assert.deepEqual(await requeued.json(), { success: true, requeued: 2 });
  assert.deepEqual(calls, ["drain", "requeue null"]);
  for (const bad of [{ action: "purge" }, { action: "retry" }, { action: "retry", leadId: "x" }]) {
    assert.equal((await handle(await at(bad))).status, 400);
  }
  // An outbox call signed for the lead path is not the site's: the path is signed too.
  const misSigned = new Request(`${URL_}/outbox`, await post({ action: "drain" }));
  assert.equal((await handle(misSigned)).status, 401);
  assert.deepEqual(saves, []);
});

Deno.test(
  "a claim of e-mails says when the next one falls due, or null when none is owed",
  async () => {
    const { store } = fakeStore([]);
    const dues: Array<Date | null> = [NEXT_DUE, null];
    const mail = {
      claim: () => Promise.resolve([]),
      report: () => Promise.resolve("lost_lease" as const),
      nextDueAt: () => Promise.resolve(dues.shift() ?? null),
    } satisfies MailOutbox;
    const handle = createHandler({ store, secrets: [SECRET], mail, log: quiet });
    const claim = async () => {
      const request = await post(
        { action: "claim-mail", limit: 8 },
        { signed: { path: "/functions/v1/crm-lead/outbox" } },
      );
      return await (await handle(new Request(`${URL_}/outbox`, request))).json();
    };
    assert.deepEqual(await claim(), {
      success: true,
      mail: [],
      nextDueAt: NEXT_DUE.toISOString(),
    });
    assert.deepEqual(await claim(), { success: true, mail: [], nextDueAt: null });
  },
);

Deno.test(
  "a signed release answers what the store did; a released lead's CRM post goes after the answer",
  async () => {
    const { store } = fakeStore([]);
    const { crm, calls } = fakeCrm();
    const released: ReleaseResult = {
      status: "released",
      id: STORED.id,
      name: STORED.name,
      reason: "the hidden honeypot field was filled in",
      forwarded: true,
      confirmation: { released: true, withLink: true },
    };
    const outcomes: ReleaseResult[] = [released, { status: "not_spam", id: STORED.id }];
    const asked: string[] = [];
    const quotes = {
      release: (idOrPrefix: string) => {
        asked.push(idOrPrefix);
        return Promise.resolve(outcomes.shift() ?? { status: "not_found" as const });
      },
    } as unknown as QuoteStore;
    const later: Array<() => Promise<unknown>> = [];
    const handle = createHandler({
      store,
      quotes,
      secrets: [SECRET],
      crm,
      background: (task) => later.push(task),
      log: quiet,
    });
    const at = (body: unknown) =>
      post(body, { signed: { path: "/functions/v1/crm-lead/outbox" } }).then(
        (request) => new Request(`${URL_}/outbox`, request),
      );
    const first = await handle(await at({ action: "release", leadId: STORED.id.slice(0, 8) }));
    assert.deepEqual(await first.json(), { success: true, release: released });
    assert.deepEqual(calls, []);
    assert.equal(later.length, 1);
    await later[0]?.();
    assert.deepEqual(calls, ["drain"]);
    const again = await handle(await at({ action: "release", leadId: STORED.id }));
    assert.deepEqual(await again.json(), {
      success: true,
      release: { status: "not_spam", id: STORED.id },
    });
    assert.equal(later.length, 1);
    assert.deepEqual(asked, [STORED.id.slice(0, 8), STORED.id]);
    for (const bad of [{ action: "release" }, { action: "release", leadId: "" }]) {
      assert.equal((await handle(await at(bad))).status, 400);
    }
    const noQuotes = createHandler({ store, secrets: [SECRET], log: quiet });
    assert.equal((await noQuotes(await at({ action: "release", leadId: "ab" }))).status, 404);
  },
);

Deno.test(
  "the owner's signed list and show answer what the store read; a bad one is refused",
  async () => {
    const { store } = fakeStore([]);
    const listed: ListResult = { leads: [], total: 0, spamCount: 3 };
    const shown: ShowResult = { status: "ambiguous" };
    const asked: string[] = [];
    const owner: OwnerReads = {
      list: (only) => {
        asked.push(`list ${only}`);
        return Promise.resolve(listed);
      },
      show: (idOrPrefix) => {
        asked.push(`show ${idOrPrefix}`);
        return Promise.resolve(shown);
      },
    };
    const handle = createHandler({ store, owner, secrets: [SECRET], log: quiet });
    const at = (body: unknown) =>
      post(body, { signed: { path: "/functions/v1/crm-lead/outbox" } }).then(
        (request) => new Request(`${URL_}/outbox`, request),
      );
    for (const only of ["leads", "spam", "failed"]) {
      const answered = await handle(await at({ action: "list", only }));
      assert.deepEqual(await answered.json(), { success: true, list: listed });
    }
    const show = await handle(await at({ action: "show", leadId: "3f2a" }));
    assert.deepEqual(await show.json(), { success: true, show: shown });
    assert.deepEqual(asked, ["list leads", "list spam", "list failed", "show 3f2a"]);
    for (const bad of [
      { action: "list" },
      { action: "list", only: "all" },
      { action: "list", only: "spam", limit: 10 },
      { action: "show" },
      { action: "show", leadId: "" },
      { action: "show", leadId: "x".repeat(101) },
    ]) {
      const refusedAnswer = await handle(await at(bad));
      assert.equal(refusedAnswer.status, 400, JSON.stringify(bad));
      assert.match(
        (await refusedAnswer.json()).error,
        /"action": "list", "only": "leads" \| "spam"/,
      );
    }
    assert.equal(asked.length, 4);
    const noStore = createHandler({ store, secrets: [SECRET], log: quiet });
    assert.equal((await noStore(await at({ action: "list", only: "leads" }))).status, 404);
    assert.equal((await noStore(await at({ action: "show", leadId: "ab" }))).status, 404);
  },
);

Deno.test("log lines carry ids and reasons, never the visitor's contact details", async () => {
  const lines: string[] = [];
  const { store } = fakeStore([{ lead: STORED, changed: true }]);
  const handle = createHandler({
    store,
    secrets: [SECRET],
    log: (entry) => lines.push(JSON.stringify(entry)),
  });
  await handle(await post(VALID));
  await handle(await post({ ...VALID, email: "x" }));
  assert.equal(lines.length, 2);
  for (const line of lines) {
    for (const secret of [VALID.name, VALID.email, VALID.phone, VALID.address]) {
      assert.ok(!line.includes(secret), line);
    }
  }
});
