import "server-only";
import * as z from "zod/mini";
import { FORM_TIME_KEY, HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { quoteRequestSchema } from "@shared/quote/schema";

/** A create request: the quote and, beside it, the bot-trap fields, which are no part of the lead. */
export const createBodySchema = z.extend(quoteRequestSchema, {
  [HONEYPOT_KEY]: z.optional(
    z.string({ error: `${HONEYPOT_KEY} must be text` }).check(z.maxLength(2_000)),
  ),
  [FORM_TIME_KEY]: z.optional(
    z
      .number({ error: `${FORM_TIME_KEY} must be a number` })
      .check(z.gte(0, `${FORM_TIME_KEY} must not be negative`), z.lte(Number.MAX_SAFE_INTEGER)),
  ),
});

/**
 * Why the request looks like a bot's, or null; `minFormMs` is the server's LEADS_MIN_FORM_MS. The
 * reason is for the owner, never the sender.
 */
export function spamReason(
  honeypot: string | undefined,
  formMs: number | undefined,
  minFormMs: number,
): string | null {
  if (honeypot?.trim()) return "the hidden honeypot field was filled in";
  if (formMs !== undefined && formMs < minFormMs) {
    return `sent ${Math.round(formMs)} ms after the visitor first touched the calculator (people take over ${minFormMs / 1000} s)`;
  }
  return null;
}
