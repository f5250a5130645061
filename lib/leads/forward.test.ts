import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteRequestSchema } from "@/lib/quote/schema";
import { startFunctionsStub } from "@/tests/support/functions-stub";
import { validQuote } from "@/tests/support/quote";
import { forwardAndRecord } from "./forward";
import { openLeadInbox, type LeadInbox } from "./inbox";

const ANON_KEY = "test-anon-key";
let dir: string;
let inbox: LeadInbox;
let stub: Awaited<ReturnType<typeof startFunctionsStub>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "forward-test-"));
  inbox = openLeadInbox(path.join(dir, "leads.db"));
  // The stub fails any lead whose name says so, and accepts the rest as the real function would.
  stub = await startFunctionsStub((call) => {
    const name =
      typeof call.body === "object" && call.body && "name" in call.body ? call.body.name : "";
    if (name === "Fail Me") return { status: 500, body: { error: "database down" } };
    if (name === "No Success") return { status: 200, body: { ok: 1 } };
    return { status: 200, body: { success: true } };
  });
});

afterAll(async () => {
  await stub.close();
  inbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = () => ({ url: stub.url, anonKey: ANON_KEY, leadFunction: "crm-lead" });

describe("forwarding a lead to the Supabase lead function", () => {
  it("POSTs the SPEC §7 payload and the lead id to /functions/v1/crm-lead with the apikey header", async () => {
    const { lead } = inbox.create(quoteRequestSchema.parse(validQuote({ totalPrice: 9 })), {
      sourcePage: "/",
      forwarding: true,
    });
    const outcome = await forwardAndRecord(inbox, config(), lead);

    expect(outcome).toEqual({ ok: true });
    const call = stub.calls.at(-1);
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/functions/v1/crm-lead");
    expect(call?.headers.apikey).toBe(ANON_KEY);
    // SPEC §7's payload as the browser sent it plus id and page, with the server's price (not the tampered 9).
    expect(call?.body).toEqual({ ...validQuote(), id: lead.id, totalPrice: 345, sourcePage: "/" });
    expect(inbox.get(lead.id)).toMatchObject({ forwardStatus: "forwarded", forwardError: null });
  });

  it("keeps a lead the function refused, marked not forwarded with the reason", async () => {
    const { lead } = inbox.create(quoteRequestSchema.parse(validQuote({ name: "Fail Me" })), {
      sourcePage: "/",
      forwarding: true,
    });
    const outcome = await forwardAndRecord(inbox, config(), lead);

    expect(outcome.ok).toBe(false);
    const stored = inbox.get(lead.id);
    expect(stored).toMatchObject({ name: "Fail Me", forwardStatus: "failed", forwardedAt: null });
    expect(stored?.forwardError).toMatch(/HTTP 500/);
  });

  it("treats an answer without success: true as not forwarded", async () => {
    const { lead } = inbox.create(quoteRequestSchema.parse(validQuote({ name: "No Success" })), {
      sourcePage: "/",
      forwarding: true,
    });
    expect((await forwardAndRecord(inbox, config(), lead)).ok).toBe(false);
    expect(inbox.get(lead.id)?.forwardStatus).toBe("failed");
  });

  it("keeps the lead when the endpoint cannot be reached at all", async () => {
    const { lead } = inbox.create(quoteRequestSchema.parse(validQuote()), {
      sourcePage: "/",
      forwarding: true,
    });
    const outcome = await forwardAndRecord(inbox, { ...config(), url: "http://127.0.0.1:9" }, lead);
    expect(outcome.ok).toBe(false);
    expect(inbox.get(lead.id)?.forwardStatus).toBe("failed");
  });
});
