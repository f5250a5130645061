import "server-only";
import { serverEnv } from "@/lib/env";
import { functionMailPort } from "@/lib/mail/function-mail-port";
import { mailRelay } from "@/lib/mail/mail-relay";
import type { MailJob } from "@/lib/mail/mail-outbox";
import { MailSender } from "@/lib/mail/mail-sender";
import { processSingleton } from "@/lib/process-state";
import { RateLimiter } from "@/lib/rate-limit";
import { FunctionOutboxDrain } from "./function-outbox";
import { getLeadInbox } from "./get-inbox";
import { inboxLeadStore, tooManyRequests, type LeadStore, type LimitKind } from "./lead-store";
import { Relay, type QueueRelay } from "./relay";
import { sharedLeadStore } from "./shared-store";

const TEN_MINUTES = 10 * 60_000;

export type RateLimiters = { create: RateLimiter; update: RateLimiter };

/**
 * The process's two rate limiters: new leads, and updates, per client per 10 minutes. The shared
 * store counts the same limits in PostgreSQL instead, for all servers together.
 */
export function rateLimiters(): RateLimiters {
  return processSingleton("rateLimiters", () => {
    const limits = serverEnv().rateLimits;
    return {
      create: new RateLimiter({ capacity: limits.create, windowMs: TEN_MINUTES }),
      update: new RateLimiter({ capacity: limits.update, windowMs: TEN_MINUTES }),
    };
  });
}

/** The process's one `name`, made and started on first use, stopped when the process state resets. */
function startedOnce<T extends { start(): void; stop(): unknown }>(
  name: string,
  create: () => T,
): T {
  return processSingleton(
    name,
    () => {
      const service = create();
      service.start();
      return service;
    },
    (service) => void service.stop(),
  );
}

/**
 * The process's relay, started on first use (instrumentation.ts starts it with the server), or
 * null when leads are not forwarded from the local outbox.
 */
export function ensureRelay(): Relay | null {
  const env = serverEnv();
  const supabase = env.supabase;
  if (env.leadsStore !== "sqlite" || !supabase) return null;
  return startedOnce("relay", () => new Relay({ outbox: getLeadInbox().outbox, config: supabase }));
}

/**
 * The process's drain of the lead function's own CRM outbox (lib/leads/function-outbox.ts), at
 * start and when a post falls due, whichever store forwards to the function; null without one.
 */
export function ensureFunctionOutboxDrain(): FunctionOutboxDrain | null {
  const supabase = serverEnv().supabase;
  if (!supabase) return null;
  return startedOnce("functionOutboxDrain", () => new FunctionOutboxDrain(supabase));
}

/**
 * The process's mail relay for its inbox's e-mails, started on first use (instrumentation.ts
 * starts it with the server), or null when notifications are off or the leads are not in this
 * server's inbox (LEADS_STORE=supabase: ensureFunctionMailRelay).
 */
export function ensureMailRelay(): QueueRelay<MailJob> | null {
  const env = serverEnv();
  const mail = env.mail;
  if (env.leadsStore !== "sqlite" || !mail) return null;
  return startedOnce("mailRelay", () => mailRelay(getLeadInbox().mail, mail));
}

/**
 * The process's sender of the e-mails the shared store queues in PostgreSQL (LEADS_STORE=supabase),
 * started on first use (instrumentation.ts starts it with the server), or null when notifications
 * are off or the leads are in this server's inbox. Every server runs one; the claim sends each
 * e-mail once (docs/leads.md, "Notifications").
 */
export function ensureFunctionMailRelay(): MailSender | null {
  const env = serverEnv();
  const { mail, supabase } = env;
  if (env.leadsStore !== "supabase" || !mail || !supabase) return null;
  return startedOnce("functionMailRelay", () => new MailSender(functionMailPort(supabase), mail));
}

/** Takes one request from the client's limit in this process, or throws the 429. */
function limitHere(kind: LimitKind, client: string): void {
  const decision = rateLimiters()[kind].take(client);
  if (!decision.ok) throw tooManyRequests(decision.retryAfterSeconds);
}

/** The process's store, chosen once from LEADS_STORE. */
export function leadStore(): LeadStore {
  return processSingleton("leadStore", () => {
    const env = serverEnv();
    if (env.leadsStore === "supabase") {
      // The settings refuse "supabase" without the lead function; this only tells TypeScript.
      if (!env.supabase) {
        throw new Error(
          "LEADS_STORE=supabase needs SUPABASE_URL, SUPABASE_ANON_KEY and LEAD_SIGNING_SECRET.",
        );
      }
      const perWindow = (capacity: number) => ({ capacity, windowMs: TEN_MINUTES });
      return sharedLeadStore(env.supabase, {
        mail: env.mail,
        kickMail: () => ensureFunctionMailRelay()?.kick(),
        limits: {
          create: perWindow(env.rateLimits.create),
          update: perWindow(env.rateLimits.update),
        },
      });
    }
    return inboxLeadStore(getLeadInbox(), {
      forwarding: env.supabase !== null,
      mail: env.mail,
      kickRelay: () => {
        ensureRelay()?.kick();
        ensureMailRelay()?.kick();
      },
      limit: limitHere,
    });
  });
}
