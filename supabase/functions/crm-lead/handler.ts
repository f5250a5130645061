import { answer, BodyTooLargeError, fromBrowser, isJson, readText } from "./http.ts";
import type { OwnerReads } from "../_shared/leads/owner-reads.ts";
import type { QuoteStore } from "../_shared/leads/quote-store.ts";
import { handleStoreOperation, storeOperation } from "./quotes.ts";
import { parseLead } from "./schema.ts";
import { verifySignature } from "../_shared/leads/request-signature.ts";
import {
  listCommandSchema,
  releaseCommandSchema,
  showCommandSchema,
  STORE_DEADLINE_MS,
} from "../_shared/leads/store-contract.ts";
import { z } from "zod";
import type { CrmOutbox } from "../_shared/leads/crm-outbox.ts";
import { MAX_MAIL_CLAIM, type MailOutbox } from "../_shared/leads/mail-outbox.ts";
import { LeadConflictError, type LeadStore, type SaveOutcome } from "./store.ts";

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
  /** The owner's `list` and `show` of the shared store's leads (owner-reads.ts). */
  owner?: OwnerReads;
  /** The signing secrets accepted: the current one first, then the previous one while rotating. */
  secrets: readonly string[];
  /** The CRM webhook's outbox, when CRM_WEBHOOK_URL is set. */
  crm?: CrmOutbox;
  /** The e-mails' outbox, when they are queued here (LEAD_MAIL=queue). */
  mail?: MailOutbox;
  /** Proves the database answers (`select 1`): the site's readiness check, the `health` command. */
  ping?: () => Promise<unknown>;
  /** Runs a task after the answer has gone (the edge runtime's waitUntil where there is one). */
  background?: (task: () => Promise<unknown>) => void;
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
/** The outbox's own requests (supabase/README.md, "The outbox"). */
const outboxCommandSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("drain") }),
  z.strictObject({ action: z.literal("health") }),
  z.strictObject({ action: z.literal("retry"), leadId: z.uuid().nullable() }),
  z.strictObject({ action: z.literal("claim-mail"), limit: z.int().min(1).max(MAX_MAIL_CLAIM) }),
  releaseCommandSchema,
  listCommandSchema,
  showCommandSchema,
  z.strictObject({
    action: z.literal("report-mail"),
    id: z.string().regex(/^\d{1,18}$/),
    leaseId: z.uuid(),
    version: z.int().min(1),
    outcome: z.union([
      z.strictObject({ ok: z.literal(true) }),
      z.strictObject({
        ok: z.literal(false),
        retryable: z.boolean(),
        error: z.string().min(1).max(1000),
      }),
    ]),
  }),
]);

const OUTBOX_USAGE =
  'The outbox takes { "action": "drain" }, { "action": "health" }, { "action": "retry", "leadId": UUID | null }, { "action": "claim-mail", "limit": 1-20 }, { "action": "report-mail", … }, { "action": "release", "leadId": ID or its first characters }, { "action": "list", "only": "leads" | "spam" | "failed" } or { "action": "show", "leadId": ID or its first characters }';

const defaultBackground = (task: () => Promise<unknown>) => void task();

/** An outbox's next due time as the answer carries it: ISO 8601, or null when none is owed. */
async function dueText(outbox: { nextDueAt(): Promise<Date | null> } | undefined) {
  return (await outbox?.nextDueAt())?.toISOString() ?? null;
}

export function createHandler({
  store,
  quotes,
  owner,
  secrets,
  crm,
  mail,
  ping,
  background = defaultBackground,
  log = defaultLog,
  now = Date.now,
}: HandlerOptions) {
  /** Posts what the CRM is owed, after the answer: never inside the site's request. */
  const drainLater = () =>
    background(async () => {
      try {
        await crm?.drain();
      } catch (error) {
        log({ level: "error", event: "webhook.drain_failed", reason: describe(error) });
      }
    });

  /** A shared-store change: its CRM post was queued in its transaction (quote-store.ts); post it after the answer. */
  const notifyCrm = () => {
    if (crm) drainLater();
    return Promise.resolve();
  };

  async function outboxCommand(body: unknown): Promise<Response> {
    const parsed = outboxCommandSchema.safeParse(body);
    if (!parsed.success) return refused(400, OUTBOX_USAGE);
    const command = parsed.data;
    try {
      switch (command.action) {
        case "retry": {
          const requeued = crm ? await crm.requeue(command.leadId) : 0;
          if (requeued > 0) drainLater();
          return answer(200, { success: true, requeued });
        }
        case "health":
          await ping?.();
          return answer(200, {
            success: true,
            health: {
              database: ping ? "ok" : "not_checked",
              crm: Boolean(crm),
              mail: Boolean(mail),
            },
          });
        // Each answer says when the next row falls due (null: none owed), so the site's sender
        // sets one timer for it and asks nothing meanwhile (docs/leads.md, "Notifications").
        case "drain": {
          const drained = crm ? await crm.drain() : { sent: 0, retry: 0, dead: 0 };
          return answer(200, { success: true, drained, nextDueAt: await dueText(crm) });
        }
        case "claim-mail":
          return answer(200, {
            success: true,
            mail: mail ? await mail.claim(command.limit) : [],
            nextDueAt: await dueText(mail),
          });
        case "report-mail": {
          const recorded = mail ? await mail.report(command) : "lost_lease";
          return answer(200, { success: true, recorded });
        }
        case "release": {
          if (!quotes) return refused(404, "This function keeps no quotes");
          const release = await quotes.release(command.leadId);
          if (release.status === "released") {
            log({ level: "info", event: "lead.released", leadId: release.id });
            if (release.forwarded) await notifyCrm();
          }
          return answer(200, { success: true, release });
        }
        case "list":
          if (!owner) return refused(404, "This function keeps no quotes");
          return answer(200, { success: true, list: await owner.list(command.only) });
        case "show":
          if (!owner) return refused(404, "This function keeps no quotes");
          return answer(200, { success: true, show: await owner.show(command.leadId) });
      }
    } catch (error) {
      log({ level: "error", event: "outbox.failed", reason: describe(error) });
      return refused(500, "Could not reach the outbox");
    }
  }

  return async function handle(request: Request): Promise<Response> {
    // The site waits longer than this for the answer (STORE_DEADLINE_MS, store-contract.ts).
    const deadline = Date.now() + STORE_DEADLINE_MS;
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
    if (new URL(request.url).pathname.replace(/\/+$/, "").endsWith("/outbox")) {
      return outboxCommand(body);
    }

    const operation = storeOperation(new URL(request.url).pathname);
    if (operation) {
      if (!quotes) return refused(404, "This function keeps no quotes");
      return handleStoreOperation(operation, body, quotes, notifyCrm, log, deadline);
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
      saved = await store.save(key, lead, Boolean(crm));
    } catch (error) {
      if (error instanceof LeadConflictError) {
        log({ level: "warn", event: "lead.conflict", leadId, reason: error.message });
        return refused(422, error.message);
      }
      log({ level: "error", event: "lead.store_failed", leadId, reason: describe(error) });
      return refused(500, "Could not store the lead");
    }
    log({
      level: "info",
      event: saved.changed ? `lead.${lead.event}d` : saved.stale ? "lead.stale" : "lead.duplicate",
      leadId,
    });
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

    // Queued with the lead in its transaction (store.ts); posted after this answer has gone.
    if (crm && saved.changed) drainLater();

    const status = saved.changed && lead.event === "create" ? 201 : 200;
    return answer(status, { success: true, id: saved.lead.id });
  };
}
