import "server-only";
import type { MailTiming } from "@/lib/mail/mail-outbox";
import { log } from "@/lib/log";
import type { QuoteRequest, QuoteUpdate } from "@shared/quote/schema";
import { HttpError } from "./http";
import { businessToday, formatCalendarDate } from "@/lib/quote/visit-window";
import type { EarlierAnswer, Lead, LeadInbox, UpdateResult } from "./inbox";

/** A new lead as the route handler hands it over: validated, with what the request said about it. */
export type NewLead = {
  quote: QuoteRequest;
  /** The client's Idempotency-Key and a fingerprint of its request, when it sent one. */
  idempotency: { key: string; requestHash: string } | null;
  sourcePage: string | null;
  /** Set when a bot trap caught the request: the owner is told, nothing is forwarded. */
  spamReason: string | null;
  /** The client's address (lib/leads/guards.ts): its rate limit is counted by the store. */
  client: string;
};

/** The two per-client limits: new leads, and reads and updates of a lead. */
export type LimitKind = "create" | "update";

/** The lead's id and the token that authorises its updates; `replayed` when given before. */
export type LeadAnswer = {
  id: string;
  token: string;
  replayed: boolean;
  /** An e-mail with the link to the lead's saved quote is on its way to the visitor. */
  linkEmailed: boolean;
};

/**
 * Where leads are kept: the embedded inbox (LEADS_STORE=sqlite, this file) or Supabase's PostgreSQL
 * through the lead function (LEADS_STORE=supabase, ./shared-store.ts). Each counts the per-client
 * rate limits where it keeps its leads, so that they hold for every server sharing them.
 */
export interface LeadStore {
  /**
   * The answer this Idempotency-Key already got, if the store can tell without a round trip (the
   * shared store answers it from create); throws a 422 when the key came with another request.
   */
  earlierAnswer(idempotency: NewLead["idempotency"]): LeadAnswer | undefined;
  /**
   * Keeps a new lead (a 429 when the client is over its limit; a repeat of the key costs nothing);
   * resolves only once it is safe to tell the visitor.
   */
  create(lead: NewLead): Promise<LeadAnswer>;
  /**
   * Applies an update (steps 5-6, the plan and add-ons, a visit window) to the lead the token
   * opens, counted against the client's limit before the lead is looked up (unless `client` is
   * null: a request whose own read was counted), and resolves with the lead as it now stands;
   * throws a 403, 404, 410 (the price lock ran out) or 429.
   */
  update(id: string, token: string, update: QuoteUpdate, client: string | null): Promise<Lead>;
  /**
   * The lead the token opens, for the saved-quote page and a PATCH's visit window; an unknown id
   * and a wrong token both 404. Counted against the client's update limit before the lead is
   * looked up.
   */
  view(id: string, token: string, client: string): Promise<Lead>;
}

export const QUOTE_NOT_FOUND = "Quote not found";

/** docs/leads.md, "Error texts". */
export function quoteExpiredMessage(validUntil: string): string {
  return `This quote expired after ${formatCalendarDate(validUntil)}: please ask for a new one`;
}

const KEY_REUSED = "This Idempotency-Key was already used for a different request";

/** The lead exists, but its first answer can no longer be replayed (lib/leads/inbox.ts). */
function replayExpired(receivedAt: string): HttpError {
  return new HttpError(
    409,
    `This quote request was already received on ${formatCalendarDate(businessToday(new Date(receivedAt)))}. Start a new quote to change it.`,
  );
}

/** The store's answer to a repeated key: the first answer again, or the refusal it calls for. */
export function replayOf(earlier: EarlierAnswer): LeadAnswer {
  if (earlier.status === "key_reused") throw new HttpError(422, KEY_REUSED);
  if (earlier.status === "replay_expired") throw replayExpired(earlier.receivedAt);
  return {
    id: earlier.id,
    token: earlier.token,
    replayed: true,
    linkEmailed: earlier.linkEmailed,
  };
}

/** docs/leads.md, "Error texts": the client is over its limit. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, "Too many requests: please wait a few minutes", retryAfterSeconds);
}

/** The refusal an update that was not applied gets, on either store. */
export function updateRefused(result: Exclude<UpdateResult, { status: "updated" }>): HttpError {
  if (result.status === "not_found") return new HttpError(404, QUOTE_NOT_FOUND);
  if (result.status === "forbidden")
    return new HttpError(403, "This token does not match the quote");
  return new HttpError(410, quoteExpiredMessage(result.validUntil));
}

/** What a created or updated lead is logged as. */
export function logStored(lead: Pick<Lead, "id" | "spamReason">, event: "created" | "updated") {
  if (event === "created" && lead.spamReason) {
    log("warn", "lead.spam_flagged", { leadId: lead.id, reason: lead.spamReason });
  } else log("info", `lead.${event}`, { leadId: lead.id });
}

/**
 * The inbox store: a lead, its outbox row and its e-mails commit together; the relays send them
 * later. Every update goes through `update`, so each one that changes a real lead queues the
 * owner's (coalesced) "Quote updated".
 */
export function inboxLeadStore(
  inbox: LeadInbox,
  options: {
    forwarding: boolean;
    mail: MailTiming | null;
    kickRelay: () => void;
    /** Takes one request from the client's limit in this process, or throws the 429. */
    limit: (kind: LimitKind, client: string) => void;
  },
): LeadStore {
  return {
    earlierAnswer(idempotency) {
      const earlier = idempotency ? inbox.earlierAnswer(idempotency) : undefined;
      return earlier && replayOf(earlier);
    },

    async create(lead) {
      options.limit("create", lead.client);
      const result = inbox.create(lead.quote, {
        sourcePage: lead.sourcePage,
        forwarding: options.forwarding,
        mail: options.mail,
        idempotency: lead.idempotency,
        spamReason: lead.spamReason,
      });
      if (result.status !== "created") return replayOf(result);
      logStored(result.lead, "created");
      options.kickRelay();
      return {
        id: result.lead.id,
        token: result.token,
        replayed: false,
        linkEmailed: result.linkEmailed,
      };
    },

    async update(id, token, update, client) {
      if (client !== null) options.limit("update", client);
      const result = inbox.update(id, token, update, {
        forwarding: options.forwarding,
        mail: options.mail,
      });
      if (result.status !== "updated") throw updateRefused(result);
      logStored(result.lead, "updated");
      options.kickRelay();
      return result.lead;
    },

    async view(id, token, client) {
      options.limit("update", client);
      const result = inbox.view(id, token);
      if (result.status === "not_found") throw new HttpError(404, QUOTE_NOT_FOUND);
      return result.lead;
    },
  };
}
