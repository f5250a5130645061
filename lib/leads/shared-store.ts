import "server-only";
import { createHash } from "node:crypto";
import type { z } from "zod";
import { SITE } from "@/content/site";
import type { MailSettings } from "@/lib/env";
import { log } from "@/lib/log";
import { validUntil } from "@/lib/quote/price-lock";
import { callStore, type SupabaseConfig } from "./forward";
import { HttpError } from "./http";
import type { ForwardStatus, Lead } from "./lead-table";
import {
  logStored,
  QUOTE_NOT_FOUND,
  replayOf,
  tooManyRequests,
  updateRefused,
  type LeadStore,
  type LimitKind,
} from "./lead-store";
import {
  createResultSchema,
  updateResultSchema,
  viewResultSchema,
  type CreateRequest,
  type StoredQuote,
  type StoreOperation,
  type UpdateRequest,
  type ViewRequest,
} from "@shared/leads/store-contract";

/**
 * LEADS_STORE=supabase: the leads live in Supabase's PostgreSQL, which every server of the site
 * (and every serverless instance) shares. This server keeps nothing: each create, update and view
 * is one signed call to the lead function (supabase/functions/_shared/leads/quote-store.ts), which does
 * it in one transaction and says what happened, and this store answers as the embedded inbox does
 * (./lead-store.ts). The per-client limits are counted there too. The lead function or its
 * database unreachable is told to the visitor as the inbox's disk failing is: 503, nothing stored.
 */

/** Marks the error whichever bundle made it, as HttpError does (./http.ts). */
const UNAVAILABLE = Symbol.for("suncoast.SharedStoreUnavailable");

/** The shared store could not be reached, or failed: nothing was stored (or nothing read). */
export class SharedStoreUnavailable extends Error {
  override name = "SharedStoreUnavailable";
  readonly [UNAVAILABLE] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && UNAVAILABLE in value;
  }
}

/** The webhook's state, in the inbox's words for a forwarded lead. */
const FORWARD_STATUS: Record<StoredQuote["webhookStatus"], ForwardStatus> = {
  not_configured: "off",
  held: "off",
  pending: "pending",
  delivered: "forwarded",
  failed: "failed",
};

/** The function's lead as the site's code reads a lead (lib/leads/lead-table.ts). */
export function leadOf(stored: StoredQuote): Lead {
  const { webhookStatus, webhookError, webhookAttemptedAt, ...lead } = stored;
  return {
    ...lead,
    forwardStatus: FORWARD_STATUS[webhookStatus],
    forwardError: webhookError,
    forwardedAt: webhookStatus === "delivered" ? webhookAttemptedAt : null,
  };
}

type Limit = { client: string; capacity: number; windowMs: number };

/**
 * One operation, its outcome checked with the contract's schema. `again`: the operation may be
 * sent once more when the first call got no answer or a 5xx. By then the function's deadline
 * (STORE_DEADLINE_MS, shorter than the site's wait) has ended the first call's transaction,
 * committed or rolled back, so the same request finds what it did: a create with the same
 * Idempotency-Key gets the lead it stored, or stores it now; never a 503 for a stored lead. An
 * update is never sent again: arriving after a later change, it would undo it.
 */
async function perform<T>(
  config: SupabaseConfig,
  operation: StoreOperation,
  request: CreateRequest | UpdateRequest | ViewRequest,
  schema: z.ZodType<T>,
  { again }: { again: boolean },
): Promise<T> {
  let outcome = await callStore(config, operation, request);
  if (again && !outcome.ok && (outcome.status === undefined || outcome.status >= 500)) {
    log("warn", "lead.store_retried", { operation, reason: outcome.error });
    outcome = await callStore(config, operation, request);
  }
  if (outcome.ok) {
    const parsed = schema.safeParse(outcome.result);
    if (parsed.success) return parsed.data;
    log("error", "lead.store_failed", {
      operation,
      reason: "the lead function's answer is malformed",
    });
    throw new SharedStoreUnavailable("malformed answer");
  }
  // The site validated the request with the same rules: the function's words are shown as they are.
  if (outcome.status === 400 && outcome.detail) throw new HttpError(400, outcome.detail);
  log("error", "lead.store_failed", { operation, reason: outcome.error });
  throw new SharedStoreUnavailable(outcome.error);
}

export function sharedLeadStore(
  config: SupabaseConfig,
  options: {
    mail: MailSettings | null;
    /** Wakes this server's e-mail sender after a change: an e-mail is due now or later. */
    kickMail?: () => void;
    /** Each limit's requests per window, per client (lib/leads/runtime.ts). */
    limits: Record<LimitKind, { capacity: number; windowMs: number }>;
  },
): LeadStore {
  // The function counts a client by a hash of its address: it never needs the address itself.
  const limit = (kind: LimitKind, client: string): Limit => ({
    client: createHash("sha256").update(client).digest("hex"),
    ...options.limits[kind],
  });
  return {
    // A repeated key is answered by create, within the function's transaction.
    earlierAnswer: () => undefined,

    async create(lead) {
      const result = await perform(
        config,
        "create",
        {
          quote: lead.quote,
          idempotency: lead.idempotency,
          sourcePage: lead.sourcePage,
          spamReason: lead.spamReason,
          // The function queues the e-mails with the lead when the site sends them (this server's
          // and the others' senders: lib/mail/mail-sender.ts); a flagged lead's answer is a
          // real one's (docs/leads.md, "Bot traps and limits").
          linkEmailed: options.mail !== null,
          limit: limit("create", lead.client),
        },
        createResultSchema,
        { again: lead.idempotency !== null },
      );
      if (result.status === "limited") throw tooManyRequests(result.retryAfterSeconds);
      if (result.status !== "created") return replayOf(result);
      const stored = leadOf(result.lead);
      logStored(stored, "created");
      options.kickMail?.();
      return {
        id: stored.id,
        token: result.token,
        replayed: false,
        linkEmailed: result.linkEmailed,
      };
    },

    async update(id, token, update, client) {
      const result = await perform(
        config,
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
      if (result.status === "limited") throw tooManyRequests(result.retryAfterSeconds);
      if (result.status === "expired") {
        throw updateRefused({ status: "expired", validUntil: validUntil(result.requestedAt) });
      }
      if (result.status !== "updated") throw updateRefused(result);
      const stored = leadOf(result.lead);
      logStored(stored, "updated");
      options.kickMail?.();
      return stored;
    },

    async view(id, token, client) {
      const result = await perform(
        config,
        "view",
        { id, token, limit: limit("update", client) },
        viewResultSchema,
        { again: true },
      );
      if (result.status === "limited") throw tooManyRequests(result.retryAfterSeconds);
      if (result.status === "not_found") throw new HttpError(404, QUOTE_NOT_FOUND);
      return leadOf(result.lead);
    },
  };
}
