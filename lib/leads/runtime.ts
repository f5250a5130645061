import "server-only";
import { serverEnv } from "@/lib/env";
import { RateLimiter } from "@/lib/rate-limit";
import { getLeadInbox } from "./get-inbox";
import { Relay } from "./relay";

const TEN_MINUTES = 10 * 60_000;

type LeadRuntime = { createLimiter: RateLimiter; updateLimiter: RateLimiter; relay?: Relay };

declare global {
  // Next bundles instrumentation.ts and each route separately; one process must still share these.
  var suncoastLeadRuntime: LeadRuntime | undefined;
}

export function leadRuntime(): LeadRuntime {
  const limits = serverEnv().rateLimits;
  globalThis.suncoastLeadRuntime ??= {
    createLimiter: new RateLimiter({ capacity: limits.create, windowMs: TEN_MINUTES }),
    updateLimiter: new RateLimiter({ capacity: limits.update, windowMs: TEN_MINUTES }),
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
