import assert from "node:assert/strict";
import type { CrmOutbox, MailOutbox } from "../_shared/leads/outbox.ts";
import { createHandler, type HandlerOptions } from "./handler.ts";
import { MAX_BODY_BYTES } from "./http.ts";
import type { QuoteStore } from "../_shared/leads/quote-store.ts";
import {
  type CreateResult,
  DEADLINE_HEADER,
  STORE_DEADLINE_MS,
  type StoredQuote,
} from "../_shared/leads/store-contract.ts";
import { currentPriceSheet } from "../_shared/quote/locked-price.ts";
import { SAMPLE_QUOTE } from "../../../tests/support/quote.ts";

/** The project's secret keys: the one the site has, and another (a key being rotated in). */
const KEY = "sb_secret_c2l0ZS1rZXktZm9yLXRlc3RzLW9ubHk";
const OTHER_KEY = "sb_secret_b3RoZXIta2V5LWZvci10ZXN0cy1vbmx5";
const URL_ = "http://function.test/crm-lead";
const ID = "3f1c2b9e-7d4a-4c1e-9b2f-5a6d7e8f9a01";

/** A create as the site's server asks it (store-contract.ts, createRequestSchema). */
const CREATE = {
  quote: SAMPLE_QUOTE,
  idempotency: null,
  sourcePage: "/",
  spamReason: null,
  linkEmailed: true,
  limit: { client: "203.0.113.7", capacity: 5, windowMs: 600_000 },
};

const QUOTE: StoredQuote = {
  ...SAMPLE_QUOTE,
  id: ID,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  isPostConstruction: null,
  stories: null,
  clientTotalPrice: SAMPLE_QUOTE.totalPrice,
  sourcePage: "/",
  attribution: null,
  idempotencyKey: "key-1",
  spamReason: null,
  visitEarliestDate: null,
  visitPartOfDay: null,
  webhookStatus: "pending",
  webhookError: null,
  webhookAttemptedAt: null,
  version: 1,
  changes: [],
  priceSheet: currentPriceSheet(),
};

const CREATED: CreateResult = { status: "created", lead: QUOTE, token: "t", linkEmailed: true };
const REPLAYED: CreateResult = {
  status: "replayed",
  id: ID,
  token: "t",
  linkEmailed: true,
  version: 1,
};

/**
 * Answers each create with the next outcome (a change the CRM should hear of, or none), and
 * remembers every operation asked.
 */
function fakeStore(outcomes: Array<{ result: CreateResult; crm: boolean }> = []) {
  const asked: string[] = [];
  /** The deadline each create was given (ms since 1970). */
  const deadlines: number[] = [];
  const quotes = {
    create: (_request: unknown, deadline: number) => {
      asked.push("create");
      deadlines.push(deadline);
      const next = outcomes.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error("no outcome queued"));
    },
  } as unknown as QuoteStore;
  return { quotes, asked, deadlines };
}

type PostOptions = {
  headers?: Record<string, string>;
  /** The `apikey` sent: KEY unless told; null sends none. */
  key?: string | null;
  /** Where it is sent, below the function (the store's create unless told). */
  path?: string;
};

/** A request as the site sends it: with KEY unless told otherwise. */
function post(body: unknown, options: PostOptions = {}): Request {
  const key = options.key === undefined ? KEY : options.key;
  return new Request(`${URL_}${options.path ?? "/quotes/create"}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(key === null ? {} : { apikey: key }),
      ...options.headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const quiet = () => {};
/** The outbox and database as a test that does not use them has them: each call refused. */
const UNUSED = {
  mail: { claim: refuse, report: refuse, nextDueAt: refuse },
  purge: refuse,
  ping: refuse,
} satisfies Partial<HandlerOptions>;
function refuse(): Promise<never> {
  return Promise.reject(new Error("not used by this test"));
}
const handlerFor = (store: ReturnType<typeof fakeStore>, options: Partial<HandlerOptions> = {}) =>
  createHandler({ ...store, ...UNUSED, secretKeys: [KEY, OTHER_KEY], log: quiet, ...options });

Deno.test(
  "no browser gets in: a preflight or any request with an Origin is a 403 without CORS",
  async () => {
    const store = fakeStore();
    const handle = handlerFor(store);
    const preflight = await handle(
      new Request(`${URL_}/quotes/create`, {
        method: "OPTIONS",
        headers: { Origin: "https://example.com", "Access-Control-Request-Method": "POST" },
      }),
    );
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers.get("access-control-allow-origin"), null);
    const withOrigin = await handle(post(CREATE, { headers: { Origin: "https://example.com" } }));
    assert.equal(withOrigin.status, 403);
    assert.deepEqual(await withOrigin.json(), {
      success: false,
      error: "Browsers may not call this function",
    });
    assert.equal(withOrigin.headers.get("access-control-allow-origin"), null);
    assert.deepEqual(store.asked, []);
  },
);

Deno.test(
  "a request without one of the project's secret keys is a 401 and asks nothing",
  async () => {
    const store = fakeStore();
    const handle = handlerFor(store);
    const cases: Array<[Request, string]> = [
      [
        post(CREATE, { key: null }),
        "The request has no apikey: the lead function takes the project's secret key",
      ],
      // A key alike but for its last letter, the publishable key, the key as a bearer token.
      [
        post(CREATE, { key: `${KEY.slice(0, -1)}A` }),
        "The apikey is not one of the project's secret keys",
      ],
      [
        post(CREATE, { key: "sb_publishable_abc" }),
        "The apikey is not one of the project's secret keys",
      ],
      [
        post(CREATE, { key: null, headers: { Authorization: `Bearer ${KEY}` } }),
        "The request has no apikey: the lead function takes the project's secret key",
      ],
    ];
    for (const [request, error] of cases) {
      const response = await handle(request);
      assert.equal(response.status, 401, error);
      assert.deepEqual(await response.json(), { success: false, error });
    }
    assert.deepEqual(store.asked, []);
  },
);

Deno.test(
  "each of the project's secret keys gets in: a new key works before the old one is deleted",
  async () => {
    const store = fakeStore([
      { result: CREATED, crm: false },
      { result: REPLAYED, crm: false },
    ]);
    const handle = handlerFor(store);
    assert.equal((await handle(post(CREATE))).status, 200);
    assert.equal((await handle(post(CREATE, { key: OTHER_KEY }))).status, 200);
    assert.deepEqual(store.asked, ["create", "create"]);
    // With the other key deleted from the project, it no longer opens it.
    const rotated = handlerFor(store, { secretKeys: [KEY] });
    assert.equal((await rotated(post(CREATE, { key: OTHER_KEY }))).status, 401);
  },
);

Deno.test("wrong method, type, size, JSON and path get 405, 415, 413, 400 and 404", async () => {
  const store = fakeStore();
  const handle = handlerFor(store);
  assert.equal((await handle(new Request(`${URL_}/quotes/create`))).status, 405);
  assert.equal(
    (await handle(post(CREATE, { headers: { "Content-Type": "text/plain" } }))).status,
    415,
  );
  const large = { ...CREATE, quote: { ...SAMPLE_QUOTE, message: "m".repeat(MAX_BODY_BYTES) } };
  assert.equal((await handle(post(large))).status, 413);
  const bad = await handle(post("{not json"));
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { success: false, error: "The body must be valid JSON" });
  // The function's own path, or an operation it does not have: the answer names the ones it has.
  for (const path of ["", "/quotes/delete"]) {
    const elsewhere = await handle(post(CREATE, { path }));
    assert.equal(elsewhere.status, 404, path);
    assert.match((await elsewhere.json()).error, /POST \/quotes\/create, \/quotes\/update/);
  }
  assert.deepEqual(store.asked, []);
});

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
  "the site's deadline (X-Store-Deadline) is kept, never stretched past 5 s; once passed, nothing is asked",
  async () => {
    const store = fakeStore([
      { result: CREATED, crm: false },
      { result: CREATED, crm: false },
    ]);
    const handle = handlerFor(store);
    const at = (deadline: number | string) =>
      post(CREATE, { headers: { [DEADLINE_HEADER]: String(deadline) } });
    const passed = await handle(at(Date.now() - 1));
    assert.equal(passed.status, 504);
    assert.deepEqual(await passed.json(), {
      success: false,
      error: "The site's deadline for this request has passed; nothing was stored",
    });
    const malformed = await handle(at("soon"));
    assert.equal(malformed.status, 400);
    assert.deepEqual(store.asked, []);

    const soon = Date.now() + 2_000;
    assert.equal((await handle(at(soon))).status, 200);
    const before = Date.now();
    assert.equal((await handle(at(before + 60_000))).status, 200);
    const [kept, capped] = store.deadlines;
    assert.equal(kept, soon);
    assert.ok(capped! <= Date.now() + STORE_DEADLINE_MS && capped! >= before + STORE_DEADLINE_MS);
  },
);

Deno.test("a stored change wakes the CRM poster; a replay does not", async () => {
  const store = fakeStore([
    { result: CREATED, crm: true },
    { result: REPLAYED, crm: false },
  ]);
  const { crm, calls } = fakeCrm();
  let posts = 0;
  const handle = handlerFor(store, { crm, postCrm: () => (posts += 1) });
  const first = await handle(post(CREATE));
  assert.deepEqual(await first.json(), { success: true, result: CREATED });
  assert.equal(posts, 1);
  assert.equal((await handle(post(CREATE))).status, 200);
  assert.equal(posts, 1);
  assert.deepEqual(calls, []);
});

Deno.test("the outbox path drains or requeues; anything else is a 400", async () => {
  const store = fakeStore();
  const { crm, calls } = fakeCrm();
  const handle = handlerFor(store, { crm });
  const at = (body: unknown) => post(body, { path: "/outbox" });
  const drained = await handle(at({ action: "drain" }));
  assert.equal(drained.status, 200);
  assert.deepEqual(await drained.json(), {
    success: true,
    drained: { sent: 1, retry: 0, dead: 0 },
    nextDueAt: NEXT_DUE.toISOString(),
  });
  const requeued = await handle(at({ action: "retry", leadId: null }));
  assert.deepEqual(await requeued.json(), { success: true, requeued: 2 });
  assert.deepEqual(calls, ["drain", "requeue null"]);
  for (const bad of [{ action: "purge" }, { action: "retry" }, { action: "retry", leadId: "x" }]) {
    assert.equal((await handle(at(bad))).status, 400);
  }
  assert.equal(
    (await handle(post({ action: "drain" }, { path: "/outbox", key: null }))).status,
    401,
  );
  assert.deepEqual(store.asked, []);
});

Deno.test(
  "a claim of e-mails says when the next one falls due, or null when none is owed",
  async () => {
    const dues: Array<Date | null> = [NEXT_DUE, null];
    const mail = {
      claim: () => Promise.resolve([]),
      report: () => Promise.resolve("lost_lease" as const),
      nextDueAt: () => Promise.resolve(dues.shift() ?? null),
    } satisfies MailOutbox;
    const handle = handlerFor(fakeStore(), { mail });
    const claim = async () =>
      await (await handle(post({ action: "claim-mail", limit: 8 }, { path: "/outbox" }))).json();
    assert.deepEqual(await claim(), {
      success: true,
      mail: [],
      nextDueAt: NEXT_DUE.toISOString(),
    });
    assert.deepEqual(await claim(), { success: true, mail: [], nextDueAt: null });
  },
);

Deno.test("log lines carry ids and reasons, never the visitor's contact details", async () => {
  const lines: string[] = [];
  const handle = handlerFor(fakeStore([{ result: CREATED, crm: false }]), {
    log: (entry) => lines.push(JSON.stringify(entry)),
  });
  assert.equal((await handle(post(CREATE))).status, 200);
  const refusedOne = { ...CREATE, quote: { ...SAMPLE_QUOTE, email: "x" } };
  assert.equal((await handle(post(refusedOne))).status, 400);
  assert.equal(lines.length, 2);
  assert.match(lines[0] ?? "", new RegExp(ID));
  for (const line of lines) {
    for (const secret of [SAMPLE_QUOTE.name, SAMPLE_QUOTE.email, SAMPLE_QUOTE.phone]) {
      assert.ok(!line.includes(secret), line);
    }
  }
});
