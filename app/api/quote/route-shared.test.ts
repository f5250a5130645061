import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "@/lib/leads/storage-answer";
import { captureLogs, type LogLine } from "@/lib/log";
import { resetProcessState } from "@/lib/process-state";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { startFunctionsStub, type StubAnswer } from "@/tests/support/functions-stub";
import { validQuote } from "@/tests/support/quote";

/**
 * On Supabase, with the lead function played by a stub: how the routes answer when the
 * shared store is unreachable, refuses, or answers what they cannot read. What it answers when
 * it works, on real PostgreSQL and two servers: tests/supabase/shared-store.spec.ts.
 */

let routes: {
  POST: typeof import("./route").POST;
  PATCH: typeof import("./[id]/route").PATCH;
  GET: typeof import("./[id]/route").GET;
};
let stub: Awaited<ReturnType<typeof startFunctionsStub>>;
let next: StubAnswer;
// The failures are logged: kept out of the test's output.
const logs: LogLine[] = [];
let restoreLogs: () => void;

beforeAll(async () => {
  stub = await startFunctionsStub(() => next);
  vi.stubEnv("SUPABASE_URL", stub.url);
  vi.stubEnv("SUPABASE_SECRET_KEY", "sb_secret_test");
  // Settings and the store are per process: start from the settings stubbed above.
  resetProcessState();
  routes = { ...(await import("./route")), ...(await import("./[id]/route")) };
  restoreLogs = captureLogs(logs);
});

beforeEach(() => {
  stub.calls.length = 0;
});

afterAll(async () => {
  restoreLogs();
  resetProcessState();
  vi.unstubAllEnvs();
  await stub.close();
});

const ADDRESS = "198.51.100.23";
const headers = (more: Record<string, string> = {}) => ({
  "content-type": "application/json",
  "sec-fetch-site": "same-origin",
  "x-peer-address": ADDRESS,
  ...more,
});
const post = () =>
  routes.POST(
    new Request("http://127.0.0.1/api/quote", {
      method: "POST",
      headers: headers({ "idempotency-key": randomUUID() }),
      body: JSON.stringify({ ...validQuote(), [FORM_TIME_KEY]: 9_000 }),
    }),
  );
const id = randomUUID();
const TOKEN = "dG9rZW4tb2YtYS1sZWFkLTAxMjM0NTY3";
const withToken = headers({ authorization: `Bearer ${TOKEN}` });
const get = () =>
  routes.GET(new Request(`http://127.0.0.1/api/quote/${id}`, { headers: withToken }), {
    params: Promise.resolve({ id }),
  });
const patch = () =>
  routes.PATCH(
    new Request(`http://127.0.0.1/api/quote/${id}`, {
      method: "PATCH",
      headers: withToken,
      body: JSON.stringify({ frequency: "monthly" }),
    }),
    { params: Promise.resolve({ id }) },
  );

const result = (value: unknown): StubAnswer => ({
  status: 200,
  body: { success: true, result: value },
});

describe("LEADS_STORE=supabase", () => {
  it("asks the function's shared store with the secret key, counting the client by a hash of its address", async () => {
    next = result({ status: "not_found" });
    expect((await get()).status).toBe(404);
    const [call] = stub.calls;
    expect(call?.path).toBe("/functions/v1/crm-lead/quotes/view");
    expect(call?.headers.apikey).toBe("sb_secret_test");
    const sent = JSON.stringify(call?.body);
    expect(sent).not.toContain(ADDRESS);
    expect(call?.body).toMatchObject({
      id,
      token: TOKEN,
      limit: { client: createHash("sha256").update(ADDRESS).digest("hex") },
    });
  });

  it.each<[string, StubAnswer]>([
    [
      "the database down (500)",
      { status: 500, body: { success: false, error: "Could not store the lead" } },
    ],
    [
      "a refused key (401)",
      {
        status: 401,
        body: { success: false, error: "The apikey is not one of the project's secret keys" },
      },
    ],
    ["an answer it cannot read", result({ status: "stored somewhere" })],
  ])(
    "tells the visitor plainly when the store fails: %s, and acknowledges nothing",
    async (_, answer) => {
      next = answer;
      const created = await post();
      expect(created.status).toBe(503);
      expect(await created.json()).toEqual({ success: false, error: STORAGE_UNAVAILABLE.write });
      expect(created.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      const changed = await patch();
      expect(changed.status).toBe(503);
      expect(await changed.json()).toEqual({ success: false, error: STORAGE_UNAVAILABLE.write });
      const read = await get();
      expect(read.status).toBe(503);
      expect(await read.json()).toEqual({ success: false, error: STORAGE_UNAVAILABLE.read });
      expect(read.headers.get("cache-control")).toBe("no-store");
    },
  );
});

describe("the shared store's limits, and the function gone", () => {
  it("answers the function's count with the site's 429, text and Retry-After", async () => {
    next = result({ status: "limited", retryAfterSeconds: 42 });
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      success: false,
      error: "Too many requests: please wait a few minutes",
    });
    expect(limited.headers.get("retry-after")).toBe("42");
  });

  it("tells the visitor the same when the function cannot be reached at all", async () => {
    next = "hang";
    await stub.close();
    const created = await post();
    expect(created.status).toBe(503);
    expect(await created.json()).toEqual({ success: false, error: STORAGE_UNAVAILABLE.write });
  });
});
