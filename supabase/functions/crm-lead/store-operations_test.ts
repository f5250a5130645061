import assert from "node:assert/strict";
import { createHandler, type HandlerOptions } from "./handler.ts";
import type { QuoteStore } from "../_shared/leads/quote-store.ts";
import { SAMPLE_QUOTE as QUOTE } from "../../../tests/support/quote.ts";

const ID = "3f1c2b9e-7d4a-4c1e-9b2f-5a6d7e8f9a01";
const LIMIT = { client: "203.0.113.7", capacity: 5, windowMs: 600_000 };
const CREATE = {
  quote: QUOTE,
  idempotency: null,
  sourcePage: "/",
  spamReason: null,
  linkEmailed: false,
  limit: LIMIT,
};

/** Answers every operation "limited", and remembers what it was asked. */
function fakeQuotes(fail = false) {
  const asked: string[] = [];
  const limited = { status: "limited" as const, retryAfterSeconds: 7 };
  const answer = <T>(name: string, value: T) => {
    asked.push(name);
    return fail ? Promise.reject(new Error("connection refused")) : Promise.resolve(value);
  };
  const quotes: QuoteStore = {
    create: () => answer("create", { result: limited, crm: false }),
    update: () => answer("update", { result: limited, crm: false }),
    view: () => answer("view", { result: limited, crm: false }),
  };
  return { quotes, asked };
}

const KEY = "sb_secret_c2l0ZS1rZXktZm9yLXRlc3RzLW9ubHk";
/** A store operation touches neither the outbox nor the purge. */
const outboxUnused = { mail: {}, purge: () => {}, ping: () => {} } as unknown as Pick<
  HandlerOptions,
  "mail" | "purge" | "ping"
>;

/** The site's POST of `operation`, with the secret key, to a handler on `quotes`. */
const run = (operation: "create" | "update" | "view", body: unknown, quotes: QuoteStore) => ({
  response: createHandler({ quotes, secretKeys: [KEY], log: () => {}, ...outboxUnused })(
    new Request(`http://function.test/crm-lead/quotes/${operation}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", apikey: KEY },
      body: JSON.stringify(body),
    }),
  ),
});

Deno.test("an operation's outcome is answered 200 as it is, a limit included", async () => {
  const { quotes, asked } = fakeQuotes();
  const { response } = run("create", CREATE, quotes);
  const answer = await response;
  assert.equal(answer.status, 200);
  assert.deepEqual(await answer.json(), {
    success: true,
    result: { status: "limited", retryAfterSeconds: 7 },
  });
  assert.deepEqual(asked, ["create"]);
});

Deno.test(
  "bad input is refused with the site's own message, and the store is not asked",
  async () => {
    const { quotes, asked } = fakeQuotes();
    const cases: Array<["create" | "update" | "view", unknown, string]> = [
      ["create", { ...CREATE, quote: { ...QUOTE, name: "" } }, "Name is required"],
      [
        "create",
        { ...CREATE, quote: { ...QUOTE, name: "Dana\u0000" } },
        "Text must not contain NUL characters",
      ],
      [
        "update",
        { id: ID, token: "t", update: {}, timeZone: "America/New_York", limit: LIMIT },
        "The update changes nothing",
      ],
      [
        "update",
        {
          id: ID,
          token: "t",
          update: { visitWindow: { earliestDate: "2026-02-30", partOfDay: "any" } },
          timeZone: "America/New_York",
          limit: LIMIT,
        },
        "Choose an earliest date for the visit",
      ],
    ];
    for (const [operation, body, message] of cases) {
      const answer = await run(operation, body, quotes).response;
      assert.equal(answer.status, 400, message);
      assert.deepEqual(await answer.json(), { success: false, error: message });
    }
    assert.deepEqual(asked, []);
  },
);

Deno.test("the database failing is a 500, never a result", async () => {
  const { quotes } = fakeQuotes(true);
  const answer = await run("view", { id: ID, token: "t", limit: LIMIT }, quotes).response;
  assert.equal(answer.status, 500);
  assert.deepEqual(await answer.json(), { success: false, error: "Could not store the lead" });
});
