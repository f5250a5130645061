import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validQuote } from "@/tests/support/quote";
import { quoteRequestSchema } from "@/lib/quote/schema";
import { openLeadInbox, type LeadInbox } from "./inbox";

let dir: string;
let file: string;
let inbox: LeadInbox;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "inbox-test-"));
  file = path.join(dir, "nested", "leads.db");
  inbox = openLeadInbox(file);
});

afterEach(() => {
  inbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const request = (overrides = {}) => quoteRequestSchema.parse(validQuote(overrides));

describe("LeadInbox", () => {
  it("creates a lead with the server's price, keeping the browser's only for comparison", () => {
    const { lead, token } = inbox.create(request({ totalPrice: 1 }), {
      sourcePage: "/locations/tampa",
      forwarding: false,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // 26-40 quarterly 195 + interior 100 + tracks 50
    expect(lead).toMatchObject({
      totalPrice: 345,
      clientTotalPrice: 1,
      sourcePage: "/locations/tampa",
    });
    expect(lead).toMatchObject({
      isPostConstruction: null,
      stories: null,
      forwardStatus: "off",
      name: "Jane Doe",
    });
    expect(inbox.get(lead.id)).toEqual(lead);
  });

  it("updates steps 5-6 and the plan only with the right token, recomputing the price", () => {
    const { lead, token } = inbox.create(request(), { sourcePage: null, forwarding: true });
    expect(lead.forwardStatus).toBe("pending");
    const update = { isPostConstruction: "no", stories: "2", frequency: "monthly" } as const;
    expect(inbox.update(lead.id, "x".repeat(32), update, { forwarding: true })).toEqual({
      status: "forbidden",
    });
    expect(
      inbox.update("00000000-0000-4000-8000-000000000000", token, update, { forwarding: true }),
    ).toEqual({
      status: "not_found",
    });
    expect(inbox.get(lead.id)?.frequency).toBe("quarterly");

    const result = inbox.update(lead.id, token, update, { forwarding: true });
    expect(result.status).toBe("updated");
    // 26-40 monthly 145 + 150 of add-ons
    expect(inbox.get(lead.id)).toMatchObject({
      isPostConstruction: "no",
      stories: "2",
      frequency: "monthly",
      totalPrice: 295,
    });
  });

  it("lists newest first and finds a lead by a unique id prefix", () => {
    const first = inbox.create(request({ name: "First" }), {
      sourcePage: "/",
      forwarding: false,
    }).lead;
    const second = inbox.create(request({ name: "Second" }), {
      sourcePage: "/",
      forwarding: false,
    }).lead;
    expect(inbox.list().map((lead) => lead.name)).toEqual(["Second", "First"]);
    expect(inbox.find(first.id.slice(0, 8))).toEqual(first);
    expect(inbox.find(second.id.toUpperCase())).toEqual(second);
    expect(inbox.find("")).toBe("ambiguous");
    expect(inbox.find("%")).toBeUndefined();
  });

  it("records forwarding outcomes", () => {
    const { lead } = inbox.create(request(), { sourcePage: null, forwarding: true });
    inbox.recordForwarding(lead.id, { ok: false, error: "HTTP 500" });
    expect(inbox.get(lead.id)).toMatchObject({
      forwardStatus: "failed",
      forwardError: "HTTP 500",
      forwardedAt: null,
    });
    inbox.recordForwarding(lead.id, { ok: true });
    expect(inbox.get(lead.id)).toMatchObject({ forwardStatus: "forwarded", forwardError: null });
  });

  it("survives a reopen, in WAL mode with synchronous=FULL", () => {
    const { lead } = inbox.create(request(), { sourcePage: "/", forwarding: false });
    inbox.close();
    inbox = openLeadInbox(file);
    expect(inbox.get(lead.id)).toEqual(lead);

    const raw = new DatabaseSync(file);
    expect(raw.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(raw.prepare("PRAGMA user_version").get()).toEqual({ user_version: 1 });
    raw.close();
  });

  it("refuses a database from newer code instead of guessing", () => {
    inbox.close();
    const raw = new DatabaseSync(file);
    raw.exec("PRAGMA user_version = 99");
    raw.close();
    expect(() => openLeadInbox(file)).toThrow(/schema version 99/);
    inbox = openLeadInbox(path.join(dir, "other.db"));
  });
});
