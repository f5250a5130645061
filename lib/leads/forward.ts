import "server-only";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import type { ServerEnv } from "@/lib/env";
import type { Lead, LeadInbox } from "./inbox";
import { leadPayload } from "./payload";

export type SupabaseConfig = NonNullable<ServerEnv["supabase"]>;
export type ForwardOutcome = { ok: true } | { ok: false; error: string };

/** The one field of the function's answer the site reads (SPEC §7: `data.success`). */
const functionAnswerSchema = z.object({ success: z.literal(true) });

const FORWARD_TIMEOUT_MS = 8_000;

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

/** Sends the lead's current version to the lead function once; never throws. */
export async function forwardLead(config: SupabaseConfig, lead: Lead): Promise<ForwardOutcome> {
  try {
    const { data, error, response } = await supabaseClient(config).functions.invoke(
      config.leadFunction,
      {
        body: leadPayload(lead),
        timeout: FORWARD_TIMEOUT_MS,
      },
    );
    if (error) {
      const status = response?.status ? ` (HTTP ${response.status})` : "";
      return {
        ok: false,
        error: `${error instanceof Error ? error.message : String(error)}${status}`,
      };
    }
    if (!functionAnswerSchema.safeParse(data).success) {
      return { ok: false, error: "The lead function did not answer success: true" };
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Forwards the lead and records the outcome on it; the local copy stays whatever happens. */
export async function forwardAndRecord(
  inbox: LeadInbox,
  config: SupabaseConfig,
  lead: Lead,
): Promise<ForwardOutcome> {
  const outcome = await forwardLead(config, lead);
  inbox.recordForwarding(lead.id, outcome);
  if (!outcome.ok) {
    console.error(
      JSON.stringify({
        level: "error",
        event: "lead.forward_failed",
        leadId: lead.id,
        reason: outcome.error,
      }),
    );
  }
  return outcome;
}
