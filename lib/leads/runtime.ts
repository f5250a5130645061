import "server-only";
import { serverEnv } from "@/lib/env";
import { RateLimiter } from "@/lib/rate-limit";
import { getLeadInbox } from "./get-inbox";
import { Relay } from "./relay";

/** About 5 new leads and 60 updates per client per 10 minutes: plenty for a person, little for a script. */
export const CREATE_LIMIT = { capacity: 5, windowMs: 10 * 60_000 };
export const UPDATE_LIMIT = { capacity: 60, windowMs: 10 * 60_000 };

type LeadRuntime = { createLimiter: RateLimiter; updateLimiter: RateLimiter; relay?: Relay };

declare global {
  // Next bundles instrumentation.ts and each route separately; one process must still share these.
  var suncoastLeadRuntime: LeadRuntime | undefined;
}

export function leadRuntime(): LeadRuntime {
  globalThis.suncoastLeadRuntime ??= {
    createLimiter: new RateLimiter(CREATE_LIMIT),
    updateLimiter: new RateLimiter(UPDATE_LIMIT),
  };
  return globalThis.suncoastLeadRuntime;
}

/**
 * The process's relay, started on first use (instrumentation.ts starts it with the server), or
 * null when leads are not forwarded from the local outbox.
 */
export function ensureRelay(): Relay | null {
  const env = serverEnv();
  if (env.leadsStore !== "sqlite" || !env.supabase) return null;
  const runtime = leadRuntime();
  if (!runtime.relay) {
    runtime.relay = new Relay({ outbox: getLeadInbox().outbox, config: env.supabase });
    runtime.relay.start();
  }
  return runtime.relay;
}
