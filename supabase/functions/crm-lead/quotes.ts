import { answer, describe, type LogEntry, refused } from "./http.ts";
import type { QuoteStore } from "../_shared/leads/quote-store.ts";
import { performOperation } from "../_shared/leads/operations.ts";
import { STORE_OPERATIONS, type StoreOperation } from "../_shared/leads/store-contract.ts";

/**
 * The store's three operations (supabase/README.md, "The store's operations"), each a POST
 * to `/crm-lead/quotes/{operation}` with the site's request as JSON. The answer is 200
 * `{ success: true, result }` whatever the outcome (created, replayed, not found, limited…): the
 * site turns each into its answer to the visitor (lib/leads/lead-store.ts). 400 is bad input, 500
 * the database.
 */

/** `create`, `update` or `view` from the function's path, or null for any other. */
export function storeOperation(path: string): StoreOperation | null {
  const match = /\/quotes\/([a-z]+)$/.exec(path);
  const name = match?.[1];
  return STORE_OPERATIONS.find((operation) => operation === name) ?? null;
}

export async function handleStoreOperation(
  operation: StoreOperation,
  body: unknown,
  quotes: QuoteStore,
  /** Wakes the CRM poster: the change's post was queued in its transaction (quote-store.ts). */
  postCrm: () => void,
  log: (entry: LogEntry) => void,
  /** When the operation must have committed, or not at all (STORE_DEADLINE_MS after arrival). */
  deadline: number,
): Promise<Response> {
  try {
    const outcome = await performOperation(quotes, operation, body, deadline);
    if ("ok" in outcome) {
      log({ level: "warn", event: `quote.${operation}_rejected`, reason: outcome.error });
      return refused(400, outcome.error);
    }
    const { result, crm } = outcome;
    const leadId = "lead" in result ? result.lead.id : "id" in result ? result.id : undefined;
    log({ level: "info", event: `quote.${operation}_${result.status}`, leadId });
    if (crm) postCrm();
    return answer(200, { success: true, result });
  } catch (error) {
    log({ level: "error", event: `quote.${operation}_failed`, reason: describe(error) });
    return refused(500, "Could not store the lead");
  }
}
