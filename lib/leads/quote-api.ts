import "server-only";
import { createHash } from "node:crypto";
import { RequestCookies } from "next/dist/server/web/spec-extension/cookies";
import type { z } from "zod";
import { SITE } from "@/content/site";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { noteWrite } from "@/lib/health";
import { log } from "@/lib/log";
import { FORM_TIME_KEY, HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { firstIssue, quoteUpdateSchema } from "@shared/quote/schema";
import {
  createResultSchema,
  updateResultSchema,
  viewResultSchema,
  type CreateRequest,
  LIMIT_WINDOW_MS,
  type StoreOperation,
  type UpdateRequest,
  type ViewRequest,
} from "@shared/leads/store-contract";
import { CAMPAIGN_COOKIE, campaignFromCookie } from "@/lib/attribution/campaign-cookie";
import { assertSameOrigin, clientAddress, idempotencyKey, requestHash } from "./guards";
import { HttpError, bearerToken, etag, ifMatchVersion, readJsonBody, sourcePage } from "./http";
import { closedDaysAround } from "@/lib/quote/closed-days";
import { isExpired, validUntil } from "@/lib/quote/price-lock";
import { businessToday, formatCalendarDate, visitWindowError } from "@/lib/quote/visit-window";
import { leadStore, senders, StoreUnavailable } from "./runtime";
import { savedQuoteUrl, savedQuoteView } from "./saved-quote";
import { createBodySchema, spamReason } from "./spam-traps";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "./storage-answer";

/**
 * The lead API (docs/leads.md): each route validates, counts the client, and asks the lead store
 * (./runtime.ts) to carry out one operation, whose outcome it answers the visitor with.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ROUTES = {
  create: "POST /api/quote",
  update: "PATCH /api/quote/{id}",
  view: "GET /api/quote/{id}",
} as const;

/** A saved quote is personal and changes: never kept by a browser or a proxy. */
const NO_STORE = { "Cache-Control": "no-store" };

/** docs/leads.md, "Error texts". */
const QUOTE_NOT_FOUND = "Quote not found";

/** The outcomes every operation may have, answered alike. */
type Refusal = { status: "limited"; retryAfterSeconds: number } | { status: "not_found" };
const isRefusal = (result: { status: string }): result is Refusal =>
  result.status === "limited" || result.status === "not_found";

/**
 * One operation of the store, its outcome checked with the contract's schema: 429 when the client
 * is over its limit, 404 for an unknown id or a wrong token. `again`: the operation may be sent
 * once more when the first call got no answer or a 5xx. By then the function's deadline
 * (STORE_DEADLINE_MS, shorter than the site's wait) has ended the first call's transaction,
 * committed or rolled back, so the same request finds what it did: a create with the same
 * Idempotency-Key gets the lead it stored, or stores it now; never a 503 for a stored lead. An
 * update is never sent again: arriving after a later change, it would undo it.
 */
async function perform<T extends { status: string }>(
  operation: StoreOperation,
  request: CreateRequest | UpdateRequest | ViewRequest,
  schema: z.ZodType<T>,
  again: boolean,
): Promise<Exclude<T, Refusal>> {
  const call = leadStore();
  let outcome = await call(operation, request);
  if (again && !outcome.ok && (outcome.status === undefined || outcome.status >= 500)) {
    log("warn", "lead.store_retried", { operation, reason: outcome.error });
    outcome = await call(operation, request);
  }
  if (!outcome.ok) {
    // The site validated the request with the same rules: the store's words are shown as they are.
    if (outcome.status === 400 && outcome.detail) throw new HttpError(400, outcome.detail);
    throw new StoreUnavailable(outcome.error);
  }
  const parsed = schema.safeParse(outcome.result);
  if (!parsed.success) throw new StoreUnavailable("the lead function's answer is malformed");
  const result: T | Refusal = parsed.data;
  if (!isRefusal(result)) return result as Exclude<T, Refusal>;
  if (result.status === "not_found") throw new HttpError(404, QUOTE_NOT_FOUND);
  const text = "Too many requests: please wait a few minutes";
  throw new HttpError(429, text, result.retryAfterSeconds);
}

/**
 * The client's limit (requests per 10 minutes), counted by the store so that it holds for every
 * server sharing the database: by a hash of the client's address, which the store never needs.
 */
const limit = (env: ServerEnv, kind: "create" | "update", client: string) => ({
  client: createHash("sha256").update(client).digest("hex"),
  capacity: env.rateLimits[kind],
  windowMs: LIMIT_WINDOW_MS,
});

/** A lead's own limit on its updates (corrections included), whoever sends them. */
const leadLimit = (env: ServerEnv) => ({
  capacity: env.rateLimits.update,
  windowMs: LIMIT_WINDOW_MS,
});

/** docs/leads.md, "Error texts": a 412's. */
export const NOT_APPLIED =
  "This quote was changed elsewhere since you loaded it, so your change was not applied";

/** An answer about a lead: its version as the ETag, never kept by a browser or a proxy. */
const aboutLead = (version: number) => ({ ...NO_STORE, ETag: etag(version) });

/** The lead the token opens, counted like an update; an unknown id and a wrong token both 404. */
const view = async (env: ServerEnv, id: string, token: string, client: string) => {
  const request = { id, token, limit: limit(env, "update", client) };
  return (await perform("view", request, viewResultSchema, true)).lead;
};

/** A stored lead wakes this server's e-mail sender: the owner's e-mail may be due. */
function stored(
  leadId: string,
  event: "lead.created" | "lead.updated" | "lead.merged",
  spam: string | null,
) {
  if (spam) log("warn", "lead.spam_flagged", { leadId, reason: spam });
  else log("info", event, { leadId });
  noteWrite(null);
  senders().mail?.kick();
}

/**
 * A route: same-origin requests only (403), `respond` given the client's address (guards.ts);
 * whatever it throws answered as JSON, a store that cannot be reached with 503 and Retry-After.
 */
async function route(
  operation: StoreOperation,
  request: Request,
  respond: (env: ServerEnv, client: string) => Promise<Response>,
): Promise<Response> {
  try {
    const env = serverEnv();
    assertSameOrigin(request, env.trustProxyHops);
    return await respond(env, clientAddress(request, env.trustProxyHops));
  } catch (error) {
    return failure(error, operation);
  }
}

function failure(error: unknown, operation: StoreOperation): Response {
  const route = ROUTES[operation];
  let refusal = error;
  if (error instanceof StoreUnavailable) {
    // The store unreachable (or none): never a success, and the visitor is asked to come back.
    log("error", "lead.storage_failed", { route, reason: error.message });
    if (operation !== "view") noteWrite(error.message);
    const text = STORAGE_UNAVAILABLE[operation === "view" ? "read" : "write"];
    refusal = new HttpError(503, text, STORAGE_RETRY_AFTER_SECONDS);
  } else if (error instanceof HttpError) {
    log("warn", "request.refused", { status: error.status, reason: error.message, route });
  } else {
    log("error", `lead.${operation}_failed`, {
      reason: error instanceof Error ? error.message : String(error),
    });
    refusal = new HttpError(500, "The quote could not be saved");
  }
  const { status, message, retryAfterSeconds } = refusal as HttpError;
  const headers = new Headers(NO_STORE);
  if (retryAfterSeconds) headers.set("Retry-After", String(retryAfterSeconds));
  // The rest of an oversized body is never read: the client must not reuse this connection.
  if (status === 413) headers.set("Connection", "close");
  return Response.json({ success: false, error: message }, { status, headers });
}

/**
 * POST /api/quote: refuses what is not a same-origin JSON quote, validates it, and hands it to the
 * lead store (201 only once the store has it safe), once per Idempotency-Key: a repeat gets the
 * first answer again, with the link to the lead's own page (docs/leads.md).
 */
/** The campaign cookie proxy.ts set on the visitor's landing, if any. */
const cookieCampaign = (request: Request) =>
  campaignFromCookie(new RequestCookies(request.headers).get(CAMPAIGN_COOKIE)?.value);

export const handleQuotePost = (request: Request) =>
  route("create", request, async (env, client) => {
    const key = idempotencyKey(request);
    const parsed = createBodySchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error).message);
    const { [HONEYPOT_KEY]: honeypot, [FORM_TIME_KEY]: formMs, ...sent } = parsed.data;
    // The campaign cookie is the one source (docs/leads.md, "Attribution"); a page loaded before it
    // existed may still send what its tab recorded, which counts only when there is no cookie.
    const quote = { ...sent, attribution: cookieCampaign(request) ?? sent.attribution };
    // The attribution is no part of the fingerprint: a retry of the quote is the same request
    // even if another campaign has brought the visitor back meanwhile.
    const answers = { ...quote, attribution: undefined };
    const lead = {
      quote,
      idempotency: key ? { key, requestHash: requestHash(answers) } : null,
      sourcePage: sourcePage(request),
      spamReason: spamReason(honeypot, formMs, env.minFormMs),
      // The store queues the e-mails with the lead when the site sends them (this server's and
      // the others' senders: lib/mail/mail-sender.ts); a flagged lead's answer is a real one's
      // (docs/leads.md, "Bot traps and limits").
      linkEmailed: env.mail !== null,
      limit: limit(env, "create", client),
      leadLimit: leadLimit(env),
    };
    const result = await perform("create", lead, createResultSchema, key !== null);
    if (result.status === "key_reused") {
      throw new HttpError(422, "This Idempotency-Key was already used for a different request");
    }
    if (result.status === "replay_expired") {
      // The lead exists, but its first answer can no longer be replayed (docs/leads.md).
      const received = formatCalendarDate(businessToday(new Date(result.receivedAt)));
      throw new HttpError(
        409,
        `This quote request was already received on ${received}. Start a new quote to change it.`,
      );
    }
    const replayed = result.status === "replayed";
    const id = replayed ? result.id : result.lead.id;
    if (replayed) log("info", "lead.replayed", { leadId: id });
    else stored(id, `lead.${result.status}`, result.lead.spamReason);
    const { token, linkEmailed } = result;
    const version = replayed ? result.version : result.lead.version;
    // The session's lead updated with a copied tab's details: 200, as for an update.
    const status = result.status === "merged" ? 200 : 201;
    return Response.json(
      { success: true, id, token, quoteUrl: savedQuoteUrl(id, token), linkEmailed },
      {
        status,
        headers: { ...aboutLead(version), ...(replayed ? { "Idempotent-Replayed": "true" } : {}) },
      },
    );
  });

/** The lead's token, or a 401; a path that is no lead id is a 404 like an unknown one. */
function leadToken(request: Request, id: string): string {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, "Missing token");
  if (!UUID.test(id)) throw new HttpError(404, QUOTE_NOT_FOUND);
  return token;
}

/**
 * PATCH /api/quote/{id}: what the calculator or the saved-quote page changed, allowed only with the
 * lead's token and while its price lock holds (403, 404, 410). The answer carries the quote as it
 * now stands, priced by the server.
 */
export const handleQuotePatch = (request: Request, id: string) =>
  route("update", request, async (env, client) => {
    const token = leadToken(request, id);
    const key = idempotencyKey(request);
    const baseVersion = ifMatchVersion(request);
    const parsed = quoteUpdateSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error).message);
    const now = new Date();
    const { visitWindow } = parsed.data;
    // A visit is asked for while the quote's price holds (docs/decisions.md, "Saved quote"); an
    // expired quote gets its 410 from the update below, not a window error. The read takes the
    // request's one rate-limit token, before it looks the lead up; the update then takes none.
    const requested = visitWindow ? (await view(env, id, token, client)).createdAt : undefined;
    const lastDate = requested && !isExpired(requested, now) ? validUntil(requested) : undefined;
    const windowError =
      visitWindow &&
      visitWindowError(visitWindow, now, { closedDays: closedDaysAround(now), lastDate });
    if (windowError) throw new HttpError(400, windowError);
    const update = {
      id,
      token,
      update: parsed.data,
      timeZone: SITE.timeZone,
      limit: visitWindow ? null : limit(env, "update", client),
      leadLimit: leadLimit(env),
      baseVersion,
      idempotency: key ? { key, requestHash: requestHash(parsed.data) } : null,
      linkEmailed: env.mail !== null,
    };
    const result = await perform("update", update, updateResultSchema, false);
    if (result.status === "forbidden") {
      throw new HttpError(403, "This token does not match the quote");
    }
    if (result.status === "key_reused") {
      throw new HttpError(422, "This Idempotency-Key was already used for a different request");
    }
    if (result.status === "conflict") {
      // Nothing applied: the quote as it stands, for the page to show (docs/leads.md).
      log("warn", "request.refused", {
        status: 412,
        reason: "stale If-Match",
        route: ROUTES.update,
      });
      const quote = savedQuoteView(result.lead, now);
      return Response.json(
        { success: false, error: NOT_APPLIED, quote },
        { status: 412, headers: aboutLead(result.lead.version) },
      );
    }
    if (result.status === "expired") {
      const lastDay = formatCalendarDate(validUntil(result.requestedAt));
      throw new HttpError(410, `This quote expired after ${lastDay}: please ask for a new one`);
    }
    if (!result.replayed) stored(result.lead.id, "lead.updated", null);
    // A new e-mail address: the new token and link; the old link no longer opens the quote.
    const rotated = result.rotated && {
      token: result.rotated.token,
      quoteUrl: savedQuoteUrl(id, result.rotated.token),
      linkEmailed: result.rotated.linkEmailed,
    };
    return Response.json(
      { success: true, quote: savedQuoteView(result.lead, now), ...rotated },
      { headers: aboutLead(result.lead.version) },
    );
  });

/**
 * GET /api/quote/{id}: the saved-quote page's quote (docs/leads.md), same-origin, with the lead's
 * token, rate-limited with the updates. An unknown id and a wrong token get the same 404.
 */
export const handleQuoteGet = (request: Request, id: string) =>
  route("view", request, async (env, client) => {
    const lead = await view(env, id, leadToken(request, id), client);
    return Response.json(
      { success: true, quote: savedQuoteView(lead, new Date()) },
      { headers: aboutLead(lead.version) },
    );
  });
