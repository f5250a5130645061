import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { quoteTotal } from "@shared/quote/pricing";
import { ANON_KEY, delivery, expect, SIGNING_SECRET, test } from "./fixtures";
import { missingTools, scriptWithSiteCode } from "./tools";

/**
 * Deliveries from PostgreSQL (#34): the CRM webhook's outbox, the version the function never goes
 * back from, which answers are final, and `npm run leads -- retry --all` on the real backend.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);

type Posted = { event: string; lead: { id: string; frequency: string; version: number } };
const postsOf = (received: unknown[], id: string) =>
  (received as Posted[]).filter((post) => post.lead.id === id);
/** The lead's quote_requests row, for expect.poll. */
const rowOf = (backend: { leads: (where: string) => Promise<unknown[]> }, id: string) => async () =>
  (await backend.leads(`id = '${id}'`))[0];
/** Waits until the CRM has accepted lead `id` exactly once. */
const acceptedOnce = (webhook: { accepted: unknown[] }, id: string, timeout: number) =>
  expect.poll(() => postsOf(webhook.accepted, id).length, { timeout }).toBe(1);

test("the CRM is posted after the answer; down for a while, then back, it gets each lead once", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  backend.webhook.state.failing = true;
  const leads = [delivery(), delivery(), delivery()];
  try {
    for (const lead of leads) {
      const response = await backend.deliver(lead, { key: lead.id });
      // The lead is stored and answered whatever the CRM does.
      expect(response.status).toBe(201);
    }
    // Each is tried, refused, and kept owed with the CRM's reply, never given up on.
    for (const lead of leads) {
      await expect.poll(rowOf(backend, lead.id), { timeout: 15_000 }).toMatchObject({
        webhook_status: "pending",
        webhook_error: "HTTP 503 from the CRM webhook: refused with 503",
      });
    }
    const owed = await backend.cluster.rows(
      `select count(*)::int as n from public.lead_outbox where channel = 'crm' and status = 'pending'
         and lead_id in (${leads.map((lead) => `'${lead.id}'`).join(", ")})`,
    );
    expect(owed).toEqual([{ n: 3 }]);
  } finally {
    backend.webhook.state.failing = false;
  }
  // Back: the retries (the function's own backoff) deliver each lead, once.
  for (const lead of leads) {
    await acceptedOnce(backend.webhook, lead.id, 30_000);
  }
  for (const lead of leads) {
    const [row] = await backend.leads(`id = '${lead.id}'`);
    expect(row).toMatchObject({ webhook_status: "delivered", webhook_error: null });
    expect(postsOf(backend.webhook.accepted, lead.id)).toEqual([
      {
        event: "lead.created",
        lead: expect.objectContaining({
          id: lead.id,
          version: 1,
          totalPrice: quoteTotal(lead.paneCount, lead.frequency, lead.addOns),
        }),
      },
    ]);
  }
  // A drain now (the site's drain route sends one while a row is due) finds nothing more to post,
  // and says none is owed.
  const drained = await backend.outbox({ action: "drain" });
  expect(await drained.json()).toEqual({
    success: true,
    drained: { sent: 0, retry: 0, dead: 0 },
    nextDueAt: null,
  });
  for (const lead of leads) expect(postsOf(backend.webhook.accepted, lead.id)).toHaveLength(1);
});

for (const failure of [{ status: 429, retryAfter: "1" }, { status: 408 }] as const) {
  test(`a CRM answering ${failure.status} is retried${"retryAfter" in failure ? " after its Retry-After" : ""}, and recovers`, async ({
    backend,
  }) => {
    backend.webhook.state.failing = failure;
    const lead = delivery();
    try {
      expect((await backend.deliver(lead, { key: lead.id })).status).toBe(201);
      await expect.poll(rowOf(backend, lead.id), { timeout: 15_000 }).toMatchObject({
        webhook_error: `HTTP ${failure.status} from the CRM webhook: refused with ${failure.status}`,
      });
      const [row] = await backend.cluster.rows(
        `select status, due_at - now() > interval '500 milliseconds' as waits
           from public.lead_outbox where channel = 'crm' and lead_id = '${lead.id}'`,
      );
      // Still owed; a Retry-After of 1 s is honoured over the first backoff step (200 ms).
      expect(row).toMatchObject({
        status: "pending",
        ...("retryAfter" in failure ? { waits: true } : {}),
      });
    } finally {
      backend.webhook.state.failing = false;
    }
    await acceptedOnce(backend.webhook, lead.id, 30_000);
  });
}

test("any other 4xx from the CRM is a dead letter with its reply, until retry --all", async ({
  backend,
}) => {
  backend.webhook.state.failing = { status: 422 };
  const lead = delivery();
  try {
    expect((await backend.deliver(lead, { key: lead.id })).status).toBe(201);
    await expect
      .poll(rowOf(backend, lead.id), { timeout: 15_000 })
      .toMatchObject({ webhook_status: "failed" });
    const [dead] = await backend.cluster.rows(
      `select status, last_error from public.lead_outbox where channel = 'crm' and lead_id = '${lead.id}'`,
    );
    expect(dead).toEqual({
      status: "dead",
      last_error: "HTTP 422 from the CRM webhook: refused with 422",
    });
  } finally {
    backend.webhook.state.failing = false;
  }
  // The CRM fixed: one requeue of every dead letter, then posted.
  const requeued = await backend.outbox({ action: "retry", leadId: lead.id });
  expect(await requeued.json()).toEqual({ success: true, requeued: 1 });
  await acceptedOnce(backend.webhook, lead.id, 15_000);
});

test("a delivery of an older version of a lead, late or retried, never moves it back", async ({
  backend,
}) => {
  const lead = delivery({ frequency: "initial" });
  const key = lead.id;
  expect((await backend.deliver({ ...lead, version: 1 }, { key })).status).toBe(201);
  const monthly = { ...lead, event: "update", frequency: "monthly", version: 3 };
  const biannual = { ...lead, event: "update", frequency: "biannual", version: 5 };
  expect((await backend.deliver(biannual, { key })).status).toBe(200);
  // Monthly arrives last (a retry, or a call the site had given up on): nothing changes.
  expect((await backend.deliver(monthly, { key })).status).toBe(200);
  const [row] = await backend.leads(`id = '${lead.id}'`);
  expect(row).toMatchObject({ frequency: "biannual", site_version: 5, version: 2 });
  await expect
    .poll(() => postsOf(backend.webhook.accepted, lead.id).at(-1)?.lead, { timeout: 15_000 })
    .toMatchObject({ frequency: "biannual", version: 2 });
  expect(
    postsOf(backend.webhook.received, lead.id).some((post) => post.lead.frequency === "monthly"),
  ).toBe(false);
});

test("the issue's roll-back: a 404 during a redeploy, a later change, then retry --all ends on the newest", async ({
  backend,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), "roll-back-"));
  const env = {
    ...process.env,
    LEADS_DB_PATH: path.join(dir, "leads.db"),
    SUPABASE_URL: backend.supabaseUrl,
    SUPABASE_ANON_KEY: ANON_KEY,
    LEAD_SIGNING_SECRET: SIGNING_SECRET,
    SMTP_URL: "",
  };
  const tsx = (...args: string[]) =>
    scriptWithSiteCode(args, { env }).catch((error: { stdout?: string; stderr?: string }) => error);
  const step = async (...args: string[]) => {
    const done = await tsx("tests/supabase/inbox-step.ts", ...args);
    return String(done.stdout ?? "").trim();
  };
  const leads = (...args: string[]) => tsx("scripts/leads.ts", ...args);
  try {
    const { id, token } = JSON.parse(await step("create")) as { id: string; token: string };
    await leads("flush");
    await step("plan", id, token, "monthly");
    // The function is being redeployed: the gateway answers 404, final, a dead letter.
    backend.gateway.refuseNext(1, 404, "Function not found");
    await leads("flush");
    await step("plan", id, token, "quarterly");
    await leads("flush");
    const [before] = await backend.leads(`id = '${id}'`);
    expect(before?.frequency).toBe("quarterly");

    const retried = await leads("retry", "--all");
    // The requeued Monthly row: Quarterly, the lead as it stands, went after it; nothing is owed.
    expect(String(retried.stdout)).toContain("Still owed: 0.");
    const [after] = await backend.leads(`id = '${id}'`);
    expect(after).toMatchObject({ frequency: "quarterly" });
    await expect
      .poll(() => postsOf(backend.webhook.accepted, id).at(-1)?.lead.frequency, { timeout: 15_000 })
      .toBe("quarterly");
    expect(postsOf(backend.webhook.received, id).map((post) => post.lead.frequency)).not.toContain(
      "monthly",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a request to the outbox must be signed like a delivery", async ({ backend }) => {
  const unsigned = await backend.outbox({ action: "retry", leadId: null }, { secret: null });
  expect(unsigned.status).toBe(401);
  expect(await unsigned.json()).toEqual({ success: false, error: "The request is not signed" });
});
