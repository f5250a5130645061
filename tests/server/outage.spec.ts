import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { Webhook } from "standardwebhooks";
import { failureMessage } from "@/components/quote/messages";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "@/lib/leads/storage-answer";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import type { WebhookBody } from "@shared/leads/webhook";
import { CHROMIUM_ARGS, resolveChromium } from "../e2e/chromium";
import {
  contactFor,
  continueStep,
  E2E_MIN_FORM_MS,
  expectStep,
  fillQuote,
  toast,
} from "../e2e/quote-flow";
import { waitForScripts } from "../e2e/test";
import { freePort } from "../support/processes";
import { validQuote } from "../support/quote";
import { TempCluster } from "../supabase/postgres";
import { startWebhookStub } from "../supabase/webhook-stub";
import { browserHeaders, startSite, testDatabase, type SiteServer } from "./site-server";

/**
 * Outages around the embedded store: PostgreSQL itself stops while visitors send quotes (the
 * visitor is told to try again in a minute or to call, nothing is half-stored, and the site
 * recovers by itself when it is back); and the CRM is down, then its poster (this server) is
 * killed with posts in flight: every lead and update still reaches the CRM, in order.
 */

test.use({ launchOptions: { executablePath: resolveChromium(), args: CHROMIUM_ARGS } });

const LIMITS = { LEADS_CREATE_LIMIT: "1000", LEADS_UPDATE_LIMIT: "1000" };

function create(site: SiteServer, key: string, name: string): Promise<Response> {
  return fetch(`${site.url}/api/quote`, {
    method: "POST",
    headers: browserHeaders(site, { "idempotency-key": key }),
    body: JSON.stringify({ ...validQuote({ name }), [FORM_TIME_KEY]: 20_000 }),
  });
}

function quoteCall(site: SiteServer, lead: { id: string; token: string }, body?: unknown) {
  return fetch(`${site.url}/api/quote/${lead.id}`, {
    method: body ? "PATCH" : "GET",
    headers: browserHeaders(site, { authorization: `Bearer ${lead.token}` }),
    body: body ? JSON.stringify(body) : undefined,
  });
}

test("PostgreSQL stops: 503s with when to retry and the number to call, nothing half-stored, and it recovers by itself", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A cluster of the test's own: stopping it must not touch the other tests' databases.
  const cluster = await TempCluster.create(await freePort());
  const holder = postgres(cluster.url, { max: 1, onnotice: () => undefined });
  let site: SiteServer | undefined;
  try {
    await cluster.applyMigrations();
    site = await startSite({
      DATABASE_URL: cluster.url,
      LEADS_MIN_FORM_MS: String(E2E_MIN_FORM_MS),
      ...LIMITS,
    });
    const acknowledged: { key: string; id: string; token: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const key = randomUUID();
      const response = await create(site, key, `Before ${i}`);
      expect(response.status).toBe(201);
      acknowledged.push({ key, ...(await response.json()) });
    }
    const [saved] = acknowledged;
    if (!saved) throw new Error("no lead");
    // The visitor in the browser is on the contact step when the database stops.
    await page.goto(`${site.url}/`);
    await waitForScripts(page);
    await fillQuote(page, {
      panes: "26-40",
      plan: "Monthly",
      addOns: [],
      contact: contactFor("Outage Visitor"),
      likeAPerson: true,
    });

    // A change in flight as PostgreSQL stops, waiting for the lead's row: postgres.js wrote its
    // rollback to the closed connection, which never sent again (pool.ts, connectPool).
    const held = await holder.reserve();
    await held`begin`;
    await held`select 1 from public.quote_requests where id = ${saved.id} for update`;
    const inFlight = quoteCall(site, saved, { frequency: "monthly" });
    await expect.poll(() => cluster.waitingForLocks(), { timeout: 20_000 }).toBe(1);
    await cluster.stop();
    expect((await inFlight).status).toBe(503);
    const refusedKey = randomUUID();
    const refused = await create(site, refusedKey, "During");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
    expect(await refused.json()).toEqual({ success: false, error: STORAGE_UNAVAILABLE.write });
    const update = await quoteCall(site, saved, { frequency: "monthly" });
    expect(update.status).toBe(503);
    expect(await update.json()).toEqual({ success: false, error: STORAGE_UNAVAILABLE.write });
    const read = await quoteCall(site, saved);
    expect(read.status).toBe(503);
    expect(read.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
    expect(await read.json()).toEqual({ success: false, error: STORAGE_UNAVAILABLE.read });
    await continueStep(page);
    await expect(toast(page, failureMessage(STORAGE_RETRY_AFTER_SECONDS))).toBeVisible();
    await expectStep(page, 4);
    await expect(toast(page, "Quote request submitted successfully!")).toHaveCount(0);
    // The pages need no store: the site stays up for everyone else.
    expect((await fetch(`${site.url}/monthly-plan`)).status).toBe(200);
    expect(site.output()).toContain('"event":"lead.storage_failed"');
    expect(site.output()).not.toContain("uncaughtException");

    // PostgreSQL comes back: no restart of the site, the next tap and the next retry simply work.
    await cluster.start();
    // More changes at once than the site's pool has connections (lib/leads/runtime.ts), and a
    // change is not sent twice: each connection reconnects, the one stopped mid-query too, and
    // every change is applied.
    const changes = await Promise.all(
      Array.from({ length: 12 }, () => quoteCall(site!, saved, { frequency: "monthly" })),
    );
    expect(changes.map((response) => response.status)).toEqual(changes.map(() => 200));
    await continueStep(page);
    await expect(toast(page, "Quote request submitted successfully!")).toBeVisible();
    await expectStep(page, 5);
    const retried = await create(site, refusedKey, "During");
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();

    const rows = await cluster.rows(
      "select id, name, idempotency_key, frequency from public.quote_requests",
    );
    for (const lead of acknowledged)
      expect(rows.filter((row) => row.idempotency_key === lead.key)).toHaveLength(1);
    expect(rows.filter((row) => row.idempotency_key === refusedKey)).toHaveLength(1);
    expect(rows.filter((row) => row.name === "Outage Visitor")).toHaveLength(1);
    expect(rows).toHaveLength(acknowledged.length + 2);
    expect(rows.find((row) => row.id === saved.id)?.frequency).toBe("monthly");
  } finally {
    await site?.stop();
    await holder.end({ timeout: 0 });
    await cluster.destroy();
  }
});

const LEADS = 8;

test("the CRM down, then the server killed with posts in flight: every lead and update reaches the CRM, in order", async () => {
  test.setTimeout(180_000);
  const crm = await startWebhookStub();
  crm.state.failing = true;
  const database = await testDatabase();
  // The embedded store's server signs its posts (docs/leads.md, "Checking the CRM post's signature").
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const env = {
    DATABASE_URL: database.url,
    CRM_WEBHOOK_URL: crm.url,
    CRM_WEBHOOK_SECRET: secret,
    ...LIMITS,
  };
  let site = await startSite(env);
  try {
    const leads: { id: string; key: string; final: Record<string, unknown> }[] = [];
    for (let i = 0; i < LEADS; i++) {
      const key = randomUUID();
      const created = await create(site, key, `Outage Visitor ${i}`);
      // Acknowledged at once: the CRM's outage is the outbox's problem, not the visitor's.
      expect(created.status).toBe(201);
      const { id, token } = await created.json();
      const updates = [
        { isPostConstruction: "no", stories: "2", frequency: "monthly" },
        ...(i % 2 === 0 ? [{ isPostConstruction: "no", stories: "3", frequency: "biannual" }] : []),
      ];
      for (const update of updates) {
        const response = await quoteCall(site, { id, token }, update);
        expect(response.status).toBe(200);
      }
      leads.push({ id, key, final: updates.at(-1) ?? {} });
    }

    // Let the outage bite: refusals, then posts left hanging when the server dies.
    await expect.poll(() => crm.received.length, { timeout: 30_000 }).toBeGreaterThan(LEADS);
    crm.state.failing = "hang";
    const beforeHang = crm.received.length;
    await expect
      .poll(() => crm.received.length - beforeHang, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await site.kill();
    // What the killed server held: the posts in flight, leased to it for a minute.
    const held = (
      await database.sql`
        select lease_id from public.lead_outbox
        where channel = 'crm' and status = 'pending' and leased_until > now()`
    ).map((row) => String(row.lease_id));
    expect(held.length).toBeGreaterThanOrEqual(1);
    // The restarted server is sent nothing: it posts what the outbox owes from before. Each lead's
    // posts go in order, and the killed server may have held every lead's next post (a claim takes
    // up to eight): those wait out their lease. The minute passes for those leases alone, and the
    // outbox's listeners are told, as a due time that moves tells them.
    crm.state.failing = true;
    const beforeRestart = crm.received.length;
    site = await startSite(env);
    await database.sql`
      update public.lead_outbox set leased_until = now() where lease_id::text in ${database.sql(held)}`;
    await database.sql`select pg_notify('lead_outbox', '')`;
    await expect
      .poll(() => crm.received.length - beforeRestart, { timeout: 90_000 })
      .toBeGreaterThan(0);
    crm.state.failing = false;

    const owed = async () => [
      ...(await database.sql`
        select status, count(*)::int as n from public.lead_outbox
        where channel = 'crm' group by status order by status`),
    ];
    // A post in flight at the kill is sent again once its lease has run out.
    await expect
      .poll(owed, { timeout: 120_000, intervals: [1_000] })
      .toEqual([{ status: "sent", n: LEADS * 2 + LEADS / 2 }]);

    const bodies = crm.received as WebhookBody[];
    const accepted = crm.accepted as WebhookBody[];
    for (const lead of leads) {
      // Every post of the lead carries it as it stood when sent: its key, never an older state.
      const mine = bodies.filter((body) => body.lead.id === lead.id);
      expect(mine.every((body) => body.lead.idempotencyKey === lead.key)).toBe(true);
      const delivered = accepted.filter((body) => body.lead.id === lead.id);
      expect(delivered[0]?.event).toBe("lead.created");
      // Each state once: strictly newer versions; the last one the lead as it stands.
      const versions = delivered.map((body) => body.lead.version);
      expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
      expect(delivered.at(-1)?.lead).toMatchObject(lead.final);
    }
    const statuses = await database.sql`select distinct webhook_status from public.quote_requests`;
    expect([...statuses]).toEqual([{ webhook_status: "delivered" }]);
    // Every attempt, by either server process, signed with the secret: the CRM's own check passes.
    const verifier = new Webhook(secret);
    for (const { headers, text } of crm.deliveries) {
      const body = verifier.verify(text, headers as Record<string, string>) as WebhookBody;
      expect(headers["webhook-id"]).toBe(`lead_${body.lead.id}_v${body.lead.version}`);
    }
    test.info().annotations.push({
      type: "figures",
      description: `${crm.received.length} posts for ${LEADS} leads and ${LEADS + LEADS / 2} updates`,
    });
  } finally {
    await site.stop();
    await crm.stop();
    await database.drop();
  }
});
