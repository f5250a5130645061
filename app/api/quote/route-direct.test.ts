import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { captureLogs, type LogLine } from "@/lib/log";
import { resetProcessState } from "@/lib/process-state";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { startFunctionsStub } from "@/tests/support/functions-stub";
import { PRICE_LOCK_DAYS } from "@/content/pricing";
import { validQuote } from "@/tests/support/quote";
import { acceptedVisitDates } from "@/lib/quote/closed-days";

/** LEADS_STORE=none: no inbox, each request forwarded while the visitor waits. */

let POST: (request: Request) => Promise<Response>;
type Handler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;
let PATCH: Handler;
let GET: Handler;
let stub: Awaited<ReturnType<typeof startFunctionsStub>>;
let down = false;
const logs: LogLine[] = [];
let restoreLogs: () => void;
const SECRET = randomBytes(32);

beforeAll(async () => {
  // Plays the function's contract: one lead id per key, 422 for a key reused for another id.
  const owners = new Map<string, unknown>();
  stub = await startFunctionsStub((call) => {
    if (down) return { status: 500, body: { success: false, error: "Could not store the lead" } };
    const key = String(call.headers["idempotency-key"]);
    const id =
      typeof call.body === "object" && call.body && "id" in call.body ? call.body.id : null;
    if (owners.has(key) && owners.get(key) !== id) {
      return {
        status: 422,
        body: { success: false, error: "This Idempotency-Key was already used for another lead" },
      };
    }
    // 201 for a lead stored now, 200 for one it already had (supabase/README.md).
    const known = owners.has(key);
    owners.set(key, id);
    return { status: known ? 200 : 201, body: { success: true, id } };
  });
  vi.stubEnv("LEADS_STORE", "none");
  vi.stubEnv("LEADS_DB_PATH", "/nonexistent/never-opened.db");
  vi.stubEnv("SUPABASE_URL", stub.url);
  vi.stubEnv("SUPABASE_ANON_KEY", "anon");
  vi.stubEnv("LEAD_SIGNING_SECRET", Buffer.alloc(32, 4).toString("base64"));
  vi.stubEnv("LEADS_TOKEN_SECRET", SECRET.toString("base64"));
  // Settings, inbox and limiters are per process: start from the settings stubbed above.
  resetProcessState();
  ({ POST } = await import("./route"));
  ({ PATCH, GET } = await import("./[id]/route"));
  restoreLogs = captureLogs(logs);
});

afterAll(async () => {
  restoreLogs();
  resetProcessState();
  vi.unstubAllEnvs();
  await stub.close();
});

const headers = (more: Record<string, string> = {}) => ({
  "content-type": "application/json",
  "sec-fetch-site": "same-origin",
  "x-peer-address": randomUUID(),
  ...more,
});

const post = (body: unknown, more: Record<string, string> = {}) =>
  POST(
    new Request("http://127.0.0.1/api/quote", {
      method: "POST",
      headers: headers(more),
      body: JSON.stringify(body),
    }),
  );

const patch = (id: string, token: string, body: unknown) =>
  PATCH(
    new Request(`http://127.0.0.1/api/quote/${id}`, {
      method: "PATCH",
      headers: headers({ authorization: `Bearer ${token}` }),
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id }) },
  );

const answerSchema = z.object({ success: z.literal(true), id: z.uuid(), token: z.string() });

describe("LEADS_STORE=none", () => {
  it("offers no saved-quote link, and says plainly that saved quotes are not kept", async () => {
    const body = await (await post(validQuote())).json();
    const { id, token } = answerSchema.parse(body);
    expect(body).not.toHaveProperty("quoteUrl");
    const view = await GET(
      new Request(`http://127.0.0.1/api/quote/${id}`, {
        headers: headers({ authorization: `Bearer ${token}` }),
      }),
      { params: Promise.resolve({ id }) },
    );
    expect(view.status).toBe(501);
    expect(await view.json()).toEqual({
      success: false,
      error: "Saved quotes are not kept on this site",
    });
  });

  it("forwards the plan, add-ons and a visit window of an update as an update", async () => {
    const { id, token } = answerSchema.parse(await (await post(validQuote())).json());
    const [earliestDate] = acceptedVisitDates(new Date());
    const visitWindow = { earliestDate, partOfDay: "any" };
    const addOns = { interior: false, screens: true, tracks: false };
    const response = await patch(id, token, { frequency: "monthly", addOns, visitWindow });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    // 26-40 monthly 145 + screens 25
    expect(stub.calls.at(-1)?.body).toMatchObject({
      event: "update",
      id,
      frequency: "monthly",
      addOns,
      totalPrice: 170,
      visitWindow,
    });
  });

  it("answers success only after the function said so, with the key it was sent", async () => {
    const key = randomUUID();
    const response = await post(validQuote({ totalPrice: 1 }), { "idempotency-key": key });
    expect(response.status).toBe(201);
    const { id } = answerSchema.parse(await response.json());
    const call = stub.calls.at(-1);
    expect(call?.headers["idempotency-key"]).toBe(key);
    expect(call?.body).toMatchObject({ id, name: "Jane Doe", totalPrice: 345, stories: "" });
  });

  it("answers 502 when the function fails, so the calculator shows its failure toast", async () => {
    down = true;
    const response = await post(validQuote());
    down = false;
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ success: false, error: "The quote could not be sent" });
  });

  it("refuses a change once the price lock has run out, as the inbox does (410)", async () => {
    const created = answerSchema.parse(await (await post(validQuote())).json());
    const before = stub.calls.length;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + (PRICE_LOCK_DAYS + 2) * 24 * 60 * 60 * 1000);
      const late = await patch(created.id, created.token, { frequency: "monthly" });
      expect(late.status).toBe(410);
      expect(await late.json()).toMatchObject({
        error: expect.stringMatching(/^This quote expired after /),
      });
    } finally {
      vi.useRealTimers();
    }
    expect(stub.calls.length).toBe(before);
  });

  it("names the same lead for the same key and request, so a retry is deduplicated", async () => {
    const key = randomUUID();
    const first = answerSchema.parse(
      await (await post(validQuote(), { "idempotency-key": key })).json(),
    );
    const again = answerSchema.parse(
      await (await post(validQuote(), { "idempotency-key": key })).json(),
    );
    // The same lead; the new token carries the time of this answer, and works as the first does.
    expect(again.id).toBe(first.id);
    for (const token of [first.token, again.token]) {
      expect((await patch(first.id, token, { frequency: "monthly" })).status).toBe(200);
    }
  });

  it("refuses the same key with another request (the function's 422)", async () => {
    const key = randomUUID();
    await post(validQuote(), { "idempotency-key": key });
    const response = await post(validQuote({ name: "Someone Else" }), { "idempotency-key": key });
    expect(response.status).toBe(422);
  });

  it("forwards an update with the lead's key, and refuses a token for another lead", async () => {
    const key = randomUUID();
    const { id, token } = answerSchema.parse(
      await (await post(validQuote(), { "idempotency-key": key })).json(),
    );
    const answers = { isPostConstruction: "no", stories: "2", frequency: "monthly" };
    expect((await patch(id, token, answers)).status).toBe(200);
    expect(stub.calls.at(-1)?.headers["idempotency-key"]).toBe(key);
    expect(stub.calls.at(-1)?.body).toMatchObject({
      id,
      stories: "2",
      frequency: "monthly",
      totalPrice: 295,
      name: "Jane Doe",
    });

    const other = answerSchema.parse(await (await post(validQuote())).json());
    expect((await patch(other.id, token, answers)).status).toBe(403);
    expect((await patch(id, "x".repeat(40), answers)).status).toBe(403);
  });

  describe("a token this server did not sign reaches nothing: 403, and no call to the function", () => {
    const answers = { isPostConstruction: "no", stories: "2", frequency: "monthly" };
    const encode = (contents: unknown) =>
      Buffer.from(JSON.stringify(contents)).toString("base64url");
    const signWith = (secret: Buffer, body: string) =>
      `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
    /** What an attacker would write: a whole new lead, not a spam one, for any id. */
    const forgedContents = (id: string) => ({
      v: 2,
      at: new Date().toISOString(),
      key: randomUUID(),
      id,
      page: null,
      quote: validQuote({ name: "Forged Lead" }),
      spam: false,
    });

    it.each([
      ["made by hand, unsigned (the old format)", (id: string) => encode(forgedContents(id))],
      [
        "signed with another secret",
        (id: string) => signWith(randomBytes(32), encode(forgedContents(id))),
      ],
    ])("a token %s", async (_, forge) => {
      const id = randomUUID();
      const calls = stub.calls.length;
      const response = await patch(id, forge(id), answers);
      expect(response.status).toBe(403);
      expect(stub.calls.length).toBe(calls);
    });

    it("a real token altered: the spam flag lifted, or the quote changed", async () => {
      const trapped = answerSchema.parse(
        await (await post({ ...validQuote(), [FORM_TIME_KEY]: 100 })).json(),
      );
      const [body, signature] = trapped.token.split(".");
      const contents = z
        .record(z.string(), z.unknown())
        .parse(JSON.parse(Buffer.from(body ?? "", "base64url").toString("utf8")));
      const calls = stub.calls.length;
      for (const changed of [
        { ...contents, spam: false },
        { ...contents, quote: validQuote({ name: "Someone Else" }) },
      ]) {
        const response = await patch(trapped.id, `${encode(changed)}.${signature}`, answers);
        expect(response.status).toBe(403);
      }
      expect(stub.calls.length).toBe(calls);
    });
  });

  it("answers a tripped trap like a success, forwards nothing, and logs it", async () => {
    const calls = stub.calls.length;
    const response = await post({ ...validQuote(), [FORM_TIME_KEY]: 100 });
    expect(response.status).toBe(201);
    const { id, token } = answerSchema.parse(await response.json());
    expect(
      (await patch(id, token, { isPostConstruction: "no", stories: "1", frequency: "initial" }))
        .status,
    ).toBe(200);
    expect(stub.calls.length).toBe(calls);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: "lead.spam_not_kept", leadId: id }),
    );
  });
});
