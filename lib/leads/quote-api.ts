import "server-only";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { firstIssue, quoteRequestSchema, quoteUpdateSchema } from "@/lib/quote/schema";
import { assertSameOrigin, clientAddress, idempotencyKey, requestHash } from "./guards";
import { HttpError, bearerToken, jsonError, readJsonBody, sourcePage } from "./http";
import type { LeadAnswer } from "./lead-store";
import { leadStore, rateLimiters, type RateLimiters } from "./runtime";
import { spamReason, splitTraps } from "./spam-traps";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The answer a new lead gets; a repeat with the same Idempotency-Key gets the same one. */
function created(answer: LeadAnswer): Response {
  if (answer.replayed) log("info", "lead.replayed", { leadId: answer.id });
  return Response.json(
    { success: true, id: answer.id, token: answer.token },
    { status: 201, headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {} },
  );
}

function failure(error: unknown, event: "lead.create_failed" | "lead.update_failed"): Response {
  if (error instanceof HttpError) {
    const route = event === "lead.create_failed" ? "POST /api/quote" : "PATCH /api/quote/{id}";
    log("warn", "request.refused", { status: error.status, reason: error.message, route });
    const response = jsonError(error.status, error.message);
    if (error.retryAfterSeconds)
      response.headers.set("Retry-After", String(error.retryAfterSeconds));
    // The rest of an oversized body is never read: the client must not reuse this connection.
    if (error.status === 413) response.headers.set("Connection", "close");
    return response;
  }
  log("error", event, { reason: error instanceof Error ? error.message : String(error) });
  return jsonError(500, "The quote could not be saved");
}

function rateLimit(kind: keyof RateLimiters, request: Request, env: ServerEnv): void {
  const decision = rateLimiters()[kind].take(clientAddress(request, env.trustProxyHops));
  if (!decision.ok) {
    throw new HttpError(
      429,
      "Too many requests: please wait a few minutes",
      decision.retryAfterSeconds,
    );
  }
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
    const idempotency = key ? { key, requestHash: requestHash(parsed.data) } : null;

    const store = leadStore();
    // A retry of a request already answered costs no rate-limit token.
    const earlier = store.earlierAnswer(idempotency);
    if (earlier) return created(earlier);
    rateLimit("create", request, env);
    return created(
      await store.create({
        quote: parsed.data,
        idempotency,
        sourcePage: sourcePage(request),
        spamReason: spamReason(traps, env.minFormMs),
      }),
    );
  } catch (error) {
    return failure(error, "lead.create_failed");
  }
}

/** PATCH /api/quote/{id}: steps 5-6 and the current plan, allowed only with the lead's token. */
export async function handleQuotePatch(request: Request, id: string): Promise<Response> {
  try {
    const env = serverEnv();
    assertSameOrigin(request, env.trustProxyHops);
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, "Missing token");
    const parsed = quoteUpdateSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error).message);
    if (!UUID.test(id)) throw new HttpError(404, "Quote not found");
    rateLimit("update", request, env);
    await leadStore().update(id, token, parsed.data);
    return Response.json({ success: true });
  } catch (error) {
    return failure(error, "lead.update_failed");
  }
}
