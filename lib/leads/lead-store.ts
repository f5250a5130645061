import "server-only";
import { createHash } from "node:crypto";
import type { z } from "zod";
import { SITE } from "@/content/site";
import type { MailSettings } from "@/lib/env";
import { log } from "@/lib/log";
import { validUntil } from "@/lib/quote/price-lock";
import type { QuoteUpdate } from "@shared/quote/schema";
import {
  createResultSchema,
  updateResultSchema,
  viewResultSchema,
  type CreateRequest,
  type CreateResult,
  type StoredQuote,
  type StoreOperation,
  type UpdateRequest,
  type UpdateResult,
  type ViewRequest,
} from "@shared/leads/store-contract";
import { HttpError } from "./http";
import { businessToday, formatCalendarDate } from "@/lib/quote/visit-window";

/**
 * A new lead as the route handler hands it over, validated, with the client's address
 * (lib/leads/guards.ts), by which the store counts its rate limit.
 */
export type NewLead = Omit<CreateRequest, "linkEmailed" | "limit"> & { client: string };

/** The lead's id and the token that authorises its updates; `replayed` when given before. */
export type LeadAnswer = {
  id: string;
  token: string;
  replayed: boolean;
  /** An e-mail with the link to the lead's saved quote is on its way to the visitor. */
  linkEmailed: boolean;
};

export const QUOTE_NOT_FOUND = "Quote not found";

/** docs/leads.md, "Error texts". */
export function quoteExpiredMessage(validUntil: string): string {
  return `This quote expired after ${formatCalendarDate(validUntil)}: please ask for a new one`;
}

/** The store's answer to a repeated key: the first answer again, or the refusal it calls for. */
function replayOf(earlier: Exclude<CreateResult, { status: "created" | "limited" }>): LeadAnswer {
  if (earlier.status === "key_reused") {
    throw new HttpError(422, "This Idempotency-Key was already used for a different request");
  }
  if (earlier.status === "replay_expired") {
    // The lead exists, but its first answer can no longer be replayed (docs/leads.md).
    const received = formatCalendarDate(businessToday(new Date(earlier.receivedAt)));
    throw new HttpError(
      409,
      `This quote request was already received on ${received}. Start a new quote to change it.`,
    );
  }
  return { id: earlier.id, token: earlier.token, replayed: true, linkEmailed: earlier.linkEmailed };
}

/** docs/leads.md, "Error texts": the client is over its limit. */
function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, "Too many requests: please wait a few minutes", retryAfterSeconds);
}

/** The refusal an update that was not applied gets, on either store. */
function updateRefused(result: Exclude<UpdateResult, { status: "updated" }>): HttpError {
  if (result.status === "limited") return tooManyRequests(result.retryAfterSeconds);
  if (result.status === "not_found") return new HttpError(404, QUOTE_NOT_FOUND);
  if (result.status === "forbidden")
    return new HttpError(403, "This token does not match the quote");
  return new HttpError(410, quoteExpiredMessage(validUntil(result.requestedAt)));
}

/** What a created or updated lead is logged as. */
function logStored(lead: Pick<StoredQuote, "id" | "spamReason">, event: "created" | "updated") {
  if (event === "created" && lead.spamReason) {
    log("warn", "lead.spam_flagged", { leadId: lead.id, reason: lead.spamReason });
  } else log("info", `lead.${event}`, { leadId: lead.id });
}

/** Marks the error whichever bundle made it, as HttpError does (./http.ts). */
const UNAVAILABLE = Symbol.for("suncoast.StoreUnavailable");

/** The store could not be reached, or failed: nothing was stored (or nothing read). */
export class StoreUnavailable extends Error {
  override name = "StoreUnavailable";
  readonly [UNAVAILABLE] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && UNAVAILABLE in value;
  }
}

/**
 * One operation, its outcome checked with the contract's schema. `again`: the operation may be
 * sent once more when the first call got no answer or a 5xx. By then the function's deadline
 * (STORE_DEADLINE_MS, shorter than the site's wait) has ended the first call's transaction,
 * committed or rolled back, so the same request finds what it did: a create with the same
 * Idempotency-Key gets the lead it stored, or stores it now; never a 503 for a stored lead. An
 * update is never sent again: arriving after a later change, it would undo it.
 */
async function perform<T>(
  call: StoreCall,
  operation: StoreOperation,
  request: CreateRequest | UpdateRequest | ViewRequest,
  schema: z.ZodType<T>,
  { again }: { again: boolean },
): Promise<T> {
  let outcome = await call(operation, request);
  if (again && !outcome.ok && (outcome.status === undefined || outcome.status >= 500)) {
    log("warn", "lead.store_retried", { operation, reason: outcome.error });
    outcome = await call(operation, request);
  }
  if (outcome.ok) {
    const parsed = schema.safeParse(outcome.result);
    if (parsed.success) return parsed.data;
    log("error", "lead.store_failed", {
      operation,
      reason: "the lead function's answer is malformed",
    });
    throw new StoreUnavailable("malformed answer");
  }
  // The site validated the request with the same rules: the store's words are shown as they are.
  if (outcome.status === 400 && outcome.detail) throw new HttpError(400, outcome.detail);
  log("error", "lead.store_failed", { operation, reason: outcome.error });
  throw new StoreUnavailable(outcome.error);
}

/** One operation of the store (_shared/leads/quote-store.ts, performOperation) and its outcome. */
export type StoreCall = (
  operation: StoreOperation,
  request: CreateRequest | UpdateRequest | ViewRequest,
) => Promise<StoreCallOutcome>;

export type StoreCallOutcome =
  | { ok: true; result: unknown }
  /** `status`: the HTTP status the function answered; 400 with `detail`: bad input, in its words. */
  | { ok: false; error: string; status?: number; detail?: string | null };

/**
 * The lead store (docs/leads.md, "Where a lead goes"): the store code is the lead function's
 * (supabase/functions/_shared/leads/quote-store.ts), reached through a `StoreCall`, directly on the
 * site's own database (./local-store.ts) or through the lead function on Supabase
 * (./forward.ts). The per-client limits (`limits`: requests per 10 minutes) are counted there too, so
 * that they hold for every server sharing the database. `kick` wakes this server's senders: a
 * confirmation is due at once, a CRM post may be.
 */
export function leadStoreOver(
  call: StoreCall,
  options: {
    mail: MailSettings | null;
    kick: () => void;
    limits: Record<"create" | "update", number>;
  },
) {
  // The function counts a client by a hash of its address: it never needs the address itself.
  const limit = (kind: "create" | "update", client: string) => ({
    client: createHash("sha256").update(client).digest("hex"),
    capacity: options.limits[kind],
    windowMs: 10 * 60_000,
  });
  return {
    /**
     * Keeps a new lead (a 429 when the client is over its limit; a repeat of the key costs
     * nothing); resolves only once it is safe to tell the visitor.
     */
    async create(lead: NewLead): Promise<LeadAnswer> {
      const { client, ...fields } = lead;
      const result = await perform(
        call,
        "create",
        {
          ...fields,
          // The store queues the e-mails with the lead when the site sends them (this server's
          // and the others' senders: lib/mail/mail-sender.ts); a flagged lead's answer is a
          // real one's (docs/leads.md, "Bot traps and limits").
          linkEmailed: options.mail !== null,
          limit: limit("create", client),
        },
        createResultSchema,
        { again: lead.idempotency !== null },
      );
      if (result.status === "limited") throw tooManyRequests(result.retryAfterSeconds);
      if (result.status !== "created") return replayOf(result);
      logStored(result.lead, "created");
      options.kick();
      const { token, linkEmailed } = result;
      return { id: result.lead.id, token, replayed: false, linkEmailed };
    },

    /**
     * Applies an update (steps 5-6, the plan and add-ons, a visit window) to the lead the token
     * opens, counted against the client's limit before the lead is looked up (unless `client` is
     * null: a request whose own read was counted); throws a 403, 404, 410 (the price lock ran
     * out) or 429.
     */
    async update(id: string, token: string, update: QuoteUpdate, client: string | null) {
      const result = await perform(
        call,
        "update",
        {
          id,
          token,
          update,
          timeZone: SITE.timeZone,
          limit: client === null ? null : limit("update", client),
        },
        updateResultSchema,
        { again: false },
      );
      if (result.status !== "updated") throw updateRefused(result);
      logStored(result.lead, "updated");
      options.kick();
      return result.lead;
    },

    /** The lead the token opens; an unknown id and a wrong token both 404. Counted like an update. */
    async view(id: string, token: string, client: string) {
      const result = await perform(
        call,
        "view",
        { id, token, limit: limit("update", client) },
        viewResultSchema,
        { again: true },
      );
      if (result.status === "limited") throw tooManyRequests(result.retryAfterSeconds);
      if (result.status === "not_found") throw new HttpError(404, QUOTE_NOT_FOUND);
      return result.lead;
    },
  };
}
