import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { LeadInbox } from "@/lib/leads/inbox";
import { validQuote } from "@/tests/support/quote";

let dir: string;
let POST: (request: Request) => Promise<Response>;
let PATCH: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
let inbox: LeadInbox;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "route-test-"));
  vi.stubEnv("LEADS_DB_PATH", path.join(dir, "leads.db"));
  vi.stubEnv("SUPABASE_URL", "");
  vi.stubEnv("SUPABASE_ANON_KEY", "");
  ({ POST } = await import("./route"));
  ({ PATCH } = await import("./[id]/route"));
  inbox = (await import("@/lib/leads/get-inbox")).getLeadInbox();
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return POST(
    new Request("http://127.0.0.1/api/quote", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        referer: "http://127.0.0.1/locations/clearwater?utm=x#contact",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

function patch(id: string, token: string, body: unknown): Promise<Response> {
  const request = new Request(`http://127.0.0.1/api/quote/${id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return PATCH(request, { params: Promise.resolve({ id }) });
}

async function created(): Promise<{ id: string; token: string }> {
  const response = await post(validQuote());
  expect(response.status).toBe(201);
  return z
    .object({ success: z.literal(true), id: z.string(), token: z.string() })
    .parse(await response.json());
}

describe("POST /api/quote", () => {
  it("stores a valid request with the server's price and the source page, then answers 201", async () => {
    const response = await post(validQuote({ name: "  Route Test  " }));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ success: true, id: expect.any(String), token: expect.any(String) });
    expect(inbox.get(body.id)).toMatchObject({
      name: "Route Test",
      totalPrice: 345,
      sourcePage: "/locations/clearwater",
      forwardStatus: "off",
      isPostConstruction: null,
    });
  });

  it("ignores a tampered totalPrice", async () => {
    const body = await (await post(validQuote({ totalPrice: 1 }))).json();
    expect(inbox.get(body.id)).toMatchObject({ totalPrice: 345, clientTotalPrice: 1 });
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ name: "n".repeat(101) }, "Name must be less than 100 characters"],
    [{ email: "nope" }, "Invalid email address"],
    [{ email: `${"e".repeat(244)}@example.com` }, "Email must be less than 255 characters"],
    [{ phone: " " }, "Phone is required"],
    [{ phone: "1".repeat(21) }, "Phone must be less than 20 characters"],
    [{ address: "" }, "Address is required"],
    [{ address: "a".repeat(256) }, "Address must be less than 255 characters"],
    [{ message: "m".repeat(1001) }, "Message must be less than 1000 characters"],
    [{ paneCount: "1-2" }, "Choose a pane count range"],
    [{ coupon: "FREE" }, "Unknown field: coupon"],
  ])("answers 400 for %j with the exact message", async (overrides, message) => {
    const before = inbox.list().length;
    const response = await post({ ...validQuote(), ...overrides });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: message });
    expect(inbox.list()).toHaveLength(before);
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

describe("PATCH /api/quote/{id}", () => {
  const answers = { isPostConstruction: "no", stories: "3", frequency: "monthly" };

  it("updates the lead with the right token and recomputes the price", async () => {
    const { id, token } = await created();
    const response = await patch(id, token, answers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    // 26-40 monthly 145 + interior 100 + tracks 50
    expect(inbox.get(id)).toMatchObject({
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
    expect(inbox.get(id)).toMatchObject({ isPostConstruction: null, frequency: "quarterly" });
  });

  it("answers 400 for an update that is not the schema's", async () => {
    const { id, token } = await created();
    const response = await patch(id, token, { ...answers, totalPrice: 0 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "Unknown field: totalPrice" });
  });
});
