import "server-only";
import { watchDisk } from "@/lib/disk-space";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { backupFolder, datedBackups } from "@/lib/leads/backups";
import { callFunctionOutbox, type SupabaseConfig } from "@/lib/leads/forward";
import { localDatabase, NoLeadStore } from "@/lib/leads/runtime";
import { log } from "@/lib/log";
import { verifyTransport } from "@/lib/mail/transport";
import { processSingleton } from "@/lib/process-state";

/**
 * Whether this server can take a quote (docs/leads.md, "Health"): its store and mail server, its
 * data folder's free space and its recent writes, checked at most once a minute, whatever the load
 * balancer's rate; and what the owner watches (/api/health): free space, failed writes, the age of
 * the last good backup.
 */

export const READINESS_CACHE_MS = 60_000;

/** How long a failed write counts as recent: ten readiness checks, long enough to be seen. */
export const RECENT_WRITES_MS = 10 * 60_000;

type Writes = { failedAt: number[]; lastFailure: string | null; lastSucceededAt: number };

const writes = () =>
  processSingleton<Writes>("writes", () => ({
    failedAt: [],
    lastFailure: null,
    lastSucceededAt: -Infinity,
  }));

/**
 * Each create or update the store was asked for: `failure` says why it was not stored (a 503), null
 * when it was. A write is also when the disk fills: its free space is sampled.
 */
export function noteWrite(failure: string | null, now = Date.now()): void {
  const state = writes();
  state.failedAt = state.failedAt.filter((at) => now - at < RECENT_WRITES_MS);
  if (failure === null) state.lastSucceededAt = now;
  else {
    state.failedAt.push(now);
    state.lastFailure = failure;
  }
  void watchDisk(serverEnv(), now);
}

/** The failed writes of the last RECENT_WRITES_MS, and whether none succeeded since the last. */
function recentWrites(now: number) {
  const { failedAt, lastFailure, lastSucceededAt } = writes();
  const recent = failedAt.filter((at) => now - at < RECENT_WRITES_MS);
  const last = recent.at(-1);
  return {
    failedLast10Minutes: recent.length,
    lastFailedAt: last === undefined ? null : new Date(last).toISOString(),
    lastFailure: last === undefined ? null : lastFailure,
    failing: last !== undefined && last > lastSucceededAt,
  };
}

/** The newest dated backup in the folder `backup` writes (lib/leads/backups.ts), and its age. */
function lastBackup(env: ServerEnv, now: number) {
  const folder = backupFolder(env.backupDir);
  try {
    const [last] = datedBackups(folder);
    return {
      folder,
      lastAt: last ? last.at.toISOString() : null,
      ageHours: last ? Math.round((now - last.at.getTime()) / 360_000) / 10 : null,
    };
  } catch (error) {
    return { folder, problem: `cannot be read: ${String(error)}` };
  }
}

/** GET /api/health's report: nothing here asks the store, so a store outage restarts nothing. */
export async function healthReport(now = Date.now()) {
  const env = serverEnv();
  const { failing: _failing, ...failed } = recentWrites(now);
  return {
    status: "alive" as const,
    disk: await watchDisk(env, now),
    writes: failed,
    backup: lastBackup(env, now),
  };
}

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

async function runChecks(env: ServerEnv, now: number): Promise<Check[]> {
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
  // The store answers `select 1` with a full disk: its free space and its writes say more.
  const disk = await watchDisk(env, now);
  if (disk) {
    const problem =
      "problem" in disk
        ? disk.problem
        : disk.low
          ? `${disk.freeMb} MB free in ${disk.folder}, below ${disk.lowBelowMb} MB (LEADS_MIN_FREE_MB)`
          : null;
    checks.push({ name: "disk", problem });
  }
  const written = recentWrites(now);
  checks.push({
    name: "writes",
    problem: written.failing
      ? `${written.failedLast10Minutes} failed in the last 10 minutes, none stored since the last: ${written.lastFailure}`
      : null,
  });
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
    cache.answer = runChecks(serverEnv(), now).then((checks) => {
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
