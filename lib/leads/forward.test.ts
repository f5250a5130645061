import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFunctionsStub } from "@/tests/support/functions-stub";
import { deliverLead } from "./forward";
import { verifySignature } from "@shared/leads/request-signature";

const ANON_KEY = "test-anon-key";
const SIGNING_SECRET = Buffer.alloc(32, 6).toString("base64");
const KEY = "6f1c1f7e-8d0a-4b8e-9a57-2f4f0f6f7a11";
let stub: Awaited<ReturnType<typeof startFunctionsStub>>;

beforeAll(async () => {
  // The stub answers by the lead's name, as the function would for such input.
  stub = await startFunctionsStub((call) => {
    const name =
      typeof call.body === "object" && call.body && "name" in call.body ? call.body.name : "";
    if (name === "Server Down") return { status: 500, body: { error: "database down" } };
    if (name === "Too Many")
      return { status: 429, body: { error: "slow down" }, headers: { "Retry-After": "30" } };
    if (name === "Timed Out") return { status: 408, body: { error: "request timeout" } };
    if (name === "Not Found") return { status: 404, body: { error: "no such function" } };
    if (name === "Bad Input")
      return { status: 400, body: { success: false, error: "Name is required" } };
    if (name === "No Success") return { status: 200, body: { ok: 1 } };
    if (name === "Bad Signature")
      return { status: 401, body: { success: false, error: "The signature does not match" } };
    // The contract: 201 for a lead the function stores now, 200 for one it already had.
    if (name === "Already Stored") return { status: 200, body: { success: true, id: "x" } };
    return { status: 201, body: { success: true, id: "x" } };
  });
});

afterAll(() => stub.close());

const config = () => ({
  url: stub.url,
  anonKey: ANON_KEY,
  leadFunction: "crm-lead",
  signingSecret: SIGNING_SECRET,
});
const send = (name: string, url?: string) =>
  deliverLead(
    { ...config(), ...(url ? { url } : {}) },
    { payload: { id: "lead-1", name }, idempotencyKey: KEY },
  );

/** A failed delivery as the site reports it: the status, and the function's own reason. */
const refused = (status: number, reason: string, { retryable }: { retryable: boolean }) => ({
  ok: false,
  retryable,
  status,
  error: `HTTP ${status} from the lead function: ${reason}`,
  detail: reason,
});

describe("delivering a lead to the Supabase lead function", () => {
  it("POSTs the payload to /functions/v1/crm-lead with the apikey and the lead's Idempotency-Key", async () => {
    expect(await send("Jane")).toEqual({ ok: true, created: true });
    const call = stub.calls.at(-1);
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/functions/v1/crm-lead");
    expect(call?.headers.apikey).toBe(ANON_KEY);
    expect(call?.headers["idempotency-key"]).toBe(KEY);
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.body).toEqual({ id: "lead-1", name: "Jane" });
    expect(await send("Already Stored")).toEqual({ ok: true, created: false });
  });

  it("signs each call over its method, path, key and the very body sent", async () => {
    await send("Jane");
    const call = stub.calls.at(-1);
    const headers = new Headers(
      Object.entries(call?.headers ?? {}).map(([name, value]): [string, string] => [
        name,
        String(value),
      ]),
    );
    const parts = {
      method: call?.method ?? "",
      path: call?.path ?? "",
      idempotencyKey: KEY,
      body: JSON.stringify(call?.body),
    };
    expect(await verifySignature([SIGNING_SECRET], parts, headers)).toMatchObject({ ok: true });
    const otherSecret = Buffer.alloc(32, 7).toString("base64");
    expect(await verifySignature([otherSecret], parts, headers)).toMatchObject({ ok: false });
  });

  it("calls a refused signature retryable: the owner fixes the secret, the lead still arrives", async () => {
    expect(await send("Bad Signature")).toEqual(
      refused(401, "The signature does not match", { retryable: true }),
    );
  });

  it("calls a 5xx retryable", async () => {
    expect(await send("Server Down")).toEqual(refused(500, "database down", { retryable: true }));
  });

  it("calls a 408 and a 429 retryable, keeping the wait a Retry-After asks (docs/leads.md)", async () => {
    expect(await send("Too Many")).toEqual({
      ...refused(429, "slow down", { retryable: true }),
      retryAfterMs: 30_000,
    });
    expect(await send("Timed Out")).toEqual(refused(408, "request timeout", { retryable: true }));
  });

  it("calls a 404 final: `npm run leads -- retry --all` sends it again after a fix", async () => {
    expect(await send("Not Found")).toMatchObject({ ok: false, retryable: false, status: 404 });
  });

  it("calls a 4xx final, with the function's reason", async () => {
    expect(await send("Bad Input")).toEqual(refused(400, "Name is required", { retryable: false }));
  });

  it("calls an answer without success: true final", async () => {
    expect(await send("No Success")).toMatchObject({ ok: false, retryable: false });
  });

  it("calls an unreachable endpoint retryable", async () => {
    const outcome = await send("Jane", "http://127.0.0.1:9");
    expect(outcome).toMatchObject({ ok: false, retryable: true });
    expect(outcome.ok ? "" : outcome.error).toMatch(/^Network error/);
  });
});
