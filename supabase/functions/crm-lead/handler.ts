import { answer, BodyTooLargeError, isJson, preflight, readText } from "./http.ts";
import { parseLead } from "./schema.ts";
import { LeadConflictError, type LeadStore, type SaveOutcome } from "./store.ts";
import { postToWebhook, type WebhookBody } from "./webhook.ts";

type LogEntry = {
  level: "info" | "warn" | "error";
  event: string;
  leadId?: string;
  reason?: string;
};

export type HandlerOptions = {
  store: LeadStore;
  webhookUrl?: string;
  fetchImpl?: typeof fetch;
  /** One JSON line per event; never the visitor's personal data. */
  log?: (entry: LogEntry) => void;
};

const defaultLog = (entry: LogEntry) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** POST a lead delivery → `{ success: true, id }`; the contract is in supabase/README.md. */
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
    const leadId = lead.id;

    let saved: SaveOutcome;
    try {
      saved = await store.save(key, lead, Boolean(webhookUrl));
    } catch (error) {
      if (error instanceof LeadConflictError) {
        log({ level: "warn", event: "lead.conflict", leadId, reason: error.message });
        return answer(422, { success: false, error: error.message });
      }
      log({ level: "error", event: "lead.store_failed", leadId, reason: describe(error) });
      return answer(500, { success: false, error: "Could not store the lead" });
    }
    log({ level: "info", event: saved.changed ? `lead.${lead.event}d` : "lead.duplicate", leadId });

    // A repeated delivery re-posts only a lead whose webhook failed before.
    if (webhookUrl && (saved.changed || saved.lead.webhookStatus === "failed")) {
      const { webhookStatus: _omitted, ...forCrm } = saved.lead;
      const payload: WebhookBody = {
        event: lead.event === "create" ? "lead.created" : "lead.updated",
        lead: forCrm,
      };
      const outcome = await postToWebhook(webhookUrl, payload, fetchImpl);
      if (!outcome.ok)
        log({ level: "warn", event: "webhook.failed", leadId, reason: outcome.error });
      try {
        await store.recordWebhook(leadId, outcome);
      } catch (error) {
        log({ level: "error", event: "webhook.record_failed", leadId, reason: describe(error) });
      }
    }

    const status = saved.changed && lead.event === "create" ? 201 : 200;
    return answer(status, { success: true, id: saved.lead.id });
  };
}
