import "server-only";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { firstIssue, quoteRequestSchema, quoteUpdateSchema } from "@/lib/quote/schema";
import { createDirect, updateDirect } from "./direct";
import { getLeadInbox } from "./get-inbox";
import { assertSameOrigin, clientAddress, idempotencyKey, requestHash } from "./guards";
import { HttpError, bearerToken, jsonError, readJsonBody, sourcePage } from "./http";
import { ensureRelay, leadRuntime } from "./runtime";
import { spamReason, splitTraps } from "./spam-traps";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The answer a new lead gets; a repeat with the same Idempotency-Key gets the same one. */
function created(answer: { id: string; token: string }, replayed = false): Response {
  return Response.json(
    { success: true, id: answer.id, token: answer.token },
    { status: 201, headers: replayed ? { "Idempotent-Replayed": "true" } : {} },
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

function rateLimit(
  kind: "createLimiter" | "updateLimiter",
  request: Request,
  env: ServerEnv,
): void {
  const decision = leadRuntime()[kind].take(clientAddress(request, env.trustProxyHops));
  if (!decision.ok) {
    throw new HttpError(
      429,
      "Too many requests: please wait a few minutes",
      decision.retryAfterSeconds,
    );
  }
}

/**
 * POST /api/quote: refuses what is not a same-origin JSON quote, validates and prices it, and
 * stores it with its outbox row (201 only once committed), once per Idempotency-Key.
 */
export async function createQuote(request: Request): Promise<Response> {
  try {
    const env = serverEnv();
    assertSameOrigin(request, env.trustProxyHops);
    const key = idempotencyKey(request);
    const { quote, traps } = splitTraps(await readJsonBody(request));
    const parsed = quoteRequestSchema.safeParse(quote);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error).message);
    const idempotency = key ? { key, requestHash: requestHash(parsed.data) } : null;
    const page = sourcePage(request);
    const spam = spamReason(traps, env.minFormMs);

    if (env.leadsStore === "none" && env.supabase && env.tokenSecret) {
      rateLimit("createLimiter", request, env);
      const answer = await createDirect(env.supabase, env.tokenSecret, parsed.data, {
        key,
        requestHash: idempotency?.requestHash ?? "",
        sourcePage: page,
        spamReason: spam,
      });
      return created(answer);
    }

    const inbox = getLeadInbox();
    // A retry of a request already answered costs no rate-limit token.
    const earlier = idempotency ? inbox.earlierAnswer(idempotency) : undefined;
    if (!earlier) rateLimit("createLimiter", request, env);
    const result =
      earlier ??
      inbox.create(parsed.data, {
        sourcePage: page,
        forwarding: env.supabase !== null,
        idempotency,
        spamReason: spam,
      });
    if (result.status === "key_reused") {
      throw new HttpError(422, "This Idempotency-Key was already used for a different request");
    }
    if (result.status === "replayed") {
      log("info", "lead.replayed", { leadId: result.id });
      return created(result, true);
    }
    if (spam) log("warn", "lead.spam_flagged", { leadId: result.lead.id, reason: spam });
    else log("info", "lead.created", { leadId: result.lead.id });
    ensureRelay()?.kick();
    return created({ id: result.lead.id, token: result.token });
  } catch (error) {
    return failure(error, "lead.create_failed");
  }
}

/** PATCH /api/quote/{id}: steps 5-6 and the current plan, allowed only with the lead's token. */
export async function updateQuote(request: Request, id: string): Promise<Response> {
  try {
    const env = serverEnv();
    assertSameOrigin(request, env.trustProxyHops);
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, "Missing token");
    const parsed = quoteUpdateSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error).message);
    if (!UUID.test(id)) throw new HttpError(404, "Quote not found");
    rateLimit("updateLimiter", request, env);

    if (env.leadsStore === "none" && env.supabase && env.tokenSecret) {
      await updateDirect(env.supabase, env.tokenSecret, id, token, parsed.data);
      return Response.json({ success: true });
    }

    const result = getLeadInbox().update(id, token, parsed.data, {
      forwarding: env.supabase !== null,
    });
    if (result.status === "not_found") throw new HttpError(404, "Quote not found");
    if (result.status === "forbidden")
      throw new HttpError(403, "This token does not match the quote");
    log("info", "lead.updated", { leadId: id });
    ensureRelay()?.kick();
    return Response.json({ success: true });
  } catch (error) {
    return failure(error, "lead.update_failed");
  }
}
