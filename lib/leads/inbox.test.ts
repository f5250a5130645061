import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { quoteRequestSchema } from "@shared/quote/schema";
import { storeLead } from "@/tests/support/leads";
import { SAMPLE_ATTRIBUTION, validQuote } from "@/tests/support/quote";
import { addDays } from "@/lib/quote/visit-window";
import { validUntil } from "@/lib/quote/price-lock";
import { currentPriceSheet, sheetTotal, type PriceSheet } from "@shared/quote/locked-price";
import { quoteTotal } from "@shared/quote/pricing";
import { REPLAY_WINDOW_MS, openLeadInbox, type LeadInbox } from "./inbox";
import { SCHEMA_VERSION } from "./database";

/** A change of plan and add-ons alone, as the saved-quote page sends it. */
const TO_MONTHLY_WITH_SCREENS = {
  frequency: "monthly",
  addOns: { interior: false, screens: true, tracks: false },
} as const;

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
const KEY = "6f1c1f7e-8d0a-4b8e-9a57-2f4f0f6f7a11";

describe("the saved-quote page's reads and changes", () => {
  it("shows a lead only to its token: an unknown id and a wrong token look the same", () => {
    const { lead, token } = storeLead(inbox);
    expect(inbox.view(lead.id, token)).toEqual({ status: "found", lead });
    expect(inbox.view(lead.id, "x".repeat(32))).toEqual({ status: "not_found" });
    expect(inbox.view("00000000-0000-4000-8000-000000000000", token)).toEqual({
      status: "not_found",
    });
  });

  it("switches plan and add-ons alone, keeping the other answers, and reprices", () => {
    const { lead, token } = storeLead(inbox, {}, { forwarding: true });
    const { addOns } = TO_MONTHLY_WITH_SCREENS;
    const result = inbox.update(lead.id, token, TO_MONTHLY_WITH_SCREENS, { forwarding: true });
    // 26-40 monthly 145 + screens 25
    expect(result).toMatchObject({
      status: "updated",
      lead: {
        frequency: "monthly",
        addOns,
        totalPrice: 170,
        isPostConstruction: null,
        stories: null,
      },
    });
    const [, update] = inbox.outbox.deliveriesOf(lead.id);
    expect(update).toMatchObject({ kind: "update" });
  });

  it("changes only the add-on an update names: the others stay as another tab set them", () => {
    // 26-40, quarterly, interior and tracks.
    const { lead, token } = storeLead(inbox);
    inbox.update(lead.id, token, { frequency: "monthly" }, { forwarding: false });
    const result = inbox.update(
      lead.id,
      token,
      { addOns: { screens: true } },
      { forwarding: false },
    );
    // 26-40 monthly 145 + interior 100 + screens 25 + tracks 50
    expect(result).toMatchObject({
      status: "updated",
      lead: {
        frequency: "monthly",
        addOns: { interior: true, screens: true, tracks: true },
        totalPrice: 320,
      },
    });
  });

  it("keeps a visit window, and sends it and the event with the update", () => {
    const { lead, token } = storeLead(inbox, {}, { forwarding: true });
    const visitWindow = { earliestDate: "2026-12-01", partOfDay: "afternoon" } as const;
    const result = inbox.update(lead.id, token, { visitWindow }, { forwarding: true });
    expect(result).toMatchObject({
      status: "updated",
      lead: { visitEarliestDate: "2026-12-01", visitPartOfDay: "afternoon", totalPrice: 345 },
    });
    const payloads = inbox.outbox.deliveriesOf(lead.id).map((delivery) => delivery.payload);
    expect(JSON.parse(payloads[0]!)).toMatchObject({ event: "create" });
    expect(JSON.parse(payloads[0]!)).not.toHaveProperty("visitWindow");
    expect(JSON.parse(payloads[1]!)).toMatchObject({ event: "update", visitWindow });
  });

  it("holds the given price through a visit window or steps 5-6; only a plan or add-on change reprices", () => {
    const { lead, token } = storeLead(inbox);
    // The price the visitor was given, as if the table had changed since.
    const raw = new DatabaseSync(file);
    raw.prepare("UPDATE leads SET total_price = 999 WHERE id = ?").run(lead.id);
    raw.close();
    const visitWindow = { earliestDate: "2026-12-01", partOfDay: "any" } as const;
    expect(inbox.update(lead.id, token, { visitWindow }, { forwarding: false })).toMatchObject({
      lead: { totalPrice: 999 },
    });
    const steps = { isPostConstruction: "no", stories: "2" } as const;
    expect(inbox.update(lead.id, token, steps, { forwarding: false })).toMatchObject({
      lead: { totalPrice: 999 },
    });
    expect(
      inbox.update(lead.id, token, { frequency: lead.frequency }, { forwarding: false }),
    ).toMatchObject({ lead: { totalPrice: lead.totalPrice } });
  });

  it("prices a change within the lock from the table of the quote's day, kept with the lead", () => {
    const { lead, token } = storeLead(inbox);
    // The table on the quote's day, as if today's had changed since: every price $10 higher.
    const today = currentPriceSheet();
    const quoteDay: PriceSheet = {
      plans: Object.fromEntries(
        Object.entries(today.plans).map(([range, plans]) => [
          range,
          Object.fromEntries(Object.entries(plans).map(([plan, price]) => [plan, price + 10])),
        ]),
      ),
      addOns: Object.fromEntries(
        Object.entries(today.addOns).map(([addOn, price]) => [addOn, price + 10]),
      ),
    };
    const raw = new DatabaseSync(file);
    const setSheet = (sheet: PriceSheet | null) =>
      raw
        .prepare("UPDATE leads SET price_sheet = ? WHERE id = ?")
        .run(sheet && JSON.stringify(sheet), lead.id);
    setSheet(quoteDay);
    const { addOns } = TO_MONTHLY_WITH_SCREENS;
    const switched = inbox.update(lead.id, token, TO_MONTHLY_WITH_SCREENS, { forwarding: false });
    expect(switched).toMatchObject({
      lead: { totalPrice: sheetTotal(quoteDay, lead.paneCount, "monthly", addOns) },
    });
    expect(sheetTotal(quoteDay, lead.paneCount, "monthly", addOns)).not.toBe(
      quoteTotal(lead.paneCount, "monthly", addOns),
    );
    // A lead kept before the inbox kept sheets: today's table.
    setSheet(null);
    raw.close();
    expect(
      inbox.update(lead.id, token, { frequency: "quarterly" }, { forwarding: false }),
    ).toMatchObject({ lead: { totalPrice: quoteTotal(lead.paneCount, "quarterly", addOns) } });
  });

  it("refuses any change once the price lock has run out, changing nothing", () => {
    const { lead, token } = storeLead(inbox);
    const last = validUntil(lead.createdAt);
    const dayAfter = new Date(`${addDays(last, 1)}T17:00:00Z`);
    expect(
      inbox.update(lead.id, token, { frequency: "monthly" }, { forwarding: false, now: dayAfter }),
    ).toEqual({ status: "expired", validUntil: last });
    expect(inbox.get(lead.id)).toEqual(lead);
    const lastDay = new Date(`${last}T17:00:00Z`);
    expect(
      inbox.update(lead.id, token, { frequency: "monthly" }, { forwarding: false, now: lastDay }),
    ).toMatchObject({ status: "updated" });
  });
});

describe("LeadInbox", () => {
  it("creates a lead with the server's price, keeping the browser's only for comparison", () => {
    const { lead, token } = storeLead(inbox, { totalPrice: 1 }, { sourcePage: "/locations/tampa" });
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
      spamReason: null,
    });
    expect(inbox.get(lead.id)).toEqual(lead);
  });

  it("keeps the visit's attribution, reads it back and forwards it with the lead", () => {
    const attribution = SAMPLE_ATTRIBUTION;
    const { lead } = storeLead(inbox, { attribution }, { forwarding: true });
    expect(lead.attribution).toEqual(attribution);
    expect(inbox.get(lead.id)?.attribution).toEqual(attribution);
    const [create] = inbox.outbox.deliveriesOf(lead.id);
    expect(JSON.parse(create?.payload ?? "{}")).toMatchObject({ event: "create", attribution });
    const without = storeLead(inbox, {}, { forwarding: true }).lead;
    expect(without.attribution).toBeNull();
    expect(JSON.parse(inbox.outbox.deliveriesOf(without.id)[0]?.payload ?? "")).not.toHaveProperty(
      "attribution",
    );
  });

  it("updates steps 5-6 and the plan only with the right token, recomputing the price", () => {
    const { lead, token } = storeLead(inbox, {}, { forwarding: true });
    expect(lead.forwardStatus).toBe("pending");
    const update = { isPostConstruction: "no", stories: "2", frequency: "monthly" } as const;
    expect(inbox.update(lead.id, "x".repeat(32), update, { forwarding: true })).toEqual({
      status: "forbidden",
    });
    expect(
      inbox.update("00000000-0000-4000-8000-000000000000", token, update, { forwarding: true }),
    ).toEqual({ status: "not_found" });
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
    const first = storeLead(inbox, { name: "First" }).lead;
    const second = storeLead(inbox, { name: "Second" }).lead;
    expect(inbox.list().map((lead) => lead.name)).toEqual(["Second", "First"]);
    expect(inbox.find(first.id.slice(0, 8))).toEqual(first);
    expect(inbox.find(second.id.toUpperCase())).toEqual(second);
    expect(inbox.find("")).toBe("ambiguous");
    expect(inbox.find("%")).toBeUndefined();
  });

  it("survives a reopen, in WAL mode with synchronous=FULL", () => {
    const { lead } = storeLead(inbox);
    inbox.close();
    inbox = openLeadInbox(file);
    expect(inbox.get(lead.id)).toEqual(lead);

    const raw = new DatabaseSync(file);
    expect(raw.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(raw.prepare("PRAGMA user_version").get()).toEqual({ user_version: SCHEMA_VERSION });
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

describe("idempotency", () => {
  const meta = (requestHash: string) => ({
    sourcePage: "/",
    forwarding: true,
    idempotency: { key: KEY, requestHash },
  });

  it("answers a repeated key with the first answer and stores nothing new", () => {
    const first = inbox.create(request(), meta("hash-a"));
    if (first.status !== "created") throw new Error(first.status);
    const again = inbox.create(request(), meta("hash-a"));
    expect(again).toEqual({
      status: "replayed",
      id: first.lead.id,
      token: first.token,
      linkEmailed: false, // notifications are off in these tests
    });
    expect(inbox.list()).toHaveLength(1);
    expect(inbox.outbox.counts().pending).toBe(1);
    expect(first.lead.idempotencyKey).toBe(KEY);
  });

  it("refuses the same key with a different request", () => {
    inbox.create(request(), meta("hash-a"));
    expect(inbox.create(request({ name: "Other" }), meta("hash-b"))).toEqual({
      status: "key_reused",
    });
    expect(inbox.list()).toHaveLength(1);
  });

  it("erases the raw token once the replay window is over, and still makes no second lead", () => {
    const first = inbox.create(request(), meta("hash-a"));
    if (first.status !== "created") throw new Error(first.status);
    const storedToken = () =>
      String(new DatabaseSync(file).prepare("SELECT answer FROM idempotency_keys").get()?.answer);
    const receivedAt = Date.parse(first.lead.createdAt);

    // One millisecond inside the window: replayed, and the token is still on record.
    const inside = receivedAt + REPLAY_WINDOW_MS - 1;
    expect(inbox.forgetExpiredTokens(inside)).toBe(0);
    expect(inbox.earlierAnswer({ key: KEY, requestHash: "hash-a" }, inside)).toEqual({
      status: "replayed",
      id: first.lead.id,
      token: first.token,
      linkEmailed: false,
    });
    expect(storedToken()).toContain(first.token);

    // At the window's end: no replay even before the erasure runs, then the token is gone.
    const over = receivedAt + REPLAY_WINDOW_MS;
    const expired = {
      status: "replay_expired",
      id: first.lead.id,
      receivedAt: first.lead.createdAt,
    };
    expect(inbox.earlierAnswer({ key: KEY, requestHash: "hash-a" }, over)).toEqual(expired);
    expect(inbox.forgetExpiredTokens(over)).toBe(1);
    expect(storedToken()).toBe(JSON.stringify({ id: first.lead.id }));
    expect(inbox.forgetExpiredTokens(over)).toBe(0);
    expect(inbox.earlierAnswer({ key: KEY, requestHash: "hash-a" })).toEqual(expired);
    expect(inbox.create(request(), meta("hash-a"))).toEqual(expired);
    expect(inbox.create(request({ name: "Other" }), meta("hash-b"))).toEqual({
      status: "key_reused",
    });
    expect(inbox.list()).toHaveLength(1);
    // The lead's own token (kept as a hash) still opens it.
    expect(
      inbox.update(
        first.lead.id,
        first.token,
        {
          isPostConstruction: "no",
          stories: "1",
          frequency: first.lead.frequency,
        },
        { forwarding: false },
      ).status,
    ).toBe("updated");
  });

  it("is enforced by the schema itself: a second row for a key is impossible", () => {
    storeLead(inbox, {}, meta("hash-a"));
    const other = storeLead(inbox).lead;
    const raw = new DatabaseSync(file);
    expect(() =>
      raw
        .prepare(
          "INSERT INTO idempotency_keys (key, request_hash, lead_id, answer, created_at) VALUES (?, 'h', ?, '{}', '')",
        )
        .run(KEY, other.id),
    ).toThrow(/UNIQUE constraint failed: idempotency_keys.key/);
    expect(() =>
      raw.prepare("UPDATE leads SET idempotency_key = ? WHERE id = ?").run(KEY, other.id),
    ).toThrow(/UNIQUE constraint failed: leads.idempotency_key/);
    raw.close();
  });
});

describe("outbox rows, written with the lead", () => {
  it("queues a create with the lead, and each update after it, when forwarding", () => {
    const { lead, token } = storeLead(inbox, {}, { forwarding: true });
    inbox.update(
      lead.id,
      token,
      { isPostConstruction: "no", stories: "1", frequency: "monthly" },
      { forwarding: true },
    );
    const deliveries = inbox.outbox.deliveriesOf(lead.id);
    expect(deliveries.map((delivery) => [delivery.kind, delivery.status])).toEqual([
      ["create", "pending"],
      ["update", "pending"],
    ]);
    expect(JSON.parse(deliveries[0]?.payload ?? "")).toMatchObject({ id: lead.id, stories: "" });
    expect(JSON.parse(deliveries[1]?.payload ?? "")).toMatchObject({
      id: lead.id,
      stories: "1",
      totalPrice: 295,
    });
    expect(new Set(deliveries.map((delivery) => delivery.idempotencyKey)).size).toBe(1);
  });

  it("queues nothing without forwarding, and nothing for spam", () => {
    storeLead(inbox);
    const spam = storeLead(inbox, {}, { forwarding: true, spamReason: "honeypot" });
    inbox.update(
      spam.lead.id,
      spam.token,
      { isPostConstruction: "no", stories: "1", frequency: "monthly" },
      { forwarding: true },
    );
    expect(inbox.outbox.counts()).toEqual({ pending: 0, sent: 0, dead: 0 });
    expect(inbox.get(spam.lead.id)?.forwardStatus).toBe("off");
  });

  it("releases a flagged lead once: queued as it stands, its confirmation sent", () => {
    const TIMING = { windowMs: 120_000, settleMs: 15_000 };
    const spam = storeLead(inbox, {}, { forwarding: true, spamReason: "honeypot", mail: TIMING });
    inbox.update(
      spam.lead.id,
      spam.token,
      { isPostConstruction: "no", stories: "2", frequency: "monthly" },
      { forwarding: true, mail: TIMING },
    );
    expect(inbox.outbox.deliveriesOf(spam.lead.id)).toEqual([]);

    const released = inbox.release(spam.lead.id, { forwarding: true });
    expect(released).toMatchObject({
      status: "released",
      reason: "honeypot",
      forwarded: true,
      confirmation: { released: true, withLink: true },
      lead: { spamReason: null, forwardStatus: "pending" },
    });
    const deliveries = inbox.outbox.deliveriesOf(spam.lead.id);
    expect(deliveries.map((delivery) => delivery.kind)).toEqual(["create"]);
    expect(JSON.parse(deliveries[0]?.payload ?? "")).toMatchObject({
      event: "create",
      id: spam.lead.id,
      stories: "2",
      frequency: "monthly",
      totalPrice: 295,
    });
    expect(deliveries[0]?.idempotencyKey).toBe(spam.lead.idempotencyKey);
    const visitor = inbox.mail.mailOf(spam.lead.id).find((row) => row.kind === "visitor");
    expect(visitor).toMatchObject({ status: "pending", quoteUrl: expect.stringContaining("#") });
    expect(inbox.list().map((lead) => lead.id)).toEqual([spam.lead.id]);

    // Once only; a real lead and an unknown id have nothing to release.
    expect(inbox.release(spam.lead.id, { forwarding: true })).toEqual({ status: "not_spam" });
    expect(inbox.outbox.deliveriesOf(spam.lead.id)).toHaveLength(1);
    expect(inbox.release(storeLead(inbox).lead.id, { forwarding: true })).toEqual({
      status: "not_spam",
    });
    expect(inbox.release("00000000-0000-4000-8000-000000000000", { forwarding: true })).toEqual({
      status: "not_found",
    });
    // Updates after the release are forwarded like any lead's.
    inbox.update(spam.lead.id, spam.token, { frequency: "quarterly" }, { forwarding: true });
    expect(inbox.outbox.deliveriesOf(spam.lead.id).map((delivery) => delivery.kind)).toEqual([
      "create",
      "update",
    ]);
  });

  it("releases without forwarding what a site without the CRM never forwards", () => {
    const spam = storeLead(inbox, {}, { spamReason: "honeypot" });
    expect(inbox.release(spam.lead.id, { forwarding: false })).toMatchObject({
      status: "released",
      forwarded: false,
      confirmation: { released: false, withLink: false },
    });
    expect(inbox.outbox.counts()).toEqual({ pending: 0, sent: 0, dead: 0 });
  });

  it("keeps spam out of the default list, and in its own", () => {
    storeLead(inbox, { name: "Real" });
    storeLead(inbox, { name: "Bot" }, { spamReason: "honeypot" });
    expect(inbox.list().map((lead) => lead.name)).toEqual(["Real"]);
    expect(inbox.list({ only: "spam" }).map((lead) => lead.name)).toEqual(["Bot"]);
    expect(inbox.spamCount()).toBe(1);
  });
});

describe("migrating an older inbox", () => {
  it("gives existing leads their id as key and keeps them", () => {
    inbox.close();
    const old = path.join(dir, "v1.db");
    const raw = new DatabaseSync(old);
    raw.exec(`CREATE TABLE leads (
      id TEXT PRIMARY KEY, token_hash TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
      name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, address TEXT NOT NULL,
      message TEXT NOT NULL DEFAULT '', pane_count TEXT NOT NULL, frequency TEXT NOT NULL,
      add_interior INTEGER NOT NULL, add_screens INTEGER NOT NULL, add_tracks INTEGER NOT NULL,
      is_post_construction TEXT, stories TEXT, total_price INTEGER NOT NULL, client_total_price INTEGER,
      source_page TEXT, forward_status TEXT NOT NULL, forward_error TEXT, forwarded_at TEXT);
      CREATE INDEX leads_created_at ON leads (created_at);
      INSERT INTO leads VALUES ('11111111-1111-4111-8111-111111111111', 'aa', '2026-01-01T00:00:00.000Z',
        '2026-01-01T00:00:00.000Z', 'Old Lead', 'o@example.com', '1', 'Street', '', '0-25', 'initial',
        0, 1, 0, NULL, NULL, 300, 300, '/', 'off', NULL, NULL);
      PRAGMA user_version = 1;`);
    raw.close();
    inbox = openLeadInbox(old);
    expect(inbox.list()).toMatchObject([
      {
        name: "Old Lead",
        idempotencyKey: "11111111-1111-4111-8111-111111111111",
        spamReason: null,
        addOns: { interior: false, screens: true, tracks: false },
      },
    ]);
  });

  it("gives a version-8 inbox's leads an empty attribution, keeping them", () => {
    inbox.close();
    const old = path.join(dir, "v8.db");
    const v8 = openLeadInbox(old);
    const { lead } = storeLead(v8, { name: "Before attribution" });
    v8.close();
    const raw = new DatabaseSync(old);
    raw.exec(`ALTER TABLE leads DROP COLUMN attribution; PRAGMA user_version = 8;`);
    raw.close();
    inbox = openLeadInbox(old);
    expect(inbox.get(lead.id)).toEqual(lead);
  });

  it("renames the add-on columns of a version-2 inbox, keeping every lead's choices", () => {
    inbox.close();
    const old = path.join(dir, "v2.db");
    const v2 = openLeadInbox(old);
    storeLead(v2, { name: "Before", addOns: { interior: true, screens: false, tracks: true } });
    v2.close();
    const raw = new DatabaseSync(old);
    raw.exec(`ALTER TABLE leads RENAME COLUMN add_on_interior TO add_interior;
      ALTER TABLE leads RENAME COLUMN add_on_screens TO add_screens;
      ALTER TABLE leads RENAME COLUMN add_on_tracks TO add_tracks;
      DROP TABLE mail_outbox;
      ALTER TABLE leads DROP COLUMN visit_earliest_date;
      ALTER TABLE leads DROP COLUMN visit_part_of_day;
      ALTER TABLE leads DROP COLUMN price_sheet;
      ALTER TABLE leads DROP COLUMN attribution;
      PRAGMA user_version = 2;`);
    raw.close();
    inbox = openLeadInbox(old);
    expect(inbox.list()).toMatchObject([
      {
        name: "Before",
        addOns: { interior: true, screens: false, tracks: true },
        visitEarliestDate: null,
        visitPartOfDay: null,
      },
    ]);
    const migrated = new DatabaseSync(old);
    const columns = migrated
      .prepare("SELECT name FROM pragma_table_info('leads')")
      .all()
      .map((row) => String(row.name));
    migrated.close();
    expect(columns.filter((name) => name.startsWith("add_"))).toEqual([
      "add_on_interior",
      "add_on_screens",
      "add_on_tracks",
    ]);
  });

  it("lets a version-6 inbox hold confirmations, keeping every e-mail row and its id", () => {
    inbox.close();
    const old = path.join(dir, "v6.db");
    const v6 = openLeadInbox(old);
    const { lead } = storeLead(v6, {}, { mail: { windowMs: 1, settleMs: 1 } });
    const before = v6.mail.mailOf(lead.id);
    v6.close();
    const raw = new DatabaseSync(old);
    // Version 6's table: the same columns, without "held" in the status CHECK.
    raw.exec(`CREATE TABLE v6 AS SELECT * FROM mail_outbox; DROP TABLE mail_outbox;
      CREATE TABLE mail_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        kind TEXT NOT NULL CHECK (kind IN ('owner', 'owner_update', 'visitor')),
        seq INTEGER NOT NULL, recipient TEXT,
        status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'dead', 'capped')),
        attempts INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL,
        next_attempt_at INTEGER NOT NULL, leased_until INTEGER NOT NULL DEFAULT 0,
        give_up_at INTEGER NOT NULL, last_error TEXT, sent_at TEXT, sent_version TEXT,
        quote_url TEXT, UNIQUE (lead_id, kind, seq));
      INSERT INTO mail_outbox SELECT * FROM v6; DROP TABLE v6;
      ALTER TABLE leads DROP COLUMN price_sheet;
      ALTER TABLE leads DROP COLUMN attribution;
      PRAGMA user_version = 6;`);
    raw.close();
    inbox = openLeadInbox(old);
    expect(inbox.mail.mailOf(lead.id)).toEqual(before);
    const spam = storeLead(inbox, {}, { mail: { windowMs: 1, settleMs: 1 }, spamReason: "bot" });
    const rows = inbox.mail.mailOf(spam.lead.id);
    expect(rows.map((row) => row.status)).toEqual(["held", "pending"]);
    expect(rows[0]?.id).toBeGreaterThan(Math.max(...before.map((row) => row.id)));
  });

  it("refuses a table that does not match the declared columns", () => {
    inbox.close();
    const odd = path.join(dir, "odd.db");
    const raw = new DatabaseSync(odd);
    raw.exec(`CREATE TABLE leads (id TEXT PRIMARY KEY, extra TEXT);
      CREATE TABLE idempotency_keys (key TEXT); CREATE TABLE outbox (id INTEGER);
      PRAGMA user_version = 3;`);
    raw.close();
    expect(() => openLeadInbox(odd)).toThrow(/does not match lib\/leads\/lead-table.ts/);
    inbox = openLeadInbox(file);
  });
});
