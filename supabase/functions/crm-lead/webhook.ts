import type { StoredLead, WebhookOutcome } from "./store.ts";

export const WEBHOOK_TIMEOUT_MS = 5_000;

/** What the CRM receives: the stored lead, as it stands after this delivery. */
export type WebhookBody = {
  event: "lead.created" | "lead.updated";
  lead: Omit<StoredLead, "webhookStatus" | "priceSheet">;
};

export async function postToWebhook(
  url: string,
  body: WebhookBody,
  fetchImpl: typeof fetch = fetch,
): Promise<WebhookOutcome> {
  try {
    const response = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok
      ? { ok: true }
      : { ok: false, error: `HTTP ${response.status} from the CRM webhook` };
  } catch (error) {
    const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // The URL may carry the CRM's token; the row keeps the reason without it.
    const reason = raw.replaceAll(url, "CRM_WEBHOOK_URL");
    return { ok: false, error: `CRM webhook unreachable (${reason})` };
  }
}
