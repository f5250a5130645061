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
import { signatureHeaders } from "./request-signature";

export type SupabaseConfig = NonNullable<ServerEnv["supabase"]>;

/**
 * `retryable`: a network error, a relay error, a 5xx, or a 401 (the signature refused: a secret
 * being rotated, or a clock off, which the owner fixes), which the same call may get past later.
 */
export type DeliveryOutcome =
  /** `created`: false when the function answered 200, a lead it already had (201: a new one). */
  | { ok: true; created: boolean }
  | { ok: false; retryable: boolean; error: string; status?: number };

/** The one field of the function's answer the site reads (docs/leads.md, "Where a lead goes"). */
const functionAnswerSchema = z.object({ success: z.literal(true) });
const errorAnswerSchema = z.object({ error: z.string() });

export const DELIVERY_TIMEOUT_MS = 8_000;

const clients = new Map<string, SupabaseClient>();

/** A server-side client: no session to persist, no token to refresh, nothing read from a URL. */
function supabaseClient(config: SupabaseConfig): SupabaseClient {
  const key = `${config.url}\n${config.anonKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient(config.url, config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    clients.set(key, client);
  }
  return client;
}

/** The path supabase-js posts to: `{SUPABASE_URL}/functions/v1/{name}`. */
function functionPath(config: SupabaseConfig): string {
  return `${new URL(config.url).pathname.replace(/\/+$/, "")}/functions/v1/${config.leadFunction}`;
}

/**
 * Sends one delivery of a lead to the lead function (contract: supabase/README.md) with the lead's
 * idempotency key, signed with the shared secret, once, within DELIVERY_TIMEOUT_MS. Never throws:
 * the outcome says what happened and whether trying again can help.
 */
export async function deliverLead(
  config: SupabaseConfig,
  delivery: { payload: Record<string, unknown>; idempotencyKey: string },
): Promise<DeliveryOutcome> {
  try {
    // Signed as text and sent as that very text: the bytes the function verifies.
    const body = JSON.stringify(delivery.payload);
    const signature = await signatureHeaders(config.signingSecret, {
      method: "POST",
      path: functionPath(config),
      idempotencyKey: delivery.idempotencyKey,
      body,
    });
    const { data, error, response } = await supabaseClient(config).functions.invoke(
      config.leadFunction,
      {
        body,
        headers: {
          "Content-Type": "application/json",
          "Idempotency-Key": delivery.idempotencyKey,
          ...signature,
        },
        timeout: DELIVERY_TIMEOUT_MS,
      },
    );
    if (error) return await describeFailure(error);
    if (!functionAnswerSchema.safeParse(data).success) {
      return {
        ok: false,
        retryable: false,
        error: "The lead function did not answer success: true",
      };
    }
    return { ok: true, created: response?.status !== 200 };
  } catch (error) {
    // Reading the answer's body failed (cut off or timed out): a network error.
    return { ok: false, retryable: true, error: errorText(error) };
  }
}

async function describeFailure(error: unknown): Promise<DeliveryOutcome> {
  if (error instanceof FunctionsHttpError && error.context instanceof Response) {
    const status = error.context.status;
    const detail = await errorDetail(error.context);
    return {
      ok: false,
      retryable: status >= 500 || status === 401,
      status,
      error: `HTTP ${status} from the lead function${detail ? `: ${detail}` : ""}`,
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
