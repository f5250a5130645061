import { describe, logLine, readText, refused } from "./http.ts";
import { performOperation, type QuoteStore } from "../_shared/leads/quote-store.ts";
import { secretKeyCheck } from "./secret-key.ts";
import {
  DEADLINE_HEADER,
  operationDeadline,
  outboxCommandSchema,
  STORE_OPERATIONS,
  type StoreOperation,
} from "../_shared/leads/store-contract.ts";
import type { CrmOutbox, LogEntry, MailOutbox } from "../_shared/leads/outbox.ts";
import type { Purged } from "../_shared/leads/retention.ts";

export type HandlerOptions = {
  /** The store's operations: `/crm-lead/quotes/{operation}`. */
  quotes: QuoteStore;
  /** The project's secret keys: a request must carry one as its `apikey` (secret-key.ts). */
  secretKeys: readonly string[];
  /** The CRM webhook's outbox, when CRM_WEBHOOK_URL is set. */
  crm?: CrmOutbox;
  /** Whether the CRM posts are signed (CRM_WEBHOOK_SECRET): `health` says so. */
  crmSigned?: boolean;
  /** The e-mails' outbox: every change queues its e-mails here, for the site's senders to claim. */
  mail: MailOutbox;
  /** Removes what the store keeps no longer (retention.ts, purgeExpired): with each `drain`. */
  purge: () => Promise<Purged>;
  /** Proves the database answers (`select 1`): the site's readiness check, the `health` command. */
  ping: () => Promise<unknown>;
  /** Starts posting what the CRM is owed, without waiting for it (outbox.ts, crmPoster). */
  postCrm?: () => void;
  /** One JSON line per event; never the visitor's personal data. */
  log?: (entry: LogEntry) => void;
};

const OUTBOX_USAGE =
  'The outbox takes { "action": "drain" }, { "action": "health" }, { "action": "retry", "leadId": UUID | null }, { "action": "claim-mail", "limit": 1-20 } or { "action": "report-mail", … }';

const BAD_DEADLINE = `${DEADLINE_HEADER} must be the site's deadline in milliseconds since 1970`;

const NOT_FOUND =
  "This function answers POST /quotes/create, /quotes/update, /quotes/view and /outbox (supabase/README.md)";

/** An outbox's next due time as the answer carries it: ISO 8601, or null when none is owed. */
async function dueText(outbox: { nextDueAt(): Promise<Date | null> } | undefined) {
  return (await outbox?.nextDueAt())?.toISOString() ?? null;
}

export function createHandler({
  quotes,
  secretKeys,
  crm,
  crmSigned = false,
  mail,
  purge,
  ping,
  postCrm = () => {},
  log = logLine,
}: HandlerOptions) {
  const keyProblem = secretKeyCheck(secretKeys);

  /**
   * A store operation (supabase/README.md, "The store's operations"): 200 `{ success: true, result }`
   * whatever the outcome (created, replayed, not found, limited…), which the site turns into its
   * answer to the visitor (lib/leads/quote-api.ts); 400 is bad input, 500 the database.
   */
  async function storeCommand(operation: StoreOperation, body: unknown, deadline: number) {
    try {
      const outcome = await performOperation(quotes, operation, body, deadline);
      if ("ok" in outcome) {
        log({ level: "warn", event: `quote.${operation}_rejected`, reason: outcome.error });
        return refused(400, outcome.error);
      }
      const { result, crm } = outcome;
      const leadId = "lead" in result ? result.lead.id : "id" in result ? result.id : undefined;
      log({ level: "info", event: `quote.${operation}_${result.status}`, leadId });
      // The change's CRM post was queued in its transaction (quote-store.ts): wake the poster.
      if (crm) postCrm();
      return Response.json({ success: true, result });
    } catch (error) {
      log({ level: "error", event: `quote.${operation}_failed`, reason: describe(error) });
      return refused(500, "Could not store the lead");
    }
  }

  async function outboxCommand(body: unknown): Promise<Response> {
    const parsed = outboxCommandSchema.safeParse(body);
    if (!parsed.success) return refused(400, OUTBOX_USAGE);
    const command = parsed.data;
    try {
      switch (command.action) {
        case "retry": {
          const requeued = crm ? await crm.requeue(command.leadId) : 0;
          if (requeued > 0) postCrm();
          return Response.json({ success: true, requeued });
        }
        case "health":
          await ping();
          return Response.json({
            success: true,
            health: {
              database: "ok",
              crm: Boolean(crm),
              crmSigned: Boolean(crm) && crmSigned,
              mail: true,
            },
          });
        // Each answer says when the next row falls due (null: none owed), so the site's sender
        // sets one timer for it and asks nothing meanwhile (docs/leads.md, "Notifications").
        case "drain": {
          const drained = crm ? await crm.drain() : { sent: 0, retry: 0, dead: 0 };
          // The drain is the schedule retention runs on; a failed purge is logged, the drain answered.
          const purged = await purge().catch((error: unknown) => {
            log({ level: "error", event: "store.purge_failed", reason: describe(error) });
          });
          if (purged && Object.values(purged).some((count) => count > 0)) {
            log({ level: "info", event: "store.purged", reason: JSON.stringify(purged) });
          }
          return Response.json({ success: true, drained, nextDueAt: await dueText(crm) });
        }
        case "claim-mail":
          return Response.json({
            success: true,
            mail: await mail.claim(command.limit),
            nextDueAt: await dueText(mail),
          });
        case "report-mail":
          return Response.json({ success: true, recorded: await mail.report(command) });
      }
    } catch (error) {
      log({ level: "error", event: "outbox.failed", reason: describe(error) });
      return refused(500, "Could not reach the outbox");
    }
  }

  return async function handle(request: Request): Promise<Response> {
    // The site's deadline, or STORE_DEADLINE_MS from now; the site waits longer (store-contract.ts).
    const deadline = operationDeadline(request.headers.get(DEADLINE_HEADER), Date.now());
    // Only the site's server calls the function, so no answer carries CORS headers: a browser may
    // neither read an answer nor pass a preflight. A request with an Origin came from a browser.
    if (request.method === "OPTIONS" || request.headers.has("origin")) {
      log({ level: "warn", event: "request.from_browser" });
      return refused(403, "Browsers may not call this function");
    }
    if (request.method !== "POST") return refused(405, "Method not allowed", { Allow: "POST" });

    // Nothing is read from a request before it is known to be the site's.
    const problem = keyProblem(request.headers);
    if (problem) {
      log({ level: "warn", event: "request.refused", reason: problem });
      return refused(401, problem);
    }

    const text = await readText(request);
    if (text === null) return refused(413, "Request body too large");

    if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
      return refused(415, "Content-Type must be application/json");
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refused(400, "The body must be valid JSON");
    }
    const path = new URL(request.url).pathname;
    if (path.replace(/\/+$/, "").endsWith("/outbox")) return outboxCommand(body);
    const operation = STORE_OPERATIONS.find((name) => path.endsWith(`/quotes/${name}`));
    if (!operation) return refused(404, NOT_FOUND);
    if (deadline === null) return refused(400, BAD_DEADLINE);
    if (deadline <= Date.now()) {
      // It reached the function after the site stopped waiting: nothing may be stored now.
      log({ level: "warn", event: `quote.${operation}_too_late` });
      return refused(504, "The site's deadline for this request has passed; nothing was stored");
    }
    return storeCommand(operation, body, deadline);
  };
}
