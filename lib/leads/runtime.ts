import "server-only";
import type postgres from "postgres";
import { crmOutbox, crmPoster, type LogEntry } from "@shared/leads/outbox";
import { dueTimer } from "@shared/leads/due-timer";
import { DEFAULT_MAIL_TIMING } from "@shared/leads/mail-queue";
import { connectPool, preparedStatementsAllowed } from "@shared/leads/pool";
import { performOperation, postgresQuoteStore } from "@shared/leads/quote-store";
import { purgeExpired } from "@shared/leads/retention";
import { STORE_DEADLINE_MS } from "@shared/leads/store-contract";
import { serverEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { directMailPort, functionMailPort, mailSender, sendDueMail } from "@/lib/mail/mail-sender";
import { processSingleton } from "@/lib/process-state";
import { callFunctionOutbox, callStore, type StoreCall, type SupabaseConfig } from "./forward";

/** The store could not be reached, or failed: nothing was stored (or nothing read). */
export class StoreUnavailable extends Error {
  override name = "StoreUnavailable";
}

/** No store: `next start` was run without `npm start`'s PostgreSQL and without Supabase. */
export class NoLeadStore extends StoreUnavailable {
  override name = "NoLeadStore";
  constructor() {
    super(
      'No lead store: start the site with `npm start` (it runs the embedded PostgreSQL and sets DATABASE_URL), set DATABASE_URL, or set the Supabase settings (docs/leads.md, "Where a lead goes")',
    );
  }
}

/** The process's one `name`, made on first use, stopped when the process state resets. */
function once<T extends { stop(): unknown }>(name: string, create: () => T): T {
  return processSingleton(name, create, (service) => void service.stop());
}

/**
 * The process's pool of connections to DATABASE_URL (the embedded store: `npm start` runs it beside
 * the site, scripts/start.ts), or null on Supabase. With prepared statements, but through a
 * transaction-mode pooler (pool.ts, preparedStatementsAllowed).
 */
export function localDatabase(): postgres.Sql | null {
  const env = serverEnv();
  if (env.supabase || !env.databaseUrl) return null;
  const url = env.databaseUrl;
  return once("database", () => {
    const sql = connectPool(url, { max: 10, prepare: preparedStatementsAllowed(url) });
    return Object.assign(sql, { stop: () => sql.end({ timeout: 5 }) });
  });
}

/**
 * One drain of the lead function's own CRM outbox (supabase/README.md, "The outbox"): when its
 * next post falls due (null: none owed). Throws when it failed.
 */
async function drainFunctionOutbox(config: SupabaseConfig): Promise<Date | null> {
  const result = await callFunctionOutbox(config, { action: "drain" });
  if (!result.ok) throw new Error(result.error);
  if (!("drained" in result.answer)) throw new Error("The lead function answered no drain");
  const { drained, nextDueAt } = result.answer;
  if (drained.retry + drained.dead > 0) {
    log("warn", "function_outbox.drained", {
      reason: `sent ${drained.sent}, retry ${drained.retry}, dead ${drained.dead}`,
    });
  }
  return nextDueAt === null ? null : new Date(nextDueAt);
}

/** The shared store's log lines (outbox.ts) as the site's. */
const logEntry = ({ level, event, ...fields }: LogEntry) => log(level, event, fields);

/** A one-off drain's outcome, or `fallback` when there is none or it failed (logged as `event`). */
const settled = async <T>(drain: Promise<T> | undefined, event: string, fallback: T) =>
  drain
    ? drain.catch((error: unknown) => {
        log("warn", event, { reason: String(error) });
        return fallback;
      })
    : fallback;

/**
 * The process's senders (docs/leads.md, "Notifications"), started on first use (instrumentation.ts
 * starts them with the server), each a due timer (_shared/leads/due-timer.ts) that never polls:
 * `mail`, the e-mails queued in PostgreSQL (every server claims, each is sent once), null while
 * SMTP is off; `crm`, the embedded store's CRM poster, or on Supabase the lead function asked to
 * drain its own outbox (its own timer lasts only while its worker lives), null without a CRM. On
 * the embedded store PostgreSQL notifies `lead_outbox` (migration 20261215080000) whenever a row is
 * queued, requeued or released, by this server, another process (the owner's `retry` or
 * `release`) or another server on the same database: both look at once.
 */
export function senders() {
  return once("senders", () => {
    const { mail, supabase, crmWebhookUrl, crmWebhookSecret } = serverEnv();
    const sql = localDatabase();
    const port = mail && (supabase ? functionMailPort(supabase) : sql && directMailPort(sql, mail));
    const sendDue = mail && port ? async () => (await sendDueMail(port, mail)).handled : null;
    const localCrm =
      !supabase && sql && crmWebhookUrl
        ? crmOutbox({
            sql,
            webhookUrl: crmWebhookUrl,
            webhookSecret: crmWebhookSecret,
            log: logEntry,
          })
        : null;
    const drainFunction = supabase ? () => drainFunctionOutbox(supabase) : null;
    const drainCrm = drainFunction ?? localCrm?.drain;
    const running = {
      mail: mail && port ? mailSender(port, mail) : null,
      crm: drainFunction
        ? dueTimer({
            task: drainFunction,
            failed: (error) => log("error", "function_outbox.failed", { reason: String(error) }),
          })
        : localCrm && crmPoster(localCrm, logEntry),
    };
    const listening =
      sql && (running.mail || running.crm)
        ? sql.listen("lead_outbox", () => {
            running.mail?.kick();
            running.crm?.kick();
          })
        : null;
    listening?.catch((error: unknown) =>
      log("error", "outbox.listen_failed", { reason: String(error) }),
    );
    return {
      ...running,
      /** One drain of each, now (lib/leads/drain.ts): the e-mails handled, whether the CRM's ran. */
      drainNow: async () => {
        const crm = drainCrm?.().then(() => true);
        const [mailHandled, crmDrained] = await Promise.all([
          settled(sendDue?.(), "mail.drain_failed", 0),
          settled(crm, "crm.drain_failed", false),
        ]);
        return { mailHandled, crmDrained };
      },
      stop: async () => {
        await listening?.then((subscription) => subscription.unlisten()).catch(() => undefined);
        await Promise.all([running.mail?.stop(), running.crm?.stop()]);
      },
    };
  });
}

/** How often the embedded store removes what it keeps no longer (retention.ts): at most hourly. */
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * The embedded store's retention (docs/leads.md, "Retention"): run at start and with a stored
 * change at most once an hour, never on a timer (an idle server asks nothing). On Supabase the
 * function purges with each drain.
 */
export function purgeNowAndThen(): void {
  const sql = localDatabase();
  if (!sql) return;
  const last = processSingleton("lastPurge", () => ({ at: -Infinity }));
  if (Date.now() - last.at < PURGE_EVERY_MS) return;
  last.at = Date.now();
  purgeExpired(sql).catch((error: unknown) =>
    log("warn", "retention.purge_failed", { reason: String(error) }),
  );
}

/**
 * The process's store (docs/leads.md, "Where a lead goes"): the lead function's store code
 * (supabase/functions/_shared/leads/), run in this process on DATABASE_URL's PostgreSQL, each
 * operation in one transaction that commits before STORE_DEADLINE_MS or not at all, as on Supabase;
 * or, when Supabase is configured, the lead function itself (./forward.ts).
 */
export function leadStore(): StoreCall {
  return processSingleton<StoreCall>("leadStore", () => {
    const env = serverEnv();
    const { supabase } = env;
    if (supabase) return (operation, request) => callStore(supabase, operation, request);
    const sql = localDatabase();
    if (!sql) throw new NoLeadStore();
    const quotes = postgresQuoteStore(sql, {
      webhookConfigured: env.crmWebhookUrl !== null,
      // When the owner's e-mails fall due (docs/leads.md, "Notifications"): queued even while SMTP is off.
      mail: env.mail ?? DEFAULT_MAIL_TIMING,
    });
    return async (operation, request) => {
      try {
        const deadline = Date.now() + STORE_DEADLINE_MS;
        const outcome = await performOperation(quotes, operation, request, deadline);
        if ("ok" in outcome) return { ...outcome, status: 400, detail: outcome.error };
        if (outcome.crm) senders().crm?.kick();
        if (operation !== "view") purgeNowAndThen();
        return { ok: true, result: outcome.result };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    };
  });
}
