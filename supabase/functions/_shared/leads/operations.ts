import type { z } from "zod";
import { firstIssue } from "../quote/schema.ts";
import type { QuoteStore } from "./quote-store.ts";
import {
  createRequestSchema,
  type CreateResult,
  type StoreOperation,
  updateRequestSchema,
  type UpdateResult,
  viewRequestSchema,
  type ViewResult,
} from "./store-contract.ts";

/**
 * The store's three operations as both callers run them: the lead function for a signed request
 * (supabase/functions/crm-lead/handler.ts) and the site's server on its own PostgreSQL
 * (lib/leads/runtime.ts). The request is read with the contract's schema and what PostgreSQL
 * cannot store is refused as bad input, in the site's words, before any transaction begins.
 */

/** Text with NUL: PostgreSQL's text cannot hold it. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value && typeof value === "object") return Object.values(value).some(holdsNul);
  return false;
}

function parse<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; data: z.output<S> } | Refused {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error).message };
  if (holdsNul(parsed.data)) return { ok: false, error: "Text must not contain NUL characters" };
  return { ok: true, data: parsed.data };
}

/** Bad input: nothing was done. */
type Refused = { ok: false; error: string };

const REQUESTS = {
  create: createRequestSchema,
  update: updateRequestSchema,
  view: viewRequestSchema,
} as const;

/** Carries out `operation` on `body` before `deadline` (ms since 1970), or refuses it. */
export async function performOperation(
  quotes: QuoteStore,
  operation: StoreOperation,
  body: unknown,
  deadline: number,
): Promise<{ result: CreateResult | UpdateResult | ViewResult; crm: boolean } | Refused> {
  const input = parse(REQUESTS[operation], body);
  // The input is `operation`'s own request, which TypeScript cannot pair with quotes[operation].
  return input.ok ? await quotes[operation](input.data as never, deadline) : input;
}
