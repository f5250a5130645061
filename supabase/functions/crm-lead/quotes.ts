import { answer } from "./http.ts";
import type { CrmChange, QuoteStore } from "../_shared/leads/quote-store.ts";
import { holdsNul, isCalendarDate } from "./schema.ts";
import {
  createRequestSchema,
  STORE_OPERATIONS,
  type StoreOperation,
  updateRequestSchema,
  viewRequestSchema,
} from "../_shared/leads/store-contract.ts";
import { firstIssue } from "../_shared/quote/schema.ts";

/**
 * The shared store's three operations (LEADS_STORE=supabase; supabase/README.md, "The shared
 * store"), each a signed POST to `/crm-lead/quotes/{operation}` with the site's request as JSON.
 * The answer is 200 `{ success: true, result }` whatever the outcome (created, replayed, not found,
 * limited…): the site turns each into the answer its embedded inbox would give. 400 is bad input,
 * 500 the database.
 */

/** `create`, `update` or `view` from the function's path, or null for any other. */
export function storeOperation(path: string): StoreOperation | null {
  const match = /\/quotes\/([a-z]+)$/.exec(path);
  const name = match?.[1];
  return STORE_OPERATIONS.find((operation) => operation === name) ?? null;
}

type Log = (entry: {
  level: "info" | "warn" | "error";
  event: string;
  leadId?: string;
  reason?: string;
}) => void;

const refused = (status: number, error: string) => answer(status, { success: false, error });

/** What PostgreSQL cannot store is bad input, as for a delivery (schema.ts). */
function storableError(data: unknown): string | null {
  if (holdsNul(data)) return "Text must not contain NUL characters";
  const update = (data as { update?: { visitWindow?: { earliestDate: string } } }).update;
  if (update?.visitWindow && !isCalendarDate(update.visitWindow.earliestDate)) {
    return "Choose an earliest date for the visit";
  }
  return null;
}

/** The request as its schema reads it, or the first problem, in the site's words. */
function parse<T>(
  schema: {
    safeParse(
      body: unknown,
    ): { success: true; data: T } | { success: false; error: Parameters<typeof firstIssue>[0] };
  },
  body: unknown,
): { ok: true; data: T } | { ok: false; error: string } {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error).message };
  const unstorable = storableError(parsed.data);
  return unstorable ? { ok: false, error: unstorable } : { ok: true, data: parsed.data };
}

/**
 * Carries out the operation before `deadline`; a `crm` change (queued in its transaction) is
 * posted after the answer.
 */
function perform(operation: StoreOperation, body: unknown, quotes: QuoteStore, deadline: number) {
  if (operation === "create") {
    const input = parse(createRequestSchema, body);
    return input.ok ? quotes.create(input.data, deadline) : input;
  }
  if (operation === "update") {
    const input = parse(updateRequestSchema, body);
    return input.ok ? quotes.update(input.data, deadline) : input;
  }
  const input = parse(viewRequestSchema, body);
  return input.ok
    ? quotes.view(input.data, deadline).then((result) => ({ result, crm: null }))
    : input;
}

export async function handleStoreOperation(
  operation: StoreOperation,
  body: unknown,
  quotes: QuoteStore,
  notifyCrm: (change: NonNullable<CrmChange>) => Promise<void>,
  log: Log,
  /** When the operation must have committed, or not at all (STORE_DEADLINE_MS after arrival). */
  deadline: number,
): Promise<Response> {
  try {
    const outcome = await perform(operation, body, quotes, deadline);
    if ("ok" in outcome) {
      log({ level: "warn", event: `quote.${operation}_rejected`, reason: outcome.error });
      return refused(400, outcome.error);
    }
    const { result, crm } = outcome;
    const leadId = "lead" in result ? result.lead.id : "id" in result ? result.id : undefined;
    log({ level: "info", event: `quote.${operation}_${result.status}`, leadId });
    if (crm) await notifyCrm(crm);
    return answer(200, { success: true, result });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log({ level: "error", event: `quote.${operation}_failed`, reason });
    return refused(500, "Could not store the lead");
  }
}
