import { answer, BodyTooLargeError, fromBrowser, isJson, readText } from "./http.ts";
import type { CrmChange, QuoteStore } from "./quote-store.ts";
import { handleStoreOperation, storeOperation } from "./quotes.ts";
import { parseLead } from "./schema.ts";
import { verifySignature } from "./shared/lib/leads/request-signature.ts";
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
  /** The shared store's operations (LEADS_STORE=supabase): `/crm-lead/quotes/{operation}`. */
  quotes?: QuoteStore;
  /** The signing secrets accepted: the current one first, then the previous one while rotating. */
  secrets: readonly string[];
  webhookUrl?: string;
  fetchImpl?: typeof fetch;
  /** One JSON line per event; never the visitor's personal data. */
  log?: (entry: LogEntry) => void;
  now?: () => number;
};

const defaultLog = (entry: LogEntry) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

const refused = (status: number, error: string, headers?: Record<string, string>) =>
  answer(status, { success: false, error }, headers);

/** POST a signed lead delivery → `{ success: true, id }`; the contract is in supabase/README.md. */
export function createHandler({
  store,
  quotes,
  secrets,
  webhookUrl,
  fetchImpl,
  log = defaultLog,
  now = Date.now,
}: HandlerOptions) {
  /** Posts the lead as it now stands to the CRM webhook and records the outcome on its row. */
  async function notifyCrm({ lead, event }: NonNullable<CrmChange>): Promise<void> {
    if (!webhookUrl) return;
    const { webhookStatus: _status, priceSheet: _sheet, ...forCrm } = lead;
    const payload: WebhookBody = {
      event: event === "create" ? "lead.created" : "lead.updated",
      lead: forCrm,
    };
    const outcome = await postToWebhook(webhookUrl, payload, fetchImpl);
    if (!outcome.ok) {
      log({ level: "warn", event: "webhook.failed", leadId: lead.id, reason: outcome.error });
    }
    try {
      await store.recordWebhook(lead.id, outcome);
    } catch (error) {
      log({
        level: "error",
        event: "webhook.record_failed",
        leadId: lead.id,
        reason: describe(error),
      });
    }
  }

  return async function handle(request: Request): Promise<Response> {
    if (fromBrowser(request)) {
      log({ level: "warn", event: "request.from_browser" });
      return refused(403, "Browsers may not call this function");
    }
    if (request.method !== "POST") return refused(405, "Method not allowed", { Allow: "POST" });

    let text: string;
    try {
      text = await readText(request);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refused(413, "Request body too large");
      throw error;
    }

    // Nothing is read from a request before it is known to be the site's.
    const signed = await verifySignature(
      secrets,
      {
        method: request.method,
        path: new URL(request.url).pathname,
        idempotencyKey: request.headers.get("idempotency-key"),
        body: text,
      },
      request.headers,
      now(),
    );
    if (!signed.ok) {
      log({ level: "warn", event: "request.unsigned", reason: signed.error });
      return refused(401, signed.error);
    }
    if (signed.secretIndex > 0) log({ level: "info", event: "request.previous_secret" });
    try {
      if (!(await store.claimNonce(signed.nonce, signed.expiresAt))) {
        log({ level: "warn", event: "request.replayed" });
        return refused(401, "This signed request was already received");
      }
    } catch (error) {
      log({ level: "error", event: "request.nonce_failed", reason: describe(error) });
      return refused(500, "Could not store the lead");
    }

    if (!isJson(request)) return refused(415, "Content-Type must be application/json");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refused(400, "The body must be valid JSON");
    }

    const operation = storeOperation(new URL(request.url).pathname);
    if (operation) {
      if (!quotes) return refused(404, "This function keeps no quotes");
      return handleStoreOperation(operation, body, quotes, notifyCrm, log);
    }

    const parsed = parseLead(body, request.headers.get("idempotency-key"));
    if (!parsed.success) {
      log({ level: "warn", event: "lead.rejected", reason: parsed.error });
      return refused(400, parsed.error);
    }
    const { key, lead } = parsed;
    const leadId = lead.id;

    let saved: SaveOutcome;
    try {
      saved = await store.save(key, lead, Boolean(webhookUrl));
    } catch (error) {
      if (error instanceof LeadConflictError) {
        log({ level: "warn", event: "lead.conflict", leadId, reason: error.message });
        return refused(422, error.message);
      }
      log({ level: "error", event: "lead.store_failed", leadId, reason: describe(error) });
      return refused(500, "Could not store the lead");
    }
    log({ level: "info", event: saved.changed ? `lead.${lead.event}d` : "lead.duplicate", leadId });
    // The function's price is the one kept; a different figure from the site means the two price
    // tables (or the two price locks) disagree, which someone should look into.
    if (saved.changed && saved.lead.totalPrice !== lead.siteTotalPrice) {
      log({
        level: "warn",
        event: "lead.price_differs",
        leadId,
        reason: `the site priced it ${lead.siteTotalPrice}, the function ${saved.lead.totalPrice}`,
      });
    }

    // A repeated delivery re-posts only a lead whose webhook failed before.
    if (saved.changed || saved.lead.webhookStatus === "failed") {
      await notifyCrm({ lead: saved.lead, event: lead.event });
    }

    const status = saved.changed && lead.event === "create" ? 201 : 200;
    return answer(status, { success: true, id: saved.lead.id });
  };
}
