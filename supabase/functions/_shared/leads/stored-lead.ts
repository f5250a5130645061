import { addOnSelection } from "../quote/pricing.ts";
import { storedQuoteSchema } from "./store-contract.ts";

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const camel = (column: string) =>
  column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * A quote_requests row as the site reads it (`quote`: store-contract.ts, storedQuoteSchema, which
 * takes its columns camelCase and leaves out the others) and as the function hands it on (`lead`:
 * what the CRM gets, webhook.ts, with its CRM status and price sheet). No row fails the parse.
 */
export function storedQuote(row: Record<string, unknown> = {}) {
  const columns = Object.fromEntries(
    Object.entries(row).map(([name, value]) => [camel(name), iso(value)]),
  );
  const quote = storedQuoteSchema.parse({
    ...columns,
    addOns: addOnSelection((id) => row[`add_on_${id}`] as boolean),
    // numeric comes as a string from postgres.js, so no precision is lost on the way.
    totalPrice: Number(row.total_price),
    // bigint comes as a string too; a version stays far below 2^53 (microseconds, at most).
    version: Number(row.version),
    // A date comes as a Date at midnight UTC.
    visitEarliestDate: (columns.visitEarliestDate as string | null)?.slice(0, 10) ?? null,
  });
  const {
    clientTotalPrice: _client,
    spamReason: _spam,
    visitEarliestDate: earliestDate,
    visitPartOfDay: partOfDay,
    webhookError: _error,
    webhookAttemptedAt: _attempted,
    ...kept
  } = quote;
  const lead = {
    ...kept,
    visitWindow: earliestDate && partOfDay ? { earliestDate, partOfDay } : null,
    status: String(row.status),
    /** Bumped by every change the function makes; the CRM gets it with the lead. */
    version: Number(row.version),
  };
  return { quote, lead };
}

export type StoredLead = ReturnType<typeof storedQuote>["lead"];
