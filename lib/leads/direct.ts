import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import type { MailSettings } from "@/lib/env";
import { log } from "@/lib/log";
import { afterAnswer, sendLeadMailNow } from "@/lib/mail/send-now";
import { isExpired, validUntil } from "@/lib/quote/price-lock";
import { quoteTotal } from "@/lib/quote/pricing";
import type { VisitWindow } from "@/lib/quote/visit-window";
import { quoteRequestSchema, type QuoteRequest, type QuoteUpdate } from "@/lib/quote/schema";
import { deliverLead, type SupabaseConfig } from "./forward";
import { HttpError } from "./http";
import type { Lead } from "./lead-table";
import { quoteExpiredMessage, type LeadAnswer, type LeadStore, type NewLead } from "./lead-store";
import { leadPayload, type LeadEvent } from "./payload";
import { openSigned, signToken } from "./signed-token";

/**
 * LEADS_STORE=none, for hosts without durable disk: nothing is kept here, each request is
 * forwarded while the visitor waits, and success is answered only when the function said so.
 *
 * With no inbox to remember a lead, the id comes from the Idempotency-Key and the request (the same
 * pair always names the same lead, which the function dedupes; the same key with another request
 * names another lead, which the function refuses as a reused key), and the update token carries the
 * lead back: its key and the visitor's own request. The token is signed with LEADS_TOKEN_SECRET
 * (./signed-token.ts), so only a token this server made is trusted: one made by hand, altered, or
 * signed with another secret is refused with 403 before anything is forwarded.
 */

/** The RFC 9562 version-8 UUID made from a hash: stable for the same key and request. */
function uuidFromHash(hex: string): string {
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const tokenSchema = z.object({
  v: z.literal(2),
  /** When the lead was first accepted: the price lock runs from it. */
  at: z.iso.datetime(),
  key: z.string().min(1).max(255),
  id: z.uuid(),
  page: z.string().nullable(),
  quote: z.unknown(),
  /** A bot trap caught the create: its updates are not forwarded either. */
  spam: z.boolean(),
});

function openToken(
  secret: Buffer,
  token: string,
): z.output<typeof tokenSchema> & { quote: QuoteRequest } {
  try {
    const parsed = tokenSchema.parse(openSigned(secret, token));
    return { ...parsed, quote: quoteRequestSchema.parse(parsed.quote) };
  } catch {
    throw new HttpError(403, "This token does not match the quote");
  }
}

/** The payload of a lead nothing stores: the request, priced by the server. */
function requestLeadPayload(
  id: string,
  quote: QuoteRequest,
  sourcePage: string | null,
  event: LeadEvent,
  visitWindow?: VisitWindow,
) {
  return leadPayload(
    {
      ...quote,
      id,
      message: quote.message ?? "",
      totalPrice: quoteTotal(quote.paneCount, quote.frequency, quote.addOns),
      sourcePage,
      visitEarliestDate: visitWindow?.earliestDate ?? null,
      visitPartOfDay: visitWindow?.partOfDay ?? null,
    },
    event,
  );
}

/** The lead as the e-mails read it (accepted by the function, or flagged); nothing of it is kept. */
function mailedLead(id: string, key: string, lead: NewLead): Lead {
  const at = new Date().toISOString();
  const { quote } = lead;
  return {
    id,
    createdAt: at,
    updatedAt: at,
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    address: quote.address,
    message: quote.message ?? "",
    paneCount: quote.paneCount,
    frequency: quote.frequency,
    addOns: { ...quote.addOns },
    isPostConstruction: quote.isPostConstruction || null,
    stories: quote.stories || null,
    totalPrice: quoteTotal(quote.paneCount, quote.frequency, quote.addOns),
    clientTotalPrice: quote.totalPrice,
    sourcePage: lead.sourcePage,
    forwardStatus: lead.spamReason === null ? "forwarded" : "off",
    forwardError: null,
    forwardedAt: lead.spamReason === null ? at : null,
    idempotencyKey: key,
    spamReason: lead.spamReason,
    visitEarliestDate: null,
    visitPartOfDay: null,
  };
}

/** Forwards a new lead now; answers with its id and token only when the function said success. */
async function createDirect(
  config: SupabaseConfig,
  secret: Buffer,
  mail: MailSettings | null,
  lead: NewLead,
): Promise<LeadAnswer> {
  const key = lead.idempotency?.key ?? randomUUID();
  const requestHash = lead.idempotency?.requestHash ?? "";
  const id = uuidFromHash(createHash("sha256").update(`${key}\n${requestHash}`).digest("hex"));
  const spam = lead.spamReason !== null;
  const contents: z.input<typeof tokenSchema> = {
    v: 2,
    at: new Date().toISOString(),
    key,
    id,
    page: lead.sourcePage,
    quote: lead.quote,
    spam,
  };
  const token = signToken(secret, contents);
  if (lead.spamReason) {
    // There is nowhere to keep it: the owner is e-mailed (marked), and the log says so too.
    log("warn", "lead.spam_not_kept", { leadId: id, reason: lead.spamReason });
    if (mail) {
      const flagged = mailedLead(id, key, lead);
      afterAnswer(() => sendLeadMailNow(flagged, mail));
    }
    return { id, token, replayed: false, linkEmailed: false };
  }
  const outcome = await deliverLead(config, {
    payload: requestLeadPayload(id, lead.quote, lead.sourcePage, "create"),
    idempotencyKey: key,
  });
  if (!outcome.ok) {
    log("error", "lead.forward_failed", { leadId: id, reason: outcome.error });
    if (outcome.status === 422) {
      throw new HttpError(422, "This Idempotency-Key was already used for a different request");
    }
    throw new HttpError(502, "The quote could not be sent");
  }
  log("info", "lead.forwarded", { leadId: id, delivery: "create" });
  // A retry of the same request (the function already had the lead) mails nobody a second time.
  if (mail && outcome.created) {
    const accepted = mailedLead(id, key, lead);
    afterAnswer(() => sendLeadMailNow(accepted, mail));
  }
  return { id, token, replayed: false, linkEmailed: false };
}

/** Forwards an update of a lead the token describes, now. */
async function updateDirect(
  config: SupabaseConfig,
  secret: Buffer,
  id: string,
  token: string,
  update: QuoteUpdate,
): Promise<void> {
  const sealed = openToken(secret, token);
  if (sealed.id !== id) throw new HttpError(403, "This token does not match the quote");
  if (isExpired(sealed.at, new Date())) {
    throw new HttpError(410, quoteExpiredMessage(validUntil(sealed.at)));
  }
  if (sealed.spam) return;
  // The token carries the lead as created; this update is applied to it and forwarded whole (a
  // visit window only with the update that asks for it: the function keeps it once stored).
  const { visitWindow, ...changes } = update;
  const quote: QuoteRequest = { ...sealed.quote, ...changes };
  const outcome = await deliverLead(config, {
    payload: requestLeadPayload(id, quote, sealed.page, "update", visitWindow),
    idempotencyKey: sealed.key,
  });
  if (!outcome.ok) {
    log("error", "lead.forward_failed", { leadId: id, delivery: "update", reason: outcome.error });
    throw new HttpError(outcome.status === 422 ? 403 : 502, "The update could not be sent");
  }
  log("info", "lead.forwarded", { leadId: id, delivery: "update" });
}

/** docs/leads.md, "Error texts"; the saved-quote page shows it as it is. */
export const SAVED_QUOTES_NEED_INBOX = "Saved quotes are not kept on this site";

/** The store for LEADS_STORE=none: it remembers nothing, so it never knows an earlier answer. */
export function directLeadStore(
  config: SupabaseConfig,
  secret: Buffer,
  mail: MailSettings | null = null,
): LeadStore {
  return {
    earlierAnswer: () => undefined,
    create: (lead) => createDirect(config, secret, mail, lead),
    update: (id, token, update) => updateDirect(config, secret, id, token, update),
    // A saved quote is shown from the inbox: with none, the page says it is not available here.
    savesQuotes: false,
    view: () => Promise.reject(new HttpError(501, SAVED_QUOTES_NEED_INBOX)),
  };
}
