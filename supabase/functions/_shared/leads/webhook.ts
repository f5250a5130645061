import { type Attempt, isRetryableStatus, retryAfterMs } from "./final-answers.ts";
import type { StoredLead } from "./stored-lead.ts";
import { webhookId, type WebhookSigner } from "./webhook-signature.ts";

const WEBHOOK_TIMEOUT_MS = 5_000;

/** What the CRM receives: the stored lead as it stands when posted, with its version. */
export type WebhookBody = {
  event: "lead.created" | "lead.updated";
  lead: Omit<StoredLead, "webhookStatus" | "priceSheet">;
};

/**
 * One POST of a lead to the CRM, signed when a signer is given (webhook-signature.ts; its
 * `webhook-id` is sent either way, the same on every retry of a version); which answers are final
 * is final-answers.ts's rule.
 */
export async function postToWebhook(
  url: string,
  body: WebhookBody,
  { sign, fetchImpl = fetch }: { sign?: WebhookSigner | null; fetchImpl?: typeof fetch } = {},
): Promise<Attempt> {
  const text = JSON.stringify(body);
  const id = webhookId(body.lead);
  try {
    const signature = sign ? await sign(id, text) : { "webhook-id": id };
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...signature },
      body: text,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel();
      return { ok: true };
    }
    // The CRM's own words on a refusal, kept with the dead letter.
    const reply = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim();
    return {
      ok: false,
      retryable: isRetryableStatus(response.status),
      retryAfterMs: retryAfterMs(response.headers.get("retry-after")),
      error: `HTTP ${response.status} from the CRM webhook${reply && `: ${reply.slice(0, 300)}`}`,
    };
  } catch (error) {
    const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // The URL may carry the CRM's token; the row keeps the reason without it.
    const reason = raw.replaceAll(url, "CRM_WEBHOOK_URL");
    return { ok: false, retryable: true, error: `CRM webhook unreachable (${reason})` };
  }
}
