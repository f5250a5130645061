import { FORM_TIME_KEY, HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { SAVED_QUOTE_PATH } from "@/lib/quote/saved-quote";
import type { QuoteRequest, QuoteUpdate } from "@shared/quote/schema";
import { retryAfterSeconds } from "./messages";
import { oneAtATime } from "./one-at-a-time";

/** The calculator's two calls to the site's own route handlers; the browser never talks to Supabase. */

export type Created =
  | { ok: true; id: string; token: string; quoteUrl: string | null; linkEmailed: boolean }
  /** `retryAfterSeconds`: how long the server asked to wait (a 429's Retry-After), else null. */
  | { ok: false; retryAfterSeconds: number | null };

const FAILED: Created = { ok: false, retryAfterSeconds: null };

function isCreatedAnswer(body: unknown): body is { success: true; id: string; token: string } {
  if (typeof body !== "object" || body === null) return false;
  const answer: Record<string, unknown> = { ...body };
  return (
    answer.success === true && typeof answer.id === "string" && typeof answer.token === "string"
  );
}

function savedQuoteLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) && parsed.pathname === SAVED_QUOTE_PATH ? url : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/quote. Any error answer, missing success or thrown exception is a failure (docs/calculator.md).
 * The attempt's Idempotency-Key makes a retry of the same quote the same lead; the bot-trap
 * fields (lib/quote/form-traps.ts) travel beside it.
 */
export async function sendNewQuote(
  request: QuoteRequest,
  attempt: { idempotencyKey: string; honeypot: string; formMs: number },
): Promise<Created> {
  try {
    const response = await fetch("/api/quote", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": attempt.idempotencyKey },
      body: JSON.stringify({
        ...request,
        [HONEYPOT_KEY]: attempt.honeypot,
        [FORM_TIME_KEY]: attempt.formMs,
      }),
    });
    if (!response.ok) {
      return {
        ok: false,
        retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")),
      };
    }
    const body: unknown = await response.json();
    if (!isCreatedAnswer(body)) return FAILED;
    // Only a link to this site's own saved-quote page is offered to the visitor.
    const quoteUrl = "quoteUrl" in body && typeof body.quoteUrl === "string" ? body.quoteUrl : null;
    const linkEmailed = "linkEmailed" in body && body.linkEmailed === true;
    return {
      ok: true,
      id: body.id,
      token: body.token,
      quoteUrl: savedQuoteLink(quoteUrl),
      linkEmailed,
    };
  } catch {
    return FAILED;
  }
}

/** PATCH /api/quote/{id}: the lead exists already, so a failure is logged, never shown to the visitor. */
export async function sendQuoteUpdate(
  lead: { id: string; token: string },
  update: QuoteUpdate,
): Promise<void> {
  try {
    const response = await fetch(`/api/quote/${encodeURIComponent(lead.id)}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${lead.token}` },
      body: JSON.stringify(update),
    });
    if (!response.ok)
      console.error(`Saving the quote's last answers failed (HTTP ${response.status}).`);
  } catch (error) {
    console.error("Saving the quote's last answers failed.", error);
  }
}

type UpdateQueue = (update: QuoteUpdate) => Promise<void>;
const updateQueues = new Map<string, UpdateQueue>();

/**
 * Queues an update of the lead: one request at a time per lead, the latest last (one-at-a-time.ts),
 * so two plan switches whose first answer is slow still end on the second, on the server, in the
 * owner's e-mail and in the CRM. The calculator's updates each carry steps 5-6 and the plan.
 */
export function queueQuoteUpdate(lead: { id: string; token: string }, update: QuoteUpdate) {
  let queue = updateQueues.get(lead.id);
  if (!queue) {
    queue = oneAtATime((next: QuoteUpdate) => sendQuoteUpdate(lead, next));
    updateQueues.set(lead.id, queue);
  }
  return queue(update);
}
