import "server-only";
import { serverEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { firstIssue, quoteRequestSchema, quoteUpdateSchema } from "@shared/quote/schema";
import { assertSameOrigin, clientAddress, idempotencyKey, requestHash } from "./guards";
import { HttpError, bearerToken, jsonError, readJsonBody, sourcePage } from "./http";
import { closedDaysAround } from "@/lib/quote/closed-days";
import { isExpired, validUntil } from "@/lib/quote/price-lock";
import { visitWindowError } from "@/lib/quote/visit-window";
import { QUOTE_NOT_FOUND, StoreUnavailable, type LeadAnswer } from "./lead-store";
import { leadStore, NoLeadStore } from "./runtime";
import { savedQuoteUrl, savedQuoteView } from "./saved-quote";
import { spamReason, splitTraps } from "./spam-traps";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "./storage-answer";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The answer a new lead gets; a repeat with the same Idempotency-Key gets the same one. It carries
 * the link to the lead's own page (docs/leads.md).
 */
function created(answer: LeadAnswer): Response {
  if (answer.replayed) log("info", "lead.replayed", { leadId: answer.id });
  return Response.json(
    {
      success: true,
      id: answer.id,
      token: answer.token,
      quoteUrl: savedQuoteUrl(answer.id, answer.token),
      linkEmailed: answer.linkEmailed,
    },
    { status: 201, headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {} },
  );
}

const ROUTES = {
  "lead.create_failed": "POST /api/quote",
  "lead.update_failed": "PATCH /api/quote/{id}",
  "lead.view_failed": "GET /api/quote/{id}",
} as const;

/** A saved quote is personal and changes: never kept by a browser or a proxy. */
const NO_STORE = { "Cache-Control": "no-store" };

function failure(error: unknown, event: keyof typeof ROUTES): Response {
  const route = ROUTES[event];
  // The store unreachable (or none): never a success, and the visitor is asked to come back.
  if (error instanceof StoreUnavailable || error instanceof NoLeadStore) {
    log("error", "lead.storage_failed", { route, failure: "unavailable", reason: error.message });
    const text = STORAGE_UNAVAILABLE[event === "lead.view_failed" ? "read" : "write"];
    const headers = { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS), ...NO_STORE };
    return Response.json({ success: false, error: text }, { status: 503, headers });
  }
  if (error instanceof HttpError) {
    log("warn", "request.refused", { status: error.status, reason: error.message, route });
    const response = jsonError(error.status, error.message);
    if (error.retryAfterSeconds)
      response.headers.set("Retry-After", String(error.retryAfterSeconds));
    // The rest of an oversized body is never read: the client must not reuse this connection.
    if (error.status === 413) response.headers.set("Connection", "close");
    if (event === "lead.view_failed") response.headers.set("Cache-Control", "no-store");
    return response;
  }
  log("error", event, { reason: error instanceof Error ? error.message : String(error) });
  return jsonError(500, "The quote could not be saved");
}

/**
 * POST /api/quote: refuses what is not a same-origin JSON quote, validates it, and hands it to the
 * lead store (201 only once the store has it safe), once per Idempotency-Key.
 */
export async function handleQuotePost(request: Request): Promise<Response> {
  try {
    const env = serverEnv();
    assertSameOrigin(request, env.trustProxyHops);
    const key = idempotencyKey(request);
    const { quote, traps } = splitTraps(await readJsonBody(request));
    const parsed = quoteRequestSchema.safeParse(quote);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error).message);
    // The attribution is no part of the fingerprint: a retry of the quote is the same request
    // even if the tab has since recorded another visit (components/quote/attribution.ts).
    const answers = { ...parsed.data, attribution: undefined };
    const idempotency = key ? { key, requestHash: requestHash(answers) } : null;

    return created(
      await leadStore().create({
        quote: parsed.data,
        idempotency,
        sourcePage: sourcePage(request),
        spamReason: spamReason(traps, env.minFormMs),
        client: clientAddress(request, env.trustProxyHops),
      }),
    );
  } catch (error) {
    return failure(error, "lead.create_failed");
  }
}

/** The lead's token, or a 401; a path that is no lead id is a 404 like an unknown one. */
function leadToken(request: Request, id: string): string {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, "Missing token");
  if (!UUID.test(id)) throw new HttpError(404, QUOTE_NOT_FOUND);
  return token;
}

/**
 * PATCH /api/quote/{id}: what the calculator or the saved-quote page changed, allowed only with the
 * lead's token and while its price lock holds. The answer carries the quote as it now stands,
 * priced by the server.
 */
export async function handleQuotePatch(request: Request, id: string): Promise<Response> {
  try {
    const env = serverEnv();
    assertSameOrigin(request, env.trustProxyHops);
    const token = leadToken(request, id);
    const parsed = quoteUpdateSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error).message);
    const now = new Date();
    const { visitWindow } = parsed.data;
    const store = leadStore();
    const client = clientAddress(request, env.trustProxyHops);
    // A visit is asked for while the quote's price holds (docs/decisions.md, "Saved quote"); an
    // expired quote gets its 410 from the update below, not a window error. The read takes the
    // request's one rate-limit token, before it looks the lead up; the update then takes none.
    const requested = visitWindow ? (await store.view(id, token, client)).createdAt : undefined;
    const lastDate = requested && !isExpired(requested, now) ? validUntil(requested) : undefined;
    const windowError =
      visitWindow &&
      visitWindowError(visitWindow, now, { closedDays: closedDaysAround(now), lastDate });
    if (windowError) throw new HttpError(400, windowError);
    const counted = visitWindow ? null : client;
    const quote = savedQuoteView(await store.update(id, token, parsed.data, counted), now);
    return Response.json({ success: true, quote }, { headers: NO_STORE });
  } catch (error) {
    return failure(error, "lead.update_failed");
  }
}

/**
 * GET /api/quote/{id}: the saved-quote page's quote (docs/leads.md), same-origin, with the lead's
 * token, rate-limited with the updates. An unknown id and a wrong token get the same 404.
 */
export async function handleQuoteGet(request: Request, id: string): Promise<Response> {
  try {
    const env = serverEnv();
    assertSameOrigin(request, env.trustProxyHops);
    const token = leadToken(request, id);
    const lead = await leadStore().view(id, token, clientAddress(request, env.trustProxyHops));
    return Response.json(
      { success: true, quote: savedQuoteView(lead, new Date()) },
      { headers: NO_STORE },
    );
  } catch (error) {
    return failure(error, "lead.view_failed");
  }
}
