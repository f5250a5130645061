import { strict as assert } from "node:assert";
import { postToWebhook, type WebhookBody } from "../_shared/leads/webhook.ts";

const BODY = {
  event: "lead.created",
  lead: { id: "lead-1", version: 1 },
} as unknown as WebhookBody;
const answering =
  (response: Response): typeof fetch =>
  () =>
    Promise.resolve(response);

Deno.test("a 2xx is delivered", async () => {
  assert.deepEqual(
    await postToWebhook("http://crm.test/hook", BODY, {
      fetchImpl: answering(new Response(null, { status: 204 })),
    }),
    { ok: true },
  );
});

Deno.test("408, 429 and 5xx are retried, honouring Retry-After; the reply is kept", async () => {
  const busy = new Response("slow down", { status: 429, headers: { "Retry-After": "12" } });
  assert.deepEqual(
    await postToWebhook("http://crm.test/hook", BODY, { fetchImpl: answering(busy) }),
    {
      ok: false,
      retryable: true,
      retryAfterMs: 12_000,
      error: "HTTP 429 from the CRM webhook: slow down",
    },
  );
  for (const status of [408, 500, 503]) {
    const outcome = await postToWebhook("http://crm.test/hook", BODY, {
      fetchImpl: answering(new Response("", { status })),
    });
    assert.deepEqual(outcome, {
      ok: false,
      retryable: true,
      retryAfterMs: null,
      error: `HTTP ${status} from the CRM webhook`,
    });
  }
});

Deno.test("any other 4xx is final, with the CRM's reply", async () => {
  const refused = new Response('{"error":"unknown field"}', { status: 422 });
  assert.deepEqual(
    await postToWebhook("http://crm.test/hook", BODY, { fetchImpl: answering(refused) }),
    {
      ok: false,
      retryable: false,
      retryAfterMs: null,
      error: 'HTTP 422 from the CRM webhook: {"error":"unknown field"}',
    },
  );
});

Deno.test(
  "an unreachable CRM is retried, and its URL (which may hold a token) is not kept",
  async () => {
    const url = "http://crm.test/hook?token=secret";
    const outcome = await postToWebhook(url, BODY, {
      fetchImpl: () => Promise.reject(new TypeError(`fetch ${url} failed`)),
    });
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.retryable, true);
    assert.equal(!outcome.ok && outcome.error.includes("secret"), false);
  },
);
