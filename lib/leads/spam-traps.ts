import "server-only";
import { z } from "zod";
import { FORM_TIME_KEY, HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { HttpError } from "./http";

const trapsSchema = z.object({
  honeypot: z
    .string({ error: `${HONEYPOT_KEY} must be text` })
    .max(2_000)
    .optional(),
  formMs: z
    .number({ error: `${FORM_TIME_KEY} must be a number` })
    .nonnegative(`${FORM_TIME_KEY} must not be negative`)
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
});

type Traps = z.infer<typeof trapsSchema>;

/**
 * Takes the bot-trap fields out of a create request's body, leaving the quote for its own strict
 * schema. A body that is not an object passes through untouched for that schema to refuse.
 */
export function splitTraps(body: unknown): { quote: unknown; traps: Traps } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { quote: body, traps: {} };
  }
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(body));
  const { [HONEYPOT_KEY]: honeypot, [FORM_TIME_KEY]: formMs, ...quote } = fields;
  const traps = trapsSchema.safeParse({ honeypot, formMs });
  if (!traps.success) throw new HttpError(400, traps.error.issues[0]?.message ?? "Invalid request");
  return { quote, traps: traps.data };
}

/**
 * Why the request looks like a bot's, or null; `minFormMs` is the server's LEADS_MIN_FORM_MS. The
 * reason is for the owner, never the sender.
 */
export function spamReason(traps: Traps, minFormMs: number): string | null {
  if (traps.honeypot?.trim()) return "the hidden honeypot field was filled in";
  if (traps.formMs !== undefined && traps.formMs < minFormMs) {
    return `sent ${Math.round(traps.formMs)} ms after the visitor first touched the calculator (people take over ${minFormMs / 1000} s)`;
  }
  return null;
}
