import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEFAULT_MIN_FORM_MS, FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { validQuote } from "../support/quote";
import { malformedRequests, type Malformed } from "./malformed-requests";
import {
  browserHeaders,
  startSite,
  testDatabase,
  type SiteServer,
  type TestDatabase,
} from "./site-server";

/** Duplicates and fuzzing against one production server of their own. */

test.describe.configure({ mode: "serial" });

let site: SiteServer;
let database: TestDatabase;

test.beforeAll(async () => {
  database = await testDatabase();
  site = await startSite({
    DATABASE_URL: database.url,
    LEADS_CREATE_LIMIT: "100000",
    LEADS_UPDATE_LIMIT: "100000",
  });
});

test.afterAll(async () => {
  await site.stop();
  await database.drop();
});

const quote = (name: string) => JSON.stringify({ ...validQuote({ name }), [FORM_TIME_KEY]: 9_000 });

function postQuote(body: string, key?: string) {
  return fetch(`${site.url}/api/quote`, {
    method: "POST",
    headers: browserHeaders(site, key ? { "idempotency-key": key } : {}),
    body,
  });
}

const rowsFor = async (key: string) => [
  ...(await database.sql`select id from public.quote_requests where idempotency_key = ${key}`),
];

test("the same key twice, or many times at once, is one lead", async () => {
  const key = randomUUID();
  const first = await postQuote(quote("Double Clicker"), key);
  const second = await postQuote(quote("Double Clicker"), key);
  expect([first.status, second.status]).toEqual([201, 201]);
  const answer = await first.json();
  expect(await second.json()).toEqual(answer);
  expect(await rowsFor(key)).toEqual([{ id: answer.id }]);

  const burstKey = randomUUID();
  const burst = await Promise.all(
    Array.from({ length: 25 }, () => postQuote(quote("Impatient Visitor"), burstKey)),
  );
  const bodies = await Promise.all(burst.map((response) => response.json()));
  expect(burst.map((response) => response.status)).toEqual(Array(25).fill(201));
  expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
  expect(await rowsFor(burstKey)).toEqual([{ id: bodies[0].id }]);

  // The key is the calculator session's: other details under it (a copied tab's submit) update
  // its lead, never a second one (docs/leads.md, "One session, one lead").
  const changed = await postQuote(quote("Someone Else"), key);
  expect(changed.status).toBe(200);
  expect(await rowsFor(key)).toEqual([{ id: answer.id }]);
});

test("the bot time trap keeps its real threshold when no setting lowers it", async () => {
  // This server is started without LEADS_MIN_FORM_MS, as production is; the browser tests lower it.
  const send = async (name: string, formMs: number) => {
    const response = await postQuote(
      JSON.stringify({ ...validQuote({ name }), [FORM_TIME_KEY]: formMs }),
      randomUUID(),
    );
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [row] =
      await database.sql`select spam_reason from public.quote_requests where id = ${id}`;
    return row;
  };
  expect(await send("Quick Bot", DEFAULT_MIN_FORM_MS - 1)).toEqual({
    spam_reason: expect.stringMatching(/after the visitor first touched the calculator/),
  });
  expect(await send("Steady Person", DEFAULT_MIN_FORM_MS)).toEqual({ spam_reason: null });
});

test("1,000+ malformed requests: every answer a 4xx JSON error, nothing stored, the site still up", async () => {
  test.setTimeout(120_000);
  const created = await postQuote(quote("Fuzz Target"));
  const lead = await created.json();
  const snapshot = async () => {
    const { sql } = database;
    const [counts] = await sql`
      select
        (select count(*)::int from public.quote_requests) as leads,
        (select count(*)::int from public.lead_idempotency_keys) as keys,
        (select count(*)::int from public.lead_outbox) as outbox`;
    const [target] = await sql`select * from public.quote_requests where id = ${lead.id}`;
    return { counts, target };
  };
  const before = await snapshot();

  const cases = malformedRequests();
  expect(cases.length).toBeGreaterThanOrEqual(1_000);
  const failures: string[] = [];
  const send = async (malformed: Malformed) => {
    const headers = new Headers(browserHeaders(site));
    if (malformed.method !== "POST" && malformed.token !== null) {
      headers.set("authorization", `Bearer ${malformed.token ?? lead.token}`);
    }
    for (const [name, value] of Object.entries(malformed.headers ?? {})) {
      if (value === null) headers.delete(name);
      else headers.set(name, value);
    }
    const bytes =
      typeof malformed.body === "string"
        ? new TextEncoder().encode(malformed.body)
        : malformed.body;
    const path =
      malformed.method === "POST" ? "/api/quote" : `/api/quote/${malformed.target ?? lead.id}`;
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 4_096)
          controller.enqueue(bytes.slice(at, at + 4_096));
        controller.close();
      },
    });
    // `duplex` is how fetch streams a request body; the DOM typings do not know it yet.
    const init: RequestInit & { duplex?: "half" } =
      malformed.method === "GET"
        ? { method: "GET", headers }
        : malformed.stream
          ? { method: malformed.method, headers, body: chunked, duplex: "half" }
          : { method: malformed.method, headers, body: bytes };
    const response = await fetch(`${site.url}${path}`, init);
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // reported below
    }
    const isError =
      typeof body === "object" &&
      body !== null &&
      "success" in body &&
      body.success === false &&
      "error" in body &&
      typeof body.error === "string" &&
      body.error.length > 0;
    const json = response.headers.get("content-type")?.startsWith("application/json");
    if (response.status < 400 || response.status > 499 || !json || !isError) {
      failures.push(`${malformed.label}: ${response.status} ${text.slice(0, 120)}`);
    }
  };
  // A few at a time, as a busy client would.
  const queue = [...cases];
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const label = next.label;
        await send(next).catch((error: unknown) =>
          failures.push(
            `${label}: ${error instanceof Error ? `${error.message} (${String(error.cause)})` : String(error)}`,
          ),
        );
      }
    }),
  );

  // With the server's warnings, which say why a store call failed (a 503 is no malformed input's answer).
  const warnings = site
    .output()
    .split("\n")
    .filter((line) => /"level":"(warn|error)"/.test(line));
  expect(failures, warnings.join("\n")).toEqual([]);
  expect(await snapshot()).toEqual(before);
  expect(site.output()).not.toMatch(/"level":"error"/);
  // The lead's token was on every PATCH and GET: no log line ever carries it.
  expect(site.output()).not.toContain(lead.token);
  for (const page of ["/", "/monthly-plan"]) {
    const response = await fetch(`${site.url}${page}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Suncoast Shine");
  }
  expect((await postQuote(quote("After The Storm"))).status).toBe(201);
});
