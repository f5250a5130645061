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
import { isRetryableStatus, retryAfterMs } from "@shared/leads/final-answers";
import { DELIVERY_TIMEOUT_MS } from "./storage-answer";
import {
  listResultSchema,
  releaseResultSchema,
  showResultSchema,
  storeAnswerSchema,
  storePath,
  type StoreOperation,
} from "@shared/leads/store-contract";

export type SupabaseConfig = NonNullable<ServerEnv["supabase"]>;

/**
 * A call to the lead function that failed. `retryable`: a network error, a relay error, an answer
 * final-answers.ts retries (408, 429, 5xx), or a 401 (the secret key refused: one deleted from
 * the project, which the owner replaces), which the same call may get past later.
 * `retryAfterMs`: the wait the answer's Retry-After asked. `detail`: the function's own `error`
 * message, when it answered one.
 */
export type DeliveryFailure = {
  ok: false;
  retryable: boolean;
  error: string;
  status?: number;
  detail?: string | null;
  retryAfterMs?: number;
};

const errorAnswerSchema = z.object({ error: z.string() });

const clients = new Map<string, SupabaseClient>();

/**
 * A server-side client: no session to persist, no token to refresh, nothing read from a URL. It
 * sends the project's secret key as `apikey`, which the function checks (supabase/README.md).
 */
function supabaseClient(config: SupabaseConfig): SupabaseClient {
  const key = `${config.url}\n${config.secretKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient(config.url, config.secretKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    clients.set(key, client);
  }
  return client;
}

/** One POST of `body` as JSON to `subpath` below the lead function, within DELIVERY_TIMEOUT_MS. */
function invoke(config: SupabaseConfig, subpath: string, body: object) {
  return supabaseClient(config).functions.invoke(`${config.leadFunction}/${subpath}`, {
    body,
    timeout: DELIVERY_TIMEOUT_MS,
  });
}

export type StoreCallOutcome = { ok: true; result: unknown } | DeliveryFailure;

/**
 * Asks the shared store (the lead function's `quotes/{operation}`, supabase/functions/_shared/leads/store-contract.ts) to
 * carry out one operation, once. Never throws: `result` is the operation's outcome, to be parsed
 * with its schema; a failure says what happened (a 400 carries the function's message).
 */
export async function callStore(
  config: SupabaseConfig,
  operation: StoreOperation,
  request: Record<string, unknown>,
): Promise<StoreCallOutcome> {
  try {
    const { data, error } = await invoke(config, storePath(operation), request);
    if (error) return await describeFailure(error);
    const parsed = storeAnswerSchema.safeParse(data);
    if (!parsed.success) {
      return { ok: false, retryable: false, error: "The lead function did not answer a result" };
    }
    return { ok: true, result: parsed.data.result };
  } catch (error) {
    // Reading the answer's body failed (cut off or timed out): a network error.
    return { ok: false, retryable: true, error: errorText(error) };
  }
}

/** What the function's outbox is asked (supabase/README.md, "The outbox"). */
export type OutboxCommand =
  | { action: "drain" }
  | { action: "health" }
  | { action: "retry"; leadId: string | null }
  | { action: "claim-mail"; limit: number }
  | {
      action: "report-mail";
      id: string;
      leaseId: string;
      version: number;
      outcome: { ok: true } | { ok: false; retryable: boolean; error: string };
    };

const outboxAnswerSchema = z.union([
  z.object({
    success: z.literal(true),
    drained: z.object({ sent: z.number(), retry: z.number(), dead: z.number() }),
    nextDueAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  z.object({ success: z.literal(true), requeued: z.number() }),
  z.object({
    success: z.literal(true),
    health: z.object({ database: z.string(), crm: z.boolean(), mail: z.boolean() }),
  }),
  z.object({
    success: z.literal(true),
    mail: z.array(z.unknown()),
    // When the next e-mail falls due; null when none is owed.
    nextDueAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  z.object({ success: z.literal(true), recorded: z.string() }),
  z.object({ success: z.literal(true), release: releaseResultSchema }),
  z.object({ success: z.literal(true), list: listResultSchema }),
  z.object({ success: z.literal(true), show: showResultSchema }),
]);
export type OutboxAnswer = z.infer<typeof outboxAnswerSchema>;

/**
 * Asks the function's own outbox in PostgreSQL: post what the CRM is owed now, requeue dead
 * letters, claim e-mails to send, report one, or release a flagged lead of the shared store.
 * Never throws.
 */
export async function callFunctionOutbox(
  config: SupabaseConfig,
  command: OutboxCommand,
): Promise<{ ok: true; answer: OutboxAnswer } | { ok: false; error: string; status?: number }> {
  try {
    const { data, error } = await invoke(config, "outbox", command);
    if (error) {
      const failure = await describeFailure(error);
      return { ok: false, error: failure.error, status: failure.status };
    }
    const parsed = outboxAnswerSchema.safeParse(data);
    return parsed.success
      ? { ok: true, answer: parsed.data }
      : { ok: false, error: "The lead function's outbox did not answer success: true" };
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
}

async function describeFailure(error: unknown): Promise<DeliveryFailure> {
  if (error instanceof FunctionsHttpError && error.context instanceof Response) {
    const status = error.context.status;
    const detail = await errorDetail(error.context);
    const wait = retryAfterMs(error.context.headers.get("retry-after"));
    return {
      ok: false,
      retryable: isRetryableStatus(status) || status === 401,
      status,
      error: `HTTP ${status} from the lead function${detail ? `: ${detail}` : ""}`,
      detail,
      ...(wait === null ? {} : { retryAfterMs: wait }),
    };
  }
  if (error instanceof FunctionsRelayError) {
    return { ok: false, retryable: true, error: "Supabase relay error" };
  }
  if (error instanceof FunctionsFetchError) {
    return { ok: false, retryable: true, error: `Network error: ${errorText(error.context)}` };
  }
  return { ok: false, retryable: true, error: errorText(error) };
}

/** The function's `error` message, if its answer has one and arrives within a second. */
async function errorDetail(response: Response): Promise<string | null> {
  try {
    const body: unknown = await Promise.race([
      response.json(),
      new Promise((resolve) => setTimeout(resolve, 1_000, null)),
    ]);
    const parsed = errorAnswerSchema.safeParse(body);
    return parsed.success ? parsed.data.error.slice(0, 200) : null;
  } catch {
    return null;
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${error.name === "Error" ? "" : `${error.name}: `}${error.message}${cause}`.slice(
      0,
      300,
    );
  }
  return String(error).slice(0, 300);
}
