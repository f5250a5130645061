import { Webhook } from "standardwebhooks";
import { quoteTotal } from "@shared/quote/pricing";
import { validQuote } from "../support/quote";
import { expect, test, WEBHOOK_SECRET } from "./fixtures";
import { missingTools } from "./tools";

/**
 * The CRM webhook's outbox in PostgreSQL (#34): posted after the answer, which answers are final,
 * and `npm run leads -- retry --all` on the real backend.
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
  const quote = validQuote();
  const leads: Array<{ id: string }> = [];
  try {
    // Each lead is stored and answered whatever the CRM does.
    for (let i = 0; i < 3; i++) leads.push(await backend.createLead(quote));
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
  // Every attempt is signed as Standard Webhooks sign (the specification's own verifier checks),
  // and names the delivery the same on each retry: the CRM can tell them apart from a forgery and
  // keep one of each.
  const verifier = new Webhook(WEBHOOK_SECRET);
  for (const lead of leads) {
    const attempts = backend.webhook.deliveries.filter(({ text }) => text.includes(lead.id));
    expect(attempts.length).toBeGreaterThan(1);
    for (const { headers, text } of attempts) {
      expect(verifier.verify(text, headers as Record<string, string>)).toEqual(JSON.parse(text));
      expect(headers["webhook-id"]).toBe(`lead_${lead.id}_v1`);
    }
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
          totalPrice: quoteTotal(quote.paneCount, quote.frequency, quote.addOns),
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
    try {
      const lead = await backend.createLead();
      await expect.poll(rowOf(backend, lead.id), { timeout: 15_000 }).toMatchObject({
        webhook_error: `HTTP ${failure.status} from the CRM webhook: refused with ${failure.status}`,
      });
      // The wait from when the refusal was recorded (the same transaction's now()), not from this
      // read, which a busy machine may make any time later.
      const [row] = await backend.cluster.rows(
        `select o.status, o.due_at - q.webhook_attempted_at > interval '500 milliseconds' as waits
           from public.lead_outbox o join public.quote_requests q on q.id = o.lead_id
           where o.channel = 'crm' and o.lead_id = '${lead.id}'`,
      );
      // Still owed; a Retry-After of 1 s is honoured over the first backoff step (200 ms).
      expect(row).toMatchObject({
        status: "pending",
        ...("retryAfter" in failure ? { waits: true } : {}),
      });
      backend.webhook.state.failing = false;
      await acceptedOnce(backend.webhook, lead.id, 30_000);
    } finally {
      backend.webhook.state.failing = false;
    }
  });
}

test("any other 4xx from the CRM is a dead letter with its reply, until retry --all", async ({
  backend,
}) => {
  backend.webhook.state.failing = { status: 422 };
  const lead = await backend.createLead();
  try {
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

test("a request to the outbox must carry the secret key like a store operation", async ({
  backend,
}) => {
  const keyless = await backend.outbox({ action: "retry", leadId: null }, { key: null });
  expect(keyless.status).toBe(401);
  expect(await keyless.json()).toEqual({
    success: false,
    error: "The request has no apikey: the lead function takes the project's secret key",
  });
});
