import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { captureLogs, type LogLine } from "@/lib/log";
import { FORM_TIME_KEY, HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { SITE } from "@/content/site";
import { validUntil } from "@/lib/quote/price-lock";
import { PRICE_LOCK_DAYS } from "@shared/content/pricing";
import { currentPriceSheet } from "@shared/quote/locked-price";
import { heldPrices } from "@shared/quote/pricing";
import { acceptedVisitDates } from "@/lib/quote/closed-days";
import { businessToday, formatCalendarDate } from "@/lib/quote/visit-window";
import { validQuote } from "@/tests/support/quote";
import { storedLeads } from "@/tests/support/lead-rows";
import {
  answerSchema,
  quoteCalls,
  routesOnTestDatabase,
  type QuoteRoutes,
} from "@/tests/support/quote-routes";
import { campaignCookieValue } from "@/lib/attribution/campaign-cookie";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "@/lib/leads/storage-answer";

let sql: postgres.Sql;
let POST: QuoteRoutes["POST"];
let PATCH: QuoteRoutes["PATCH"];
let GET: QuoteRoutes["GET"];
let leads: ReturnType<typeof storedLeads>;
let close: () => Promise<void>;
const logs: LogLine[] = [];
let restoreLogs: () => void;

beforeAll(async () => {
  ({
    routes: { POST, PATCH, GET },
    sql,
    leads,
    close,
  } = await routesOnTestDatabase(inject("postgresAdminUrl")));
  restoreLogs = captureLogs(logs);
});

afterAll(async () => {
  restoreLogs();
  await close();
});

const { post, patch, get, created: answered } = quoteCalls(() => ({ POST, PATCH, GET }));

async function created(): Promise<{ id: string; token: string }> {
  return await answered();
}

describe("POST /api/quote", () => {
  it("stores a valid request with the server's price and the source page, then answers 201", async () => {
    const response = await post(validQuote({ name: "  Route Test  " }));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      id: expect.any(String),
      token: expect.any(String),
      quoteUrl: `http://localhost:3000/my-quote#${body.id}.${body.token}`,
      // Notifications are off here: nothing was e-mailed.
      linkEmailed: false,
    });
    expect(await leads.get(body.id)).toMatchObject({
      name: "Route Test",
      totalPrice: 345,
      sourcePage: "/locations/clearwater",
      webhookStatus: "not_configured",
      isPostConstruction: null,
      spamReason: null,
    });
  });

  it("keeps the visit's attribution, refuses a bad one by name, and replays a key whatever it says", async () => {
    const attribution = { utm_source: "google", gclid: "abc123", landingPage: "/locations/tampa" };
    const key = randomUUID();
    const first = await (
      await post(validQuote({ attribution }), { "idempotency-key": key })
    ).json();
    expect((await leads.get(first.id))?.attribution).toEqual(attribution);
    // The same quote again under its key, after the tab noted another visit: the same lead.
    const again = await post(validQuote({ attribution: { utm_source: "bing" } }), {
      "idempotency-key": key,
    });
    expect(again.status).toBe(201);
    expect((await again.json()).id).toBe(first.id);
    const bad = await post(validQuote({ attribution: { utm_source: "s".repeat(201) } }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      error: "utm_source must be at most 200 characters",
    });
  });

  it("takes the campaign from the landing's cookie over what a page sends, and any page without one", async () => {
    const cookie = `other=1; campaign=${encodeURIComponent(
      campaignCookieValue({ utm_source: "newsletter", landingPage: "/monthly-plan" }),
    )}`;
    const sent = { utm_source: "bing", landingPage: "/" };
    const withCookie = await (await post(validQuote({ attribution: sent }), { cookie })).json();
    expect((await leads.get(withCookie.id))?.attribution).toEqual({
      utm_source: "newsletter",
      landingPage: "/monthly-plan",
    });
    // A page loaded before the cookie existed still sends what its tab recorded: kept.
    const before = await (await post(validQuote({ attribution: sent }))).json();
    expect((await leads.get(before.id))?.attribution).toEqual(sent);
    const direct = await (await post(validQuote())).json();
    expect((await leads.get(direct.id))?.attribution).toBeNull();
  });

  it("ignores a tampered totalPrice", async () => {
    const body = await (await post(validQuote({ totalPrice: 1 }))).json();
    expect(await leads.get(body.id)).toMatchObject({ totalPrice: 345, clientTotalPrice: 1 });
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ name: "n".repeat(101) }, "Name must be less than 100 characters"],
    [{ email: "nope" }, "Invalid email address"],
    [{ email: `${"e".repeat(244)}@example.com` }, "Email must be less than 255 characters"],
    [{ phone: " " }, "Phone is required"],
    [{ phone: "1".repeat(21) }, "Phone must be 10 digits, like (727) 555-0123"],
    [{ address: "" }, "Address is required"],
    [{ address: "a".repeat(256) }, "Address must be less than 255 characters"],
    [{ message: "m".repeat(1001) }, "Message must be less than 1000 characters"],
    [{ paneCount: "1-2" }, "Choose a pane count range"],
    [{ coupon: "FREE" }, "Unknown field: coupon"],
    [{ [FORM_TIME_KEY]: "soon" }, `${FORM_TIME_KEY} must be a number`],
  ])("answers 400 for %j with the exact message", async (overrides, message) => {
    const before = (await leads.list({ only: "all" })).length;
    const response = await post({ ...validQuote(), ...overrides });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: message });
    expect(await leads.list({ only: "all" })).toHaveLength(before);
  });

  it("answers 415 unless the body is declared JSON", async () => {
    const response = await post(JSON.stringify(validQuote()), { "content-type": "text/plain" });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ success: false });
  });

  it("answers 413 for an oversized body, whatever Content-Length claims", async () => {
    const huge = { ...validQuote(), message: "m".repeat(20_000) };
    expect((await post(huge)).status).toBe(413);
    expect((await post(huge, { "content-length": "10" })).status).toBe(413);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const response = await post("{name:");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "The body must be valid JSON" });
  });
});

describe("same origin only", () => {
  it.each([
    ["a cross-site fetch", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }],
    ["a same-site fetch", { "sec-fetch-site": "same-site", origin: "https://shop.127.0.0.1" }],
    ["a script with no Origin", { "sec-fetch-site": "" }],
    ["a foreign Origin", { "sec-fetch-site": "", origin: "https://evil.example" }],
  ])("refuses %s with 403", async (_name, headers) => {
    const before = (await leads.list({ only: "all" })).length;
    const response = await post(validQuote(), headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      success: false,
      error: "Cross-origin requests are not allowed",
    });
    const { id, token } = await created();
    expect(
      (
        await patch(
          id,
          token,
          { isPostConstruction: "no", stories: "1", frequency: "monthly" },
          headers,
        )
      ).status,
    ).toBe(403);
    expect(await leads.list({ only: "all" })).toHaveLength(before + 1);
  });

  it("accepts an Origin that is the site's own, when Sec-Fetch-Site is missing", async () => {
    expect(
      (await post(validQuote(), { "sec-fetch-site": "", origin: "http://localhost:3000" })).status,
    ).toBe(201);
    // The host the request was sent to counts too, so `next start` on any address works.
    expect(
      (
        await post(validQuote(), {
          "sec-fetch-site": "",
          origin: "http://127.0.0.1",
          host: "127.0.0.1",
        })
      ).status,
    ).toBe(201);
  });
});

describe("idempotency", () => {
  it("answers a repeated key with the first answer and creates nothing new", async () => {
    const key = randomUUID();
    const first = await post(validQuote(), { "idempotency-key": key });
    const firstBody = answerSchema.parse(await first.json());
    const before = (await leads.list()).length;
    const again = await post(validQuote(), { "idempotency-key": key.toUpperCase() });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    expect(await leads.list()).toHaveLength(before);
  });

  it("ignores the bot-trap timing when comparing a retry with the first request", async () => {
    const key = randomUUID();
    const first = await post(
      { ...validQuote(), [FORM_TIME_KEY]: 9_000 },
      { "idempotency-key": key },
    );
    const again = await post(
      { ...validQuote(), [FORM_TIME_KEY]: 31_000 },
      { "idempotency-key": key },
    );
    expect(await again.json()).toEqual(await first.json());
  });

  it("answers a repeat after the 24-hour replay window with 409, without the token or a new lead", async () => {
    const key = randomUUID();
    const first = answerSchema.parse(
      await (await post(validQuote(), { "idempotency-key": key })).json(),
    );
    const before = (await leads.list()).length;
    // The key was answered 24 hours ago (the store's clock is PostgreSQL's).
    await sql`update public.lead_idempotency_keys set created_at = created_at - interval '24 hours'
      where key = ${key}`;
    const late = await post(validQuote(), { "idempotency-key": key });
    expect(late.status).toBe(409);
    const body = await late.text();
    expect(body).toMatch(
      /already received on \w+day, \w+ \d{1,2}, \d{4}\. Start a new quote to change it\./,
    );
    expect(body).not.toContain(first.token);
    expect(await leads.list()).toHaveLength(before);
  });

  it("makes one lead of many concurrent requests with one key", async () => {
    const key = randomUUID();
    const before = (await leads.list()).length;
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => post(validQuote(), { "idempotency-key": key })),
    );
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(201));
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(await leads.list()).toHaveLength(before + 1);
  });

  it("refuses a key that is not a UUID v4", async () => {
    const response = await post(validQuote(), { "idempotency-key": "abc" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: "Idempotency-Key must be a UUID v4",
    });
  });
});

describe("bot traps", () => {
  it.each([
    [
      "a filled honeypot",
      { [HONEYPOT_KEY]: "http://spam.example", [FORM_TIME_KEY]: 12_000 },
      /honeypot/,
    ],
    ["a submit 0.8 s after first touching the calculator", { [FORM_TIME_KEY]: 800 }, /800 ms/],
  ])("answer %s like a success and keep the lead flagged as spam", async (_name, traps, reason) => {
    const response = await post({ ...validQuote({ name: "Spam Bot" }), ...traps });
    expect(response.status).toBe(201);
    const { id } = answerSchema.parse(await response.json());
    expect(await leads.get(id)).toMatchObject({
      name: "Spam Bot",
      spamReason: expect.stringMatching(reason),
    });
    expect((await leads.list()).some((lead) => lead.id === id)).toBe(false);
    expect((await leads.list({ only: "spam" })).some((lead) => lead.id === id)).toBe(true);
  });

  it("lets a person who took their time through", async () => {
    const response = await post({ ...validQuote(), [HONEYPOT_KEY]: "", [FORM_TIME_KEY]: 3_000 });
    const { id } = answerSchema.parse(await response.json());
    expect((await leads.get(id))?.spamReason).toBeNull();
  });
});

describe("rate limit", () => {
  it("allows about 5 new leads per client per 10 minutes, then 429 with Retry-After", async () => {
    const client = { "x-peer-address": "203.0.113.9" };
    for (let i = 0; i < 5; i++) expect((await post(validQuote(), client)).status).toBe(201);
    const before = (await leads.list()).length;
    const limited = await post(validQuote(), client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ success: false });
    expect(await leads.list()).toHaveLength(before);
    // Another client is not affected.
    expect((await post(validQuote(), { "x-peer-address": "203.0.113.10" })).status).toBe(201);
  });

  it("never counts a retry of an answered request", async () => {
    const client = { "x-peer-address": "203.0.113.11", "idempotency-key": randomUUID() };
    for (let i = 0; i < 20; i++) expect((await post(validQuote(), client)).status).toBe(201);
  });

  it("allows about 60 updates per client per 10 minutes", async () => {
    const { id, token } = await created();
    const client = { "x-peer-address": "203.0.113.12" };
    const answers = { isPostConstruction: "no", stories: "1", frequency: "monthly" };
    for (let i = 0; i < 60; i++) expect((await patch(id, token, answers, client)).status).toBe(200);
    expect((await patch(id, token, answers, client)).status).toBe(429);
  });
});

describe("PATCH /api/quote/{id}", () => {
  const answers = { isPostConstruction: "no", stories: "3", frequency: "monthly" };

  it("updates the lead with the right token and recomputes the price", async () => {
    const { id, token } = await created();
    const response = await patch(id, token, answers);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      quote: { frequency: "monthly", totalPrice: 295, stories: "3" },
    });
    // 26-40 monthly 145 + interior 100 + tracks 50
    expect(await leads.get(id)).toMatchObject({
      isPostConstruction: "no",
      stories: "3",
      frequency: "monthly",
      totalPrice: 295,
    });
  });

  it("refuses a wrong token, an unknown id and a missing token, changing nothing", async () => {
    const { id } = await created();
    expect((await patch(id, "w".repeat(32), answers)).status).toBe(403);
    expect(
      (await patch("00000000-0000-4000-8000-000000000000", "w".repeat(32), answers)).status,
    ).toBe(404);
    expect((await patch("not-a-uuid", "w".repeat(32), answers)).status).toBe(404);
    expect((await patch(id, "", answers)).status).toBe(401);
    expect(await leads.get(id)).toMatchObject({ isPostConstruction: null, frequency: "quarterly" });
  });

  it("answers 400 for an update that is not the schema's", async () => {
    const { id, token } = await created();
    const response = await patch(id, token, { ...answers, total: 0 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "Unknown field: total" });
  });
});

describe("the saved-quote page's changes", () => {
  it("switches plan and add-ons, answering the quote the server priced", async () => {
    const { id, token } = await created();
    const addOns = { interior: false, screens: true, tracks: true };
    const response = await patch(id, token, { frequency: "biannual", addOns });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // 26-40 biannual 245 + screens 25 + tracks 50; saving 295 - 245
    expect(await response.json()).toMatchObject({
      success: true,
      quote: { frequency: "biannual", addOns, totalPrice: 320, firstVisitSaving: 50 },
    });
    expect(await leads.get(id)).toMatchObject({ frequency: "biannual", addOns, totalPrice: 320 });
  });

  it("keeps a visit window on an open day within reach, and refuses others with the reason", async () => {
    const { id, token } = await created();
    const [first] = acceptedVisitDates(new Date());
    const ok = await patch(id, token, {
      visitWindow: { earliestDate: first, partOfDay: "morning" },
    });
    expect(ok.status).toBe(200);
    expect(await leads.get(id)).toMatchObject({
      visitEarliestDate: first,
      visitPartOfDay: "morning",
    });

    const today = businessToday(new Date());
    const refused = await patch(id, token, {
      visitWindow: { earliestDate: today, partOfDay: "any" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      success: false,
      error: `Choose an earliest date from tomorrow up to ${SITE.visitWindowDaysAhead} days out`,
    });
    expect(await leads.get(id)).toMatchObject({ visitEarliestDate: first });
  });

  it("refuses a visit window past the quote's price lock, naming its last day", async () => {
    const { id, token } = await created();
    const last = validUntil((await leads.get(id))!.createdAt);
    const [after] = acceptedVisitDates(new Date()).filter((date) => date > last);
    expect(after, "the window reaches past the lock").toBeDefined();
    const response = await patch(id, token, {
      visitWindow: { earliestDate: after!, partOfDay: "any" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: `This price is held until ${formatCalendarDate(last)}: choose an earliest date up to then, or call us for a later visit`,
    });
    expect(await leads.get(id)).toMatchObject({ visitEarliestDate: null });
  });

  it("refuses a visit window on a holiday the business closes on, naming it", async () => {
    const { id, token } = await created();
    // Friday before Thanksgiving 2026: the Thursday after is an open weekday, but a holiday.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T15:00:00Z") });
    try {
      const response = await patch(id, token, {
        visitWindow: { earliestDate: "2026-11-26", partOfDay: "any" },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        error: "We are closed on Thanksgiving Day: choose another day",
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await leads.get(id)).toMatchObject({ visitEarliestDate: null });
  });

  it("refuses a change once the price lock has run out: 410, with the date", async () => {
    const { id, token } = await created();
    // Requested so long ago that the lock ran out yesterday (the store's clock is PostgreSQL's).
    const today = businessToday(new Date());
    await sql`update public.quote_requests set created_at = now() - interval '1 day' * ${PRICE_LOCK_DAYS + 2}
      where id = ${id}`;
    const lead = (await leads.get(id))!;
    const last = validUntil(lead.createdAt);
    expect(last < today).toBe(true);
    const response = await patch(id, token, { frequency: "monthly" });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({
      success: false,
      error: `This quote expired after ${formatCalendarDate(last)}: please ask for a new one`,
    });
    const view = await get(id, token);
    expect(await view.json()).toMatchObject({ quote: { expired: true, validUntil: last } });
    expect(await leads.get(id)).toEqual(lead);
  });
});

describe("GET /api/quote/{id}", () => {
  it("answers the quote as its page shows it, e-mail and phone masked, never cached", async () => {
    const { id, token } = await created();
    const response = await get(id, token);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      quote: {
        firstName: "Jane",
        address: "100 Bayshore Blvd, Tampa, FL",
        email: "j•••@example.com",
        phone: "••• ••• 0100",
        paneCount: "26-40",
        frequency: "quarterly",
        addOns: { interior: true, screens: false, tracks: true },
        isPostConstruction: null,
        stories: null,
        totalPrice: 345,
        firstVisitSaving: 100,
        // The prices the quote is held to, for its range: today's for a lead made today.
        priceSheet: heldPrices("26-40", currentPriceSheet()),
        requestedAt: (await leads.get(id))!.createdAt,
        validUntil: validUntil((await leads.get(id))!.createdAt),
        expired: false,
        visitWindow: null,
      },
    });
    expect(JSON.stringify(body)).not.toContain("Gate code");
  });

  it("answers an unknown id and a wrong token with the same 404", async () => {
    const { id, token } = await created();
    const wrongToken = await get(id, "w".repeat(32));
    const unknownId = await get("00000000-0000-4000-8000-000000000000", token);
    const notAnId = await get("not-a-uuid", token);
    for (const response of [wrongToken, unknownId, notAnId]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, error: "Quote not found" });
    }
    expect((await get(id, "")).status).toBe(401);
  });

  it("is same-origin only and rate-limited with the updates", async () => {
    const { id, token } = await created();
    expect((await get(id, token, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    const client = { "x-peer-address": "203.0.113.44" };
    for (let i = 0; i < 60; i++) expect((await get(id, token, client)).status).toBe(200);
    expect((await get(id, token, client)).status).toBe(429);
    expect((await patch(id, token, { frequency: "monthly" }, client)).status).toBe(429);
  });

  it("never writes a token to the log", async () => {
    const { id, token } = await created();
    await get(id, token);
    await get(id, "wrongtoken".repeat(4));
    await patch(id, token, { frequency: "monthly" });
    const text = JSON.stringify(logs);
    expect(text).not.toContain(token);
    expect(text).not.toContain("wrongtoken");
  });
});

describe('when the database refuses a write (docs/leads.md, "When the store fails")', () => {
  it("answers 503 with Retry-After and the words to call, never a success, and stores nothing", async () => {
    const { id, token } = await created();
    const before = (await leads.list({ only: "all" })).length;
    // Every new or changed lead row is refused from now on, as a full or broken disk would.
    await sql`alter table public.quote_requests add constraint refuse_writes check (false) not valid`;
    try {
      const posted = await post(validQuote(), { "idempotency-key": randomUUID() });
      expect(posted.status).toBe(503);
      expect(posted.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      expect(await posted.json()).toEqual({ success: false, error: STORAGE_UNAVAILABLE.write });
      expect(STORAGE_UNAVAILABLE.write).toContain(SITE.phone.display);
      const patched = await patch(id, token, { frequency: "monthly" });
      expect(patched.status).toBe(503);
      expect(patched.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      // Reads still work: the saved-quote page shows the quote as it stands.
      expect((await get(id, token)).status).toBe(200);
    } finally {
      await sql`alter table public.quote_requests drop constraint refuse_writes`;
    }
    expect(await leads.list({ only: "all" })).toHaveLength(before);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: "lead.storage_failed", route: "POST /api/quote" }),
    );
    // The database back, the same visitor's retry is a lead.
    expect((await post(validQuote())).status).toBe(201);
  });
});

describe("logs", () => {
  it("are one JSON object per event with time, level and event, never the visitor's details", () => {
    expect(logs.length).toBeGreaterThan(50);
    for (const line of logs) {
      expect(line).toEqual(
        expect.objectContaining({
          time: expect.any(String),
          level: expect.any(String),
          event: expect.any(String),
        }),
      );
      const text = JSON.stringify(line);
      for (const personal of [
        "Jane",
        "jane@example.com",
        "555-0100",
        "Bayshore",
        "Gate code",
        "Spam Bot",
      ]) {
        expect(text).not.toContain(personal);
      }
    }
    expect(logs.map((line) => line.event)).toEqual(
      expect.arrayContaining([
        "lead.created",
        "lead.updated",
        "lead.replayed",
        "lead.spam_flagged",
        "request.refused",
      ]),
    );
  });
});

describe("text the lead function could not store", () => {
  it.each([
    ["a NUL character", '"Jane\\u0000Doe"'],
    ["a lone surrogate", '"Jane\\ud800Doe"'],
  ])("is refused with 400: %s", async (_name, name) => {
    const body = JSON.stringify(validQuote()).replace('"Jane Doe"', name);
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: "Text must be valid Unicode without NUL characters",
    });
  });

  it("copes with a body nested deeper than the call stack", async () => {
    const response = await post(`${"[".repeat(8_000)}${"]".repeat(8_000)}`);
    expect(response.status).toBe(400);
  });
});
