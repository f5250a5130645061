import "server-only";
import type postgres from "postgres";
import { purgeExpired } from "@shared/leads/retention";
import { serverEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { DEFAULT_MAIL_SETTLE_MS, DEFAULT_MAIL_WINDOW_MS } from "@/lib/mail/timing";
import { functionMailPort } from "@/lib/mail/function-mail-port";
import { directMailPort, MailSender } from "@/lib/mail/mail-sender";
import { processSingleton } from "@/lib/process-state";
import { DueTimer } from "./due-timer";
import { callStore } from "./forward";
import { DRAIN_RETRY_MS, FunctionOutboxDrain } from "./function-outbox";
import { leadStoreOver, type LeadStore } from "./lead-store";
import { connectDatabase, localCrmOutbox, localStoreCall } from "./local-store";

const TEN_MINUTES = 10 * 60_000;

/** No store: `next start` was run without `npm start`'s PostgreSQL and without Supabase. */
export class NoLeadStore extends Error {
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

/** The process's pool of connections to DATABASE_URL (the embedded store), or null on Supabase. */
export function localDatabase(): postgres.Sql | null {
  const env = serverEnv();
  if (env.supabase || !env.databaseUrl) return null;
  const url = env.databaseUrl;
  return once("database", () => {
    const sql = connectDatabase(url);
    return Object.assign(sql, { stop: () => sql.end({ timeout: 5 }) });
  });
}

/** When the owner's e-mails fall due (docs/leads.md, "Notifications"); queued even while SMTP is off. */
const mailTiming = () =>
  serverEnv().mail ?? { windowMs: DEFAULT_MAIL_WINDOW_MS, settleMs: DEFAULT_MAIL_SETTLE_MS };

/**
 * The process's sender of the e-mails queued in PostgreSQL, started on first use
 * (instrumentation.ts starts it with the server), or null when notifications are off. Every
 * server runs one; the claim sends each e-mail once (docs/leads.md, "Notifications").
 */
export function ensureMailSender(): MailSender | null {
  const env = serverEnv();
  const { mail, supabase } = env;
  if (!mail) return null;
  const sql = localDatabase();
  const port = supabase ? functionMailPort(supabase) : sql ? directMailPort(sql, mail) : null;
  if (!port) return null;
  return once("mailSender", () => {
    const sender = new MailSender(port, mail);
    sender.start();
    return sender;
  });
}

/**
 * The embedded store's CRM poster: posts what the outbox owes at start, when woken (a change
 * stored, the outbox's notification) and at the next due time, in this process; null without
 * CRM_WEBHOOK_URL or on Supabase (the function posts there).
 */
export function ensureCrmPoster(): DueTimer | null {
  const { crmWebhookUrl } = serverEnv();
  const sql = localDatabase();
  if (!sql || !crmWebhookUrl) return null;
  return once("crmPoster", () => {
    const crm = localCrmOutbox(sql, crmWebhookUrl);
    const poster = new DueTimer({
      name: "crm_poster",
      runAtStart: true,
      retryMs: DRAIN_RETRY_MS,
      task: async () => {
        await crm.drain();
        return crm.nextDueAt();
      },
    });
    poster.start();
    return poster;
  });
}

/**
 * The embedded store's wake-up (migration 20261212080000): PostgreSQL notifies `lead_outbox`
 * whenever a row is queued, requeued or released, by this server, another process (the owner's
 * `retry` or `release`) or another server on the same database; the senders claim at once. No
 * timer asks for work meanwhile.
 */
export function listenForOutbox(): void {
  const sql = localDatabase();
  if (!sql) return;
  once("outboxListener", () => {
    const listening = sql.listen("lead_outbox", () => {
      ensureMailSender()?.kick();
      ensureCrmPoster()?.kick();
    });
    listening.catch((error: unknown) =>
      log("error", "outbox.listen_failed", { reason: String(error) }),
    );
    return {
      stop: () => listening.then((subscription) => subscription.unlisten()).catch(() => undefined),
    };
  });
}

/**
 * The process's drain of the lead function's own CRM outbox (lib/leads/function-outbox.ts), at
 * start and when a post falls due; null unless the leads are on Supabase.
 */
export function ensureFunctionOutboxDrain(): FunctionOutboxDrain | null {
  const supabase = serverEnv().supabase;
  if (!supabase) return null;
  return once("functionOutboxDrain", () => {
    const drain = new FunctionOutboxDrain(supabase);
    drain.start();
    return drain;
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

/** The process's store: Supabase's through the lead function when configured, else DATABASE_URL's. */
export function leadStore(): LeadStore {
  return processSingleton("leadStore", () => {
    const env = serverEnv();
    const sql = localDatabase();
    const perWindow = (capacity: number) => ({ capacity, windowMs: TEN_MINUTES });
    const options = {
      mail: env.mail,
      kick: () => ensureMailSender()?.kick(),
      limits: {
        create: perWindow(env.rateLimits.create),
        update: perWindow(env.rateLimits.update),
      },
    };
    if (env.supabase) {
      const supabase = env.supabase;
      return leadStoreOver(
        (operation, request) => callStore(supabase, operation, request),
        options,
      );
    }
    if (!sql) throw new NoLeadStore();
    const call = localStoreCall(sql, {
      webhookConfigured: env.crmWebhookUrl !== null,
      mail: mailTiming(),
      changed: (crm) => {
        if (crm) ensureCrmPoster()?.kick();
        purgeNowAndThen();
      },
    });
    return leadStoreOver(call, options);
  });
}
