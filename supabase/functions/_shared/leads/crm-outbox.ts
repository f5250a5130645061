import type postgres from "postgres";
import { dueTimer, type DueTimer } from "./due-timer.ts";
import { claimDue, nextDueAt, recordAttempt, requeueDead } from "./outbox.ts";
import { postToWebhook } from "./webhook.ts";

type Sql = ReturnType<typeof postgres>;

export type LogEntry = {
  level: "info" | "warn" | "error";
  event: string;
  leadId?: string;
  reason?: string;
};

/** How many CRM posts are on their way at once. */
const CONCURRENCY = 8;
const LOG_LEVEL = { sent: "info", retry: "warn", dead: "error", lost_lease: "warn" } as const;
type CrmOptions = { sql: Sql; webhookUrl: string; log: (entry: LogEntry) => void };

/**
 * The CRM webhook's outbox (supabase/README.md, "The CRM webhook"): each claimed row posts the lead
 * as it stands then, with its version, so a post never carries an older state than one before it;
 * a lead's rows go in order (the oldest owed first), and a post settles every row of that lead up
 * to the version it carried: each lead is posted once per version at most.
 */
export function crmOutbox({ sql, webhookUrl, log }: CrmOptions) {
  async function postOne(row: Awaited<ReturnType<typeof claimDue>>[number]) {
    const { webhookStatus: _status, priceSheet: _sheet, ...lead } = row.stored.lead;
    const event = row.kind === "lead.created" ? "lead.created" : "lead.updated";
    const attempt = await postToWebhook(webhookUrl, { event, lead });
    const job = { ...row, channel: "crm", version: lead.version } as const;
    const result = await recordAttempt(sql, job, attempt);
    const reason = attempt.ok ? undefined : attempt.error;
    log({ level: LOG_LEVEL[result], event: `webhook.${result}`, leadId: lead.id, reason });
    return result;
  }

  return {
    /** Posts every row due now; what a post unblocks (the lead's next row) follows in the same run. */
    async drain() {
      const counts = { sent: 0, retry: 0, dead: 0 };
      for (;;) {
        const rows = await claimDue(sql, "crm", CONCURRENCY);
        if (rows.length === 0) return counts;
        for (const result of await Promise.all(rows.map(postOne))) {
          if (result !== "lost_lease") counts[result] += 1;
        }
      }
    },
    /** Dead letters (CRM posts and e-mails) of one lead, or (null) all, queued again in their order. */
    requeue: (leadId: string | null) => requeueDead(sql, leadId),
    nextDueAt: () => nextDueAt(sql, "crm"),
  };
}

export type CrmOutbox = ReturnType<typeof crmOutbox>;

/**
 * The CRM poster of a process that lives (the site's server on its own PostgreSQL, the function's
 * worker): it posts what is owed at start, on a `kick` (a change stored) and at the outbox's next
 * due time (due-timer.ts). A process that stops loses the timer: the next drain picks the rows up
 * (a change, a restart, or, on Supabase, pg_cron asking the site's drain route once a row is due,
 * migration 20261211080000). `hold` keeps the process alive for a run (the edge runtime's waitUntil).
 */
export function crmPoster(
  crm: CrmOutbox,
  log: (entry: LogEntry) => void,
  hold = (running: Promise<Date | null>) => running,
): DueTimer {
  return dueTimer({
    task: () => hold(crm.drain().then(() => crm.nextDueAt())),
    failed: (error) =>
      log({ level: "error", event: "webhook.drain_failed", reason: String(error) }),
  });
}
