import "server-only";
import {
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
  createClient,
  type SupabaseClient,
} from "@supabase/supabase-js";
import { z } from "zod";
import type { ServerEnv } from "@/lib/env";
import {
  DEADLINE_HEADER,
  STORE_DEADLINE_MS,
  storeAnswerSchema,
  storePath,
  type CreateRequest,
  type OutboxCommand,
  type StoreOperation,
  type UpdateRequest,
  type ViewRequest,
} from "@shared/leads/store-contract";
import { DELIVERY_TIMEOUT_MS } from "./storage-answer";

export type SupabaseConfig = NonNullable<ServerEnv["supabase"]>;

/** One operation of the store (supabase/functions/_shared/leads/quote-store.ts, performOperation) and its outcome. */
export type StoreCall = (
  operation: StoreOperation,
  request: CreateRequest | UpdateRequest | ViewRequest,
) => Promise<StoreCallOutcome>;

export type StoreCallOutcome =
  | { ok: true; result: unknown }
  /** `status`: the HTTP status the function answered; 400 with `detail`: bad input, in its words. */
  | { ok: false; error: string; status?: number; detail?: string | null };

/** A failed call: `status` is the function's HTTP status, `detail` its own `error` message. */
type CallFailure = Extract<StoreCallOutcome, { ok: false }>;

const clients = new Map<string, SupabaseClient>();

/**
 * One POST of `body` as JSON to `subpath` below the lead function, within DELIVERY_TIMEOUT_MS, its
 * answer checked with `schema`. Never throws. The client keeps no session and sends the project's
 * secret key as `apikey`, which the function checks (supabase/README.md).
 */
async function post<T>(
  config: SupabaseConfig,
  subpath: string,
  body: object,
  schema: z.ZodType<T>,
  headers?: Record<string, string>,
): Promise<{ ok: true; answer: T } | CallFailure> {
  const key = `${config.url}\n${config.secretKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient(config.url, config.secretKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    clients.set(key, client);
  }
  try {
    const { data, error } = await client.functions.invoke(`${config.leadFunction}/${subpath}`, {
      body,
      headers,
      timeout: DELIVERY_TIMEOUT_MS,
    });
    if (error) return await describeFailure(error);
    const parsed = schema.safeParse(data);
    return parsed.success
      ? { ok: true, answer: parsed.data }
      : { ok: false, error: `The lead function's ${subpath} answer is malformed` };
  } catch (error) {
    // Reading the answer's body failed (cut off or timed out): a network error.
    return { ok: false, error: errorText(error) };
  }
}

/**
 * Asks the shared store (the lead function's `quotes/{operation}`,
 * supabase/functions/_shared/leads/store-contract.ts) to carry out one operation, once.
 */
export async function callStore(
  config: SupabaseConfig,
  operation: StoreOperation,
  request: Record<string, unknown>,
): Promise<StoreCallOutcome> {
  // The store's deadline counts from now, however long the request takes to reach the function.
  const deadline = { [DEADLINE_HEADER]: String(Date.now() + STORE_DEADLINE_MS) };
  const outcome = await post(config, storePath(operation), request, storeAnswerSchema, deadline);
  return outcome.ok ? { ok: true, result: outcome.answer.result } : outcome;
}

const success = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ success: z.literal(true), ...shape });
const nextDueAt = z.iso.datetime({ offset: true }).nullable();

const outboxAnswerSchema = z.union([
  success({
    drained: z.object({ sent: z.number(), retry: z.number(), dead: z.number() }),
    nextDueAt,
  }),
  success({
    health: z.object({
      database: z.string(),
      crm: z.boolean(),
      // Not said by a function older than the CRM post's signature, which sent it unsigned.
      crmSigned: z.boolean().default(false),
      mail: z.boolean(),
    }),
  }),
  // `nextDueAt`: when the next e-mail falls due; null when none is owed.
  success({ mail: z.array(z.unknown()), nextDueAt }),
  success({ recorded: z.string() }),
]);

/**
 * Asks the function's own outbox in PostgreSQL (supabase/README.md, "The outbox"): post what the
 * CRM is owed now, say whether it is healthy, claim e-mails to send, or report one.
 */
export const callFunctionOutbox = (config: SupabaseConfig, command: OutboxCommand) =>
  post(config, "outbox", command, outboxAnswerSchema);

async function describeFailure(error: unknown): Promise<CallFailure> {
  if (error instanceof FunctionsHttpError && error.context instanceof Response) {
    const status = error.context.status;
    const detail = await errorDetail(error.context);
    const text = `HTTP ${status} from the lead function${detail ? `: ${detail}` : ""}`;
    return { ok: false, status, error: text, detail };
  }
  if (error instanceof FunctionsRelayError) return { ok: false, error: "Supabase relay error" };
  if (error instanceof FunctionsFetchError) {
    return { ok: false, error: `Network error: ${errorText(error.context)}` };
  }
  return { ok: false, error: errorText(error) };
}

/** The function's `error` message, if its answer has one and arrives within a second. */
async function errorDetail(response: Response): Promise<string | null> {
  const body: unknown = await Promise.race([
    response.json(),
    new Promise((resolve) => setTimeout(resolve, 1_000, null)),
  ]).catch(() => null);
  const parsed = z.object({ error: z.string() }).safeParse(body);
  return parsed.success ? parsed.data.error.slice(0, 200) : null;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.name === "Error" ? "" : `${error.name}: `}${error.message}${cause}`.slice(0, 300);
}
