import "server-only";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { callFunctionOutbox, type SupabaseConfig } from "@/lib/leads/forward";
import { localDatabase, NoLeadStore } from "@/lib/leads/runtime";
import { log } from "@/lib/log";
import { verifyTransport } from "@/lib/mail/transport";
import { processSingleton } from "@/lib/process-state";

/**
 * Whether this server can take a quote (docs/leads.md, "Health"): its store and mail server, each
 * checked at most once a minute, whatever the load balancer's rate.
 */

export const READINESS_CACHE_MS = 60_000;

export type Readiness = {
  ready: boolean;
  /** When the checks ran (ISO). */
  checkedAt: string;
  /** Each check by name: "ok", or what failed, in words. */
  checks: Record<string, string>;
};

type Check = { name: string; problem: string | null };

/** The lead function's answers that mean a wrong setting, never an outage: the server stops on them. */
const MISCONFIGURED: Record<number, string> = {
  401: "refused the key: SUPABASE_SECRET_KEY is not one of the project's secret keys",
  404: "was not found: check SUPABASE_URL and SUPABASE_LEAD_FUNCTION",
};

/** The lead function, asked `health` with the site's key: what failed, or null; and its CRM. */
export async function checkLeadFunction(config: SupabaseConfig): Promise<{
  problem: string | null;
  misconfigured: boolean;
  /** Whether it posts to a CRM, and signs the posts; undefined when it did not say. */
  crm?: { configured: boolean; signed: boolean };
}> {
  const answer = await callFunctionOutbox(config, { action: "health" });
  if (answer.ok) {
    if (!("health" in answer.answer)) {
      return { problem: "answered, but not to health: an older version?", misconfigured: false };
    }
    const { crm, crmSigned } = answer.answer.health;
    return { problem: null, misconfigured: false, crm: { configured: crm, signed: crmSigned } };
  }
  const setting = answer.status === undefined ? undefined : MISCONFIGURED[answer.status];
  return setting
    ? { problem: `${answer.error}: the function ${setting}`, misconfigured: true }
    : { problem: answer.error, misconfigured: false };
}

async function runChecks(env: ServerEnv): Promise<Check[]> {
  const sql = localDatabase();
  const store = sql
    ? sql`select 1`.then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
    : env.supabase
      ? // On Supabase the function is the store: one check says both.
        checkLeadFunction(env.supabase).then(({ problem }) => problem)
      : new NoLeadStore().message;
  const mail = env.mail && verifyTransport(env.mail.smtpUrl);
  const checks: Check[] = [{ name: "store", problem: await store }];
  if (mail) {
    const outcome = await mail;
    checks.push({ name: "mail", problem: outcome.ok ? null : outcome.error });
  }
  return checks;
}

/** This server's readiness, from a check at most READINESS_CACHE_MS old. */
export function readiness(now = Date.now()): Promise<Readiness> {
  const cache = processSingleton("readiness", () => ({
    at: -Infinity,
    answer: null as Promise<Readiness> | null,
  }));
  if (!cache.answer || now - cache.at >= READINESS_CACHE_MS) {
    cache.at = now;
    cache.answer = runChecks(serverEnv()).then((checks) => {
      const failed = checks.filter((check) => check.problem !== null);
      if (failed.length > 0) {
        log("warn", "health.not_ready", {
          reason: failed.map((check) => `${check.name}: ${check.problem}`).join("; "),
        });
      }
      return {
        ready: failed.length === 0,
        checkedAt: new Date(now).toISOString(),
        checks: Object.fromEntries(checks.map((check) => [check.name, check.problem ?? "ok"])),
      };
    });
  }
  return cache.answer;
}
