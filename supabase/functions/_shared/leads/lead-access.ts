import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";
import type postgres from "postgres";
import type { CreateRequest } from "./store-contract.ts";

/** Who may touch a lead, and how often: its token's hash, and the rate limits' buckets. */

type Transaction = postgres.TransactionSql;

/** A new saved-quote token: 24 random bytes, base64url. */
export const newToken = () => randomBytes(24).toString("base64url");

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** Compared even when there is no lead, so the answer's timing does not tell the two apart. */
const NO_LEAD_HASH = hashToken("no such lead");

/** Whether `token` is the one whose hash the row has, in constant time (no row: no). */
export function tokenMatches(row: { token_hash?: unknown } | undefined, token: string): boolean {
  const stored = typeof row?.token_hash === "string" ? row.token_hash : null;
  const expected = Buffer.from(stored ?? NO_LEAD_HASH, "hex");
  return timingSafeEqual(expected, Buffer.from(hashToken(token), "hex")) && stored !== null;
}

/** Thrown inside a transaction to roll it back: the client is over its limit. */
export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("rate limited");
  }
}

/**
 * One token from a bucket (migration 20261205080000): a client's creates or updates, or one
 * lead's updates (`lead_update`, its id the client); or a rollback with the wait.
 */
export async function takeToken(
  tx: Transaction,
  scope: "create" | "update" | "lead_update",
  limit: CreateRequest["limit"],
) {
  const [row] = await tx`
    select public.take_rate_limit_token(
      ${scope}, ${limit.client}, ${limit.capacity}, ${limit.windowMs}
    ) as wait`;
  const wait = Number(row?.wait ?? 0);
  if (wait > 0) throw new RateLimited(wait);
}
