import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { postToWebhook, type WebhookBody } from "./webhook";
import { webhookSigner } from "./webhook-signature";

/** The CRM's side: the specification's own verifier (the npm package standardwebhooks). */
const SECRET = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 8).toString("base64")}`;
const lead = { id: "6f1c9a52-2b8e-4c33-9a57-0d2b8f9e1a10", version: 3 };
const body = { event: "lead.updated", lead } as unknown as WebhookBody;

/** What one post sent: its headers and raw body, as the CRM receives them. */
async function postOnce(sign: ReturnType<typeof webhookSigner> | null) {
  const sent: { headers: Record<string, string>; text: string }[] = [];
  const outcome = await postToWebhook("https://crm.test/hook", body, {
    sign,
    fetchImpl: (_url, init) => {
      sent.push({
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        text: String(init?.body),
      });
      return Promise.resolve(new Response(null, { status: 204 }));
    },
  });
  expect(outcome).toEqual({ ok: true });
  return sent[0]!;
}

describe("the CRM post's Standard Webhooks signature", () => {
  it("is accepted by the specification's verifier with the secret, and by no other secret", async () => {
    const { headers, text } = await postOnce(webhookSigner(SECRET));
    expect(new Webhook(SECRET).verify(text, headers)).toEqual(JSON.parse(text));
    expect(() => new Webhook(OTHER_SECRET).verify(text, headers)).toThrow(
      "No matching signature found",
    );
    expect(() => new Webhook(SECRET).verify(text.replace("3", "4"), headers)).toThrow(
      "No matching signature found",
    );
  });

  it("names the delivery by lead and version, the same on every retry, each signed when sent", async () => {
    let now = Date.parse("2026-12-07T10:00:00Z");
    const sign = webhookSigner(SECRET, () => now);
    const first = await postOnce(sign);
    now += 90_000;
    const retry = await postOnce(sign);
    expect(first.headers["webhook-id"]).toBe(`lead_${lead.id}_v3`);
    expect(retry.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(Number(retry.headers["webhook-timestamp"])).toBe(
      Number(first.headers["webhook-timestamp"]) + 90,
    );
    // A receiver refuses an old signature: the verifier's five minutes.
    expect(() => new Webhook(SECRET).verify(first.text, first.headers)).toThrow(
      "Message timestamp too old",
    );
  });

  it("without a secret the post goes unsigned, still named by lead and version", async () => {
    const { headers } = await postOnce(null);
    expect(headers["webhook-id"]).toBe(`lead_${lead.id}_v3`);
    expect(headers["webhook-signature"]).toBeUndefined();
  });
});
