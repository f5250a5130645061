import "server-only";
import type { MailTiming } from "@/lib/mail/mail-outbox";
import { log } from "@/lib/log";
import type { QuoteRequest, QuoteUpdate } from "@/lib/quote/schema";
import { HttpError } from "./http";
import { businessToday, formatCalendarDate } from "@/lib/quote/visit-window";
import type { EarlierAnswer, Lead, LeadInbox } from "./inbox";

/** A new lead as the route handler hands it over: validated, with what the request said about it. */
export type NewLead = {
  quote: QuoteRequest;
  /** The client's Idempotency-Key and a fingerprint of its request, when it sent one. */
  idempotency: { key: string; requestHash: string } | null;
  sourcePage: string | null;
  /** Set when a bot trap caught the request: the owner is told, nothing is forwarded. */
  spamReason: string | null;
};

/** The lead's id and the token that authorises its updates; `replayed` when given before. */
export type LeadAnswer = {
  id: string;
  token: string;
  replayed: boolean;
  /** An e-mail with the link to the lead's saved quote is on its way to the visitor. */
  linkEmailed: boolean;
};

/** Where leads go: the embedded inbox (LEADS_STORE=sqlite) or straight to the function (none). */
export interface LeadStore {
  /**
   * The answer this Idempotency-Key already got, if the store remembers it; throws a 422 when the
   * key came with another request.
   */
  earlierAnswer(idempotency: NewLead["idempotency"]): LeadAnswer | undefined;
  /** Keeps (or forwards) a new lead; resolves only once it is safe to tell the visitor. */
  create(lead: NewLead): Promise<LeadAnswer>;
  /**
   * Applies an update (steps 5-6, the plan and add-ons, a visit window) to the lead the token
   * opens; throws a 403, 404, 410 (the price lock ran out) or 502.
   */
  update(id: string, token: string, update: QuoteUpdate): Promise<void>;
  /** Whether it keeps leads to show on the saved-quote page (LEADS_STORE=none keeps nothing). */
  readonly savesQuotes: boolean;
  /** The lead the token opens, for the saved-quote page; an unknown id and a wrong token both 404. */
  view(id: string, token: string): Promise<Lead>;
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

/** The inbox's answer to a repeated key: the first answer again, or the refusal it calls for. */
function replayOf(earlier: EarlierAnswer): LeadAnswer {
  if (earlier.status === "key_reused") throw new HttpError(422, KEY_REUSED);
  if (earlier.status === "replay_expired") throw replayExpired(earlier.receivedAt);
  return {
    id: earlier.id,
    token: earlier.token,
    replayed: true,
    linkEmailed: earlier.linkEmailed,
  };
}

/**
 * The inbox store: a lead, its outbox row and its e-mails commit together; the relays send them
 * later. Every update goes through `update`, so each one that changes a real lead queues the
 * owner's (coalesced) "Quote updated".
 */
export function inboxLeadStore(
  inbox: LeadInbox,
  options: { forwarding: boolean; mail: MailTiming | null; kickRelay: () => void },
): LeadStore {
  return {
    earlierAnswer(idempotency) {
      const earlier = idempotency ? inbox.earlierAnswer(idempotency) : undefined;
      return earlier && replayOf(earlier);
    },

    async create(lead) {
      const result = inbox.create(lead.quote, {
        sourcePage: lead.sourcePage,
        forwarding: options.forwarding,
        mail: options.mail,
        idempotency: lead.idempotency,
        spamReason: lead.spamReason,
      });
      if (result.status !== "created") return replayOf(result);
      if (lead.spamReason) {
        log("warn", "lead.spam_flagged", { leadId: result.lead.id, reason: lead.spamReason });
      } else log("info", "lead.created", { leadId: result.lead.id });
      options.kickRelay();
      return {
        id: result.lead.id,
        token: result.token,
        replayed: false,
        linkEmailed: result.linkEmailed,
      };
    },

    async update(id, token, update) {
      const result = inbox.update(id, token, update, {
        forwarding: options.forwarding,
        mail: options.mail,
      });
      if (result.status === "not_found") throw new HttpError(404, QUOTE_NOT_FOUND);
      if (result.status === "forbidden")
        throw new HttpError(403, "This token does not match the quote");
      if (result.status === "expired")
        throw new HttpError(410, quoteExpiredMessage(result.validUntil));
      log("info", "lead.updated", { leadId: id });
      options.kickRelay();
    },

    savesQuotes: true,

    async view(id, token) {
      const result = inbox.view(id, token);
      if (result.status === "not_found") throw new HttpError(404, QUOTE_NOT_FOUND);
      return result.lead;
    },
  };
}
