import { answer, BodyTooLargeError, isJson, preflight, readText } from "./http.ts";
import { parseLead } from "./schema.ts";
import type { LeadStore, StoredLead } from "./store.ts";
import { postToWebhook, type WebhookBody } from "./webhook.ts";

export type HandlerOptions = {
  store: LeadStore;
  webhookUrl?: string;
  fetchImpl?: typeof fetch;
  /** One JSON line per event; never the visitor's personal data. */
  log?: (entry: Record<string, unknown>) => void;
};

const defaultLog = (entry: Record<string, unknown>) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));

/** POST a lead delivery → `{ success: true, id }`; see supabase/README.md for the contract. */
export function createHandler({ store, webhookUrl, fetchImpl, log = defaultLog }: HandlerOptions) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method === "OPTIONS") return preflight();
    if (request.method !== "POST") {
      return answer(
        405,
        { success: false, error: "Method not allowed" },
        { Allow: "POST, OPTIONS" },
      );
    }
    if (!isJson(request)) {
      return answer(415, { success: false, error: "Content-Type must be application/json" });
    }

    let body: unknown;
    try {
      body = JSON.parse(await readText(request));
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return answer(413, { success: false, error: "Request body too large" });
      }
      return answer(400, { success: false, error: "The body must be valid JSON" });
    }

    const parsed = parseLead(body, request.headers.get("idempotency-key"));
    if (!parsed.success) {
      log({ level: "warn", event: "lead.rejected", reason: parsed.error });
      return answer(400, { success: false, error: parsed.error });
    }
    const { key, lead } = parsed;

    let saved: { lead: StoredLead; changed: boolean };
    try {
      saved = await store.save(key, lead, Boolean(webhookUrl));
    } catch (error) {
      log({
        level: "error",
        event: "lead.store_failed",
        leadId: lead.leadId,
        reason: describe(error),
      });
      return answer(500, { success: false, error: "Could not store the lead" });
    }
    const { id } = saved.lead;
    log({
      level: "info",
      event: saved.changed ? `lead.${lead.event}d` : "lead.duplicate",
      leadId: lead.leadId,
      id,
    });

    // A repeated delivery re-posts only a lead whose webhook failed before.
    const notify = saved.changed || saved.lead.webhookStatus === "failed";
    if (webhookUrl && notify) {
      const { webhookStatus: _omitted, ...forCrm } = saved.lead;
      const payload: WebhookBody = {
        event: lead.event === "create" ? "lead.created" : "lead.updated",
        lead: forCrm,
      };
      const outcome = await postToWebhook(webhookUrl, payload, fetchImpl);
      try {
        await store.recordWebhook(id, outcome);
      } catch (error) {
        log({
          level: "error",
          event: "webhook.record_failed",
          leadId: lead.leadId,
          id,
          reason: describe(error),
        });
      }
      if (!outcome.ok)
        log({
          level: "warn",
          event: "webhook.failed",
          leadId: lead.leadId,
          id,
          reason: outcome.error,
        });
    }

    return answer(saved.changed && lead.event === "create" ? 201 : 200, { success: true, id });
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
