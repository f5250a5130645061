import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { captureLogs, type LogLine } from "@/lib/log";
import type { storedLeads } from "@/tests/support/lead-rows";
import { validQuote } from "@/tests/support/quote";
import {
  answerSchema,
  quoteCalls,
  routesOnTestDatabase,
  type QuoteRoutes,
} from "@/tests/support/quote-routes";

/**
 * One calculator session, one lead (docs/leads.md, "PATCH /api/quote/{id}"): every answer's ETag,
 * an update's If-Match and its 412, an update's Idempotency-Key, corrections of the contact
 * fields (a new e-mail address rotating the token), the session's key making a copied tab's create
 * an update, and the lead's own limit. Against the embedded store's code on real PostgreSQL.
 */

let routes: QuoteRoutes;
let leads: ReturnType<typeof storedLeads>;
let close: () => Promise<void>;
// The refusals are logged: kept out of the test's output.
const logs: LogLine[] = [];
let restoreLogs: () => void;

beforeAll(async () => {
  ({ routes, leads, close } = await routesOnTestDatabase(inject("postgresAdminUrl"), {
    LEADS_UPDATE_LIMIT: String(UPDATE_LIMIT),
  }));
  restoreLogs = captureLogs(logs);
});

afterAll(async () => {
  restoreLogs();
  await close();
});

const { post, patch, get, created } = quoteCalls(() => routes);
/**
 * Updates per client and per lead per 10 minutes: few, so that what refills while a test sends
 * them (one every 75 s) cannot reach a whole one however slow the machine.
 */
const UPDATE_LIMIT = 8;
const ifMatch = (etag: string | null) => ({ "if-match": etag ?? "" });

describe("every answer about a lead", () => {
  it("carries its version as a strong ETag, which each change moves", async () => {
    const key = randomUUID();
    const first = await post(validQuote(), { "idempotency-key": key });
    expect(first.headers.get("etag")).toBe('"1"');
    const { id, token } = answerSchema.parse(await first.json());
    const changed = await patch(id, token, { frequency: "monthly" }, ifMatch('"1"'));
    expect(changed.headers.get("etag")).toBe('"2"');
    expect((await get(id, token)).headers.get("etag")).toBe('"2"');
    // A replay of the create is its first answer, version and all.
    expect((await post(validQuote(), { "idempotency-key": key })).headers.get("etag")).toBe('"1"');
  });
});

describe("an update made on an older version (If-Match)", () => {
  it("merges changes to other fields, and refuses one to a field changed since: 412, the quote as it stands", async () => {
    const { id, token } = await created();
    // Two copies of the saved quote, both loaded at version 1.
    expect((await patch(id, token, { frequency: "monthly" }, ifMatch('"1"'))).status).toBe(200);
    const other = await patch(id, token, { addOns: { screens: true } }, ifMatch('"1"'));
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).toBe('"3"');
    const stale = await patch(id, token, { frequency: "biannual" }, ifMatch('"1"'));
    expect(stale.status).toBe(412);
    expect(stale.headers.get("etag")).toBe('"3"');
    expect(await stale.json()).toMatchObject({
      success: false,
      error: "This quote was changed elsewhere since you loaded it, so your change was not applied",
      quote: { frequency: "monthly", addOns: { screens: true } },
    });
    expect(await leads.get(id)).toMatchObject({ frequency: "monthly", version: 3 });
    // Made on the version it now has, it goes through.
    expect((await patch(id, token, { frequency: "biannual" }, ifMatch('"3"'))).status).toBe(200);
  });

  it("applies an update without If-Match (a page loaded before ETags) as it comes", async () => {
    const { id, token } = await created();
    expect((await patch(id, token, { frequency: "monthly" })).status).toBe(200);
    expect((await patch(id, token, { frequency: "biannual" })).status).toBe(200);
    expect(await leads.get(id)).toMatchObject({ frequency: "biannual" });
  });

  it("refuses an If-Match that is no ETag of ours: 400, changing nothing", async () => {
    const { id, token } = await created();
    for (const header of ['W/"1"', "1", '"1", "2"', '"0"']) {
      const response = await patch(id, token, { frequency: "monthly" }, ifMatch(header));
      expect(response.status, header).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        error: "If-Match must be the quote's ETag",
      });
    }
    expect(await leads.get(id)).toMatchObject({ frequency: "quarterly", version: 1 });
  });

  it("answers a repeat of its Idempotency-Key with the first answer, never a 412 for its own success", async () => {
    const { id, token } = await created();
    const headers = { "idempotency-key": randomUUID(), ...ifMatch('"1"') };
    const first = await patch(id, token, { frequency: "monthly" }, headers);
    const again = await patch(id, token, { frequency: "monthly" }, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await again.json()).toEqual(await first.json());
    expect(await leads.get(id)).toMatchObject({ version: 2 });
    const reused = await patch(id, token, { frequency: "biannual" }, headers);
    expect(reused.status).toBe(422);
  });
});

describe("a correction after the contact step", () => {
  it("updates the contact fields, records old -> new, and a new address rotates the token", async () => {
    const { id, token } = await created();
    const correction = { phone: "727.555.0199", email: "new.address@example.com" };
    const response = await patch(id, token, correction, ifMatch('"1"'));
    expect(response.status).toBe(200);
    const answer = answerSchema.omit({ id: true }).parse(await response.json());
    expect(answer.token).not.toBe(token);
    expect(answer.quoteUrl).toContain(`#${id}.${answer.token}`);
    const lead = await leads.get(id);
    expect(lead).toMatchObject({ phone: "(727) 555-0199", email: "new.address@example.com" });
    expect(lead?.changes).toEqual([
      {
        version: 2,
        at: expect.any(String),
        fields: {
          phone: [validQuote().phone, "(727) 555-0199"],
          email: [validQuote().email, "new.address@example.com"],
        },
      },
    ]);
    // The old link no longer opens the quote; the new one does, and changes it.
    expect((await get(id, token)).status).toBe(404);
    expect((await patch(id, token, { frequency: "monthly" })).status).toBe(403);
    expect((await get(id, answer.token)).status).toBe(200);
  });

  it("is one lead however often it is made, never counted against the new-lead limit", async () => {
    const client = { "x-peer-address": "203.0.113.70" };
    const { id, token } = await created(client);
    for (let i = 0; i < 6; i++) {
      expect((await patch(id, token, { name: `Pat Corrected ${i}` }, client)).status).toBe(200);
    }
    const since = (await leads.list()).length;
    // The client's four other new leads are still theirs to send.
    for (let i = 0; i < 4; i++) expect((await post(validQuote(), client)).status).toBe(201);
    expect(await leads.list()).toHaveLength(since + 4);
  });

  it("from a copied tab (the session's key, other details) updates the session's lead", async () => {
    const client = { "x-peer-address": "203.0.113.71" };
    const key = randomUUID();
    const original = answerSchema.parse(
      await (await post(validQuote(), { ...client, "idempotency-key": key })).json(),
    );
    const before = (await leads.list()).length;
    // Over the client's new-lead limit: a copy's details are no new lead, so they still go in.
    for (let i = 0; i < 4; i++) await post(validQuote(), client);
    const copy = await post(validQuote({ frequency: "monthly", phone: "(727) 555-0188" }), {
      ...client,
      "idempotency-key": key,
    });
    expect(copy.status).toBe(200);
    expect(copy.headers.get("etag")).toBe('"2"');
    expect(answerSchema.parse(await copy.json())).toMatchObject({
      id: original.id,
      token: original.token,
    });
    expect(await leads.list()).toHaveLength(before + 4);
    expect(await leads.get(original.id)).toMatchObject({
      frequency: "monthly",
      phone: "(727) 555-0188",
    });
  });
});

describe("the lead's own limit on updates", () => {
  it("is counted per lead, whoever sends them: past it, 429 with Retry-After", async () => {
    const { id, token } = await created();
    // Each from an address of its own: the clients' limits never bite.
    for (let i = 0; i < UPDATE_LIMIT; i++) {
      const response = await patch(id, token, { stories: i % 2 ? "1" : "2" });
      expect(response.status).toBe(200);
    }
    const limited = await patch(id, token, { stories: "3" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await leads.get(id)).toMatchObject({ stories: UPDATE_LIMIT % 2 ? "2" : "1" });
  });
});
