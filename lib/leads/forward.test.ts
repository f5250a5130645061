import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFunctionsStub } from "@/tests/support/functions-stub";
import { callStore } from "./forward";

const SECRET_KEY = "sb_secret_test-key";
const ID = "6f1c1f7e-8d0a-4b8e-9a57-2f4f0f6f7a11";
/** What the stub answers for a view the function carried out. */
const FOUND = { status: "not_found" };
let stub: Awaited<ReturnType<typeof startFunctionsStub>>;

beforeAll(async () => {
  // The stub answers by the request's token, as the function would for such a failure.
  stub = await startFunctionsStub((call) => {
    const name =
      typeof call.body === "object" && call.body && "token" in call.body ? call.body.token : "";
    if (name === "Server Down") return { status: 500, body: { error: "database down" } };
    if (name === "Too Many")
      return { status: 429, body: { error: "slow down" }, headers: { "Retry-After": "30" } };
    if (name === "Timed Out") return { status: 408, body: { error: "request timeout" } };
    if (name === "Not Found") return { status: 404, body: { error: "no such function" } };
    if (name === "Bad Input")
      return { status: 400, body: { success: false, error: "Name is required" } };
    if (name === "No Result") return { status: 200, body: { success: true } };
    if (name === "Bad Key")
      return {
        status: 401,
        body: { success: false, error: "The apikey is not one of the project's secret keys" },
      };
    // The contract (store-contract.ts): whatever the operation did, 200 with its result.
    return { status: 200, body: { success: true, result: FOUND } };
  });
});

afterAll(() => stub.close());

const config = () => ({
  url: stub.url,
  secretKey: SECRET_KEY,
  leadFunction: "crm-lead",
});
const send = (token: string, url?: string) =>
  callStore({ ...config(), ...(url ? { url } : {}) }, "view", { id: ID, token });

/** A failed call as the site reports it: the status, and the function's own reason. */
const refused = (status: number, reason: string) => ({
  ok: false,
  status,
  error: `HTTP ${status} from the lead function: ${reason}`,
  detail: reason,
});

describe("asking the Supabase lead function's store", () => {
  it("POSTs the request to /functions/v1/crm-lead/quotes/{operation} with the secret key as apikey", async () => {
    expect(await send("Jane")).toEqual({ ok: true, result: FOUND });
    const call = stub.calls.at(-1);
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/functions/v1/crm-lead/quotes/view");
    expect(call?.headers.apikey).toBe(SECRET_KEY);
    // The key is not a JWT: it goes as `apikey` only (Supabase's "Authorization headers").
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.body).toEqual({ id: ID, token: "Jane" });
  });

  it("reports a refusal with its status and the function's reason", async () => {
    expect(await send("Bad Key")).toEqual(
      refused(401, "The apikey is not one of the project's secret keys"),
    );
    expect(await send("Server Down")).toEqual(refused(500, "database down"));
    expect(await send("Too Many")).toEqual(refused(429, "slow down"));
    expect(await send("Timed Out")).toEqual(refused(408, "request timeout"));
    expect(await send("Bad Input")).toEqual(refused(400, "Name is required"));
    expect(await send("Not Found")).toMatchObject({ ok: false, status: 404 });
  });

  it("refuses an answer without a result", async () => {
    expect(await send("No Result")).toEqual({
      ok: false,
      error: expect.stringMatching(/malformed/),
    });
  });

  it("reports an unreachable endpoint as a network error, with no status", async () => {
    const outcome = await send("Jane", "http://127.0.0.1:9");
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/^Network error/) });
  });
});
