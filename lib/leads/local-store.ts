import "server-only";
import type postgres from "postgres";
import type { MailTiming } from "@shared/leads/mail-queue";
import { connectPool } from "@shared/leads/pool";
import { performOperation, postgresQuoteStore } from "@shared/leads/quote-store";
import { STORE_DEADLINE_MS } from "@shared/leads/store-contract";
import type { StoreCall } from "./lead-store";

/**
 * The embedded default (docs/leads.md, "Where a lead goes"): the site's own PostgreSQL, which
 * `npm start` runs beside it (scripts/start.ts) and names in DATABASE_URL. The route handlers call
 * the store code the lead function runs on Supabase (supabase/functions/_shared/leads/), in this
 * process: no HTTP call to itself, no second copy of a rule.
 */

/**
 * The process's pool of connections to DATABASE_URL (a unix socket's URL too), with prepared
 * statements: a DATABASE_URL behind a transaction-mode pooler is not supported (docs/leads.md).
 */
export const connectDatabase = (url: string) => connectPool(url, { max: 10, prepare: true });

/**
 * The store's operations on `sql`, each in one transaction that commits before STORE_DEADLINE_MS
 * or not at all, as on Supabase.
 */
export function localStoreCall(
  sql: postgres.Sql,
  /** `changed`: told of each create or update stored, and whether the CRM webhook is owed one. */
  options: { webhookConfigured: boolean; mail: MailTiming; changed: (crm: boolean) => void },
): StoreCall {
  const quotes = postgresQuoteStore(sql, options);
  return async (operation, request) => {
    try {
      const outcome = await performOperation(
        quotes,
        operation,
        request,
        Date.now() + STORE_DEADLINE_MS,
      );
      if ("ok" in outcome)
        return { ok: false, status: 400, error: outcome.error, detail: outcome.error };
      if (operation !== "view") options.changed(outcome.crm);
      return { ok: true, result: outcome.result };
    } catch (error) {
      return {
        ok: false,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      };
    }
  };
}
