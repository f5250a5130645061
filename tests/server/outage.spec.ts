import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { z } from "zod";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { startFunctionsStub, type RecordedCall, type StubAnswer } from "../support/functions-stub";
import { validQuote } from "../support/quote";
import { browserHeaders, inboxFolder, readInbox, startSite } from "./site-server";

/**
 * A Supabase outage: the lead function answers 500s and lets calls time out for a while, then
 * recovers. Meanwhile the server is killed with calls in flight and started again. Every lead and
 * every update still reaches the function, in order, each call carrying the lead's own
 * Idempotency-Key, so the function can tell a retry from a new lead.
 */

const LEADS = 8;
const bodyOf = (call: RecordedCall) => z.record(z.string(), z.unknown()).parse(call.body);
const ANON_KEY = "outage-test-anon-key";

test("every lead and update reaches the function after an outage, with the same key each time", async () => {
  test.setTimeout(180_000);
  let outage = true;
  let calls = 0;
  const answered: { call: RecordedCall; answer: StubAnswer }[] = [];
  const stub = await startFunctionsStub((call) => {
    calls += 1;
    const answer: StubAnswer = !outage
      ? { status: 200, body: { success: true, id: bodyOf(call).id } }
      : calls % 3 === 0
        ? "hang" // longer than the relay's 8 s timeout
        : { status: 500, body: { success: false, error: "Could not store the lead" } };
    answered.push({ call, answer });
    return answer;
  });
  const inbox = inboxFolder();
  const env = {
    LEADS_DB_PATH: inbox.dbPath,
    SUPABASE_URL: stub.url,
    SUPABASE_ANON_KEY: ANON_KEY,
    LEAD_SIGNING_SECRET: Buffer.alloc(32, 5).toString("base64"),
    LEADS_CREATE_LIMIT: "1000",
    LEADS_UPDATE_LIMIT: "1000",
  };
  let site = await startSite(env);
  try {
    const leads: { id: string; key: string; final: Record<string, unknown> }[] = [];
    for (let i = 0; i < LEADS; i++) {
      const key = randomUUID();
      const created = await fetch(`${site.url}/api/quote`, {
        method: "POST",
        headers: browserHeaders(site, { "idempotency-key": key }),
        body: JSON.stringify({
          ...validQuote({ name: `Outage Visitor ${i}` }),
          [FORM_TIME_KEY]: 9_000,
        }),
      });
      // Acknowledged at once: the outage is the relay's problem, not the visitor's.
      expect(created.status).toBe(201);
      const { id, token } = await created.json();
      const updates = [
        { isPostConstruction: "no", stories: "2", frequency: "monthly" },
        ...(i % 2 === 0 ? [{ isPostConstruction: "no", stories: "3", frequency: "biannual" }] : []),
      ];
      for (const update of updates) {
        const response = await fetch(`${site.url}/api/quote/${id}`, {
          method: "PATCH",
          headers: browserHeaders(site, { authorization: `Bearer ${token}` }),
          body: JSON.stringify(update),
        });
        expect(response.status).toBe(200);
      }
      leads.push({ id, key, final: updates.at(-1) ?? {} });
    }

    // Let the outage bite: failed calls, and calls left hanging when the server dies.
    await expect
      .poll(() => answered.filter((entry) => entry.answer === "hang").length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    await site.kill();
    // The restarted server is sent nothing: its relay starts with it and finds what is owed.
    const callsBeforeRestart = answered.length;
    site = await startSite(env);
    // …and tries, and fails, while the outage lasts.
    await expect
      .poll(() => answered.length - callsBeforeRestart, { timeout: 60_000 })
      .toBeGreaterThan(0);
    outage = false;

    const owed = () =>
      readInbox(inbox.dbPath, (db) =>
        db
          .prepare("SELECT status, COUNT(*) AS n FROM outbox GROUP BY status ORDER BY status")
          .all(),
      );
    await expect
      .poll(owed, { timeout: 60_000, intervals: [500] })
      .toEqual([{ status: "sent", n: LEADS * 2 + LEADS / 2 }]);

    expect(answered.some((entry) => entry.answer !== "hang" && entry.answer.status === 500)).toBe(
      true,
    );
    for (const lead of leads) {
      const mine = answered.filter((entry) => bodyOf(entry.call).id === lead.id);
      for (const { call } of mine) {
        expect(call.path).toBe("/functions/v1/crm-lead");
        expect(call.headers.apikey).toBe(ANON_KEY);
        expect(call.headers["idempotency-key"]).toBe(lead.key);
      }
      // Delivered in order, each call carrying the lead as it stood when sent (docs/leads.md,
      // "The order of deliveries"), the last one the lead as it stands.
      const delivered = mine
        .filter((entry) => entry.answer !== "hang" && entry.answer.status === 200)
        .map((entry) => bodyOf(entry.call));
      // Each state once: strictly newer versions; a create its update carried is not sent apart.
      const versions = delivered.map((body) => Number(body.version));
      expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
      expect(delivered.at(-1)).toMatchObject(lead.final);
    }
    const statuses = readInbox(inbox.dbPath, (db) =>
      db.prepare("SELECT DISTINCT forward_status FROM leads").all(),
    );
    expect(statuses).toEqual([{ forward_status: "forwarded" }]);
    test.info().annotations.push({
      type: "figures",
      description: `${answered.length} calls for ${LEADS} leads and ${LEADS + LEADS / 2} updates`,
    });
  } finally {
    await site.stop();
    await stub.close();
    inbox.done();
  }
});
