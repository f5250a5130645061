import type postgres from "postgres";
import { retryDelay } from "./backoff.ts";
import { dueTimer, type DueTimer } from "./due-timer.ts";
import type { Attempt } from "./final-answers.ts";
import { type MailTiming, queueDeadLetterMail, queueOwnerUpdate } from "./mail-queue.ts";
import { storedQuote } from "./stored-lead.ts";
import { postToWebhook } from "./webhook.ts";
import { webhookSigner } from "./webhook-signature.ts";

/**
 * public.lead_outbox: what the function owes for each lead, queued in the transaction that writes
 * the lead, drained outside any request of the site (supabase/README.md, "The outbox"). One claim
 * serves every channel: the CRM webhook ('crm') and the e-mails ('mail').
 */

type Sql = postgres.Sql;
type Tx = postgres.TransactionSql;

export type Channel = "crm" | "mail";

/** A claimed row belongs to its sender this long: longer than any one send (an e-mail's: 30 s). */
const LEASE_MS = 60_000;

/** What a `dead_letter` e-mail tells the owner of the CRM row it is about (owedSince: ISO 8601). */
export type DeadLetter = { event: string; error: string; owedSince: string };

/**
 * Queues the CRM post of this version of a lead (a released lead's first post is a create whatever
 * its version) in the transaction that wrote it, so a stored change is never missing its post.
 */
export async function queueCrmPost(
  tx: Tx,
  lead: { id: string; version: number },
  event: "lead.created" | "lead.updated" = lead.version === 1 ? "lead.created" : "lead.updated",
): Promise<void> {
  await tx`
    insert into public.lead_outbox (lead_id, channel, kind, version)
    values (${lead.id}, 'crm', ${event}, ${lead.version})`;
}

/**
 * Leases up to `limit` due rows of `channel` to one sender, each with its lead as it stands then,
 * in one statement: `FOR UPDATE SKIP LOCKED` keeps two claims running at once from taking the same
 * row, and the lease (with its id) keeps a row from a second sender until the first has reported
 * or its lease has run out. The CRM's: only the oldest owed row of each lead, so a lead's posts
 * keep their order; e-mails go independently. The lead's row is read, never locked.
 */
export async function claimDue(sql: Sql, channel: Channel, limit: number) {
  const rows = await sql`
    with due as (
      select o.id from public.lead_outbox o
      where o.channel = ${channel} and o.status = 'pending' and o.due_at <= now()
        and (o.leased_until is null or o.leased_until <= now())
        and (${channel} = 'mail' or not exists (
          select 1 from public.lead_outbox p
          where p.lead_id = o.lead_id and p.channel = o.channel and p.status = 'pending'
            and p.id < o.id))
      order by o.due_at, o.id
      limit ${limit}
      for update skip locked
    ), claimed as (
      update public.lead_outbox o
      set leased_until = now() + make_interval(secs => ${LEASE_MS / 1000}),
          lease_id = gen_random_uuid()
      from due where o.id = due.id
      returning o.*
    )
    select q.*, o.id::text as job_id, o.lease_id::text as job_lease, o.kind as job_kind,
      o.seq as job_seq, o.attempts as job_attempts, o.quote_token, d.kind as dead_event,
      d.last_error as dead_error, d.created_at as dead_since,
      (select max(s.version) from public.lead_outbox s
       where s.lead_id = o.lead_id and s.channel = 'mail' and s.kind in ('owner', 'owner_update')
         and s.status = 'sent') as told_version
    from claimed o
    join public.quote_requests q on q.id = o.lead_id
    left join public.lead_outbox d on d.id = o.dead_letter_of
    order by o.due_at, o.id`;
  return rows.map((row) => {
    const deadSince = row.dead_since as Date | null;
    return {
      id: String(row.job_id),
      leaseId: String(row.job_lease),
      kind: String(row.job_kind),
      seq: Number(row.job_seq),
      attempts: Number(row.job_attempts),
      stored: storedQuote(row),
      /** An e-mail's saved-quote token, for the confirmation's link (erased once it is sent). */
      quoteToken: (row.quote_token as string | null) ?? null,
      /** The lead's version the owner's last e-mail sent carried: a "Quote updated" says what changed since. */
      toldVersion: row.told_version === null ? null : Number(row.told_version),
      /** A `dead_letter` e-mail's CRM row; null on every other row. */
      deadLetter: deadSince && {
        event: String(row.dead_event),
        error: String(row.dead_error ?? "no reason given"),
        owedSince: deadSince.toISOString(),
      },
    };
  });
}

/** What a recorded outcome was: sent, to be retried, a dead letter, or not this sender's to record. */
export type Recorded = "sent" | "retry" | "dead" | "lost_lease";

/** The lead's webhook_status after a CRM outcome: delivered, still being retried, or given up. */
const WEBHOOK_STATUS = { sent: "delivered", retry: "pending", dead: "failed" } as const;

/**
 * Records what became of a claimed row, sent carrying the lead's `version`, only while its sender
 * still holds the lease (`lost_lease`: it ran out and another sender has it). A retryable failure
 * comes back after the backoff (or the Retry-After asked, when longer) until 24 hours have passed;
 * anything else is a dead letter with the reason. In the same transaction, so the two never
 * disagree whatever fails between them, what the outcome changes: a CRM post mirrors it on the
 * lead (webhook_status, with why it failed), a success settles the lead's posts owed up to the
 * version it carried, a dead one queues the owner's e-mail about it (mail-queue.ts,
 * queueDeadLetterMail); a sent e-mail keeps the version it carried, and an owner's e-mail sent
 * while the lead changed queues the "Quote updated" it owes (`timing`).
 *
 * The one lock order of every transaction that touches a lead and its outbox (supabase/README.md,
 * "The outbox"): the lead's row first, then its outbox rows. The lead's create, update and release
 * lock the row before queueing; an outcome locks it here before its outbox row, so a report and a
 * plan switch of one lead wait for each other instead of deadlocking.
 */
export async function recordAttempt(
  sql: Sql,
  job: { id: string; leaseId: string; version: number } & (
    { channel: "crm" } | { channel: "mail"; timing: MailTiming }
  ),
  attempt: Attempt,
): Promise<Recorded> {
  return await sql.begin(async (tx) => {
    await tx`
      select 1 from public.quote_requests
      where id = (select lead_id from public.lead_outbox where id = ${job.id})
      for update`;
    const [held] = await tx`
      select lead_id::text, kind, attempts, give_up_at from public.lead_outbox
      where id = ${job.id} and channel = ${job.channel} and lease_id = ${job.leaseId}
        and status = 'pending'
      for update`;
    if (!held) return "lost_lease";
    const leadId = String(held.lead_id);
    // The backoff's wait, or the server's Retry-After when longer.
    const waitMs = attempt.ok
      ? 0
      : Math.max(retryDelay(Number(held.attempts) + 1), attempt.retryAfterMs ?? 0);
    const retry =
      !attempt.ok &&
      attempt.retryable &&
      Date.now() + waitMs <= (held.give_up_at as Date).getTime();
    const recorded = attempt.ok ? "sent" : retry ? "retry" : "dead";
    const error = attempt.ok
      ? null
      : `${attempt.retryable && !retry ? "gave up after 24 hours of retries: " : ""}${attempt.error}`;
    await tx`
      update public.lead_outbox
      set status = ${recorded === "retry" ? "pending" : recorded}, attempts = attempts + 1,
          sent_at = ${attempt.ok ? tx`now()` : tx`sent_at`},
          due_at = ${attempt.ok ? tx`due_at` : tx`now() + make_interval(secs => ${waitMs / 1000})`},
          last_error = ${error?.slice(0, 1000) ?? null}, leased_until = null, lease_id = null,
          quote_token = case when ${retry}::boolean then quote_token end,
          version = ${job.channel === "mail" && attempt.ok ? job.version : tx`version`}
      where id = ${job.id}`;
    if (job.channel === "crm") {
      if (attempt.ok) {
        await tx`
          update public.lead_outbox set status = 'sent', sent_at = now()
          where lead_id = ${leadId} and channel = 'crm' and status = 'pending'
            and version <= ${job.version} and (leased_until is null or leased_until <= now())`;
      }
      if (recorded === "dead") await queueDeadLetterMail(tx, job.id, leadId);
      await tx`
        update public.quote_requests set webhook_status = ${WEBHOOK_STATUS[recorded]},
          webhook_error = ${attempt.ok ? null : attempt.error.slice(0, 500)},
          webhook_attempts = webhook_attempts + 1, webhook_attempted_at = now()
        where id = ${leadId}`;
    } else if (attempt.ok && (held.kind === "owner" || held.kind === "owner_update")) {
      // Only the owner's quote e-mails owe a "Quote updated" for a change they missed.
      await queueOwnerUpdate(tx, leadId, job.timing, job.version);
    }
    return recorded;
  });
}

/**
 * Queues the dead letters of one lead, or (null) all, again with a fresh 24 hours; they keep their
 * ids, so each lead's go in the order first queued. Returns how many.
 */
export async function requeueDead(sql: Sql, leadId: string | null): Promise<number> {
  return await sql.begin(async (tx) => {
    // The leads' rows first, in one order (recordAttempt), then their outbox rows.
    await tx`
      select 1 from public.quote_requests
      where id in (
        select lead_id from public.lead_outbox
        where status = 'dead' and (${leadId}::uuid is null or lead_id = ${leadId}))
      order by id
      for update`;
    const rows = await tx`
      update public.lead_outbox
      set status = 'pending', due_at = now(), give_up_at = now() + interval '24 hours',
          leased_until = null, lease_id = null
      where status = 'dead' and (${leadId}::uuid is null or lead_id = ${leadId})`;
    return rows.count;
  });
}

/** When the next row of `channel` becomes claimable, or null when none is owed. */
export async function nextDueAt(sql: Sql, channel: Channel): Promise<Date | null> {
  const [row] = await sql`
    select min(greatest(due_at, coalesce(leased_until, due_at))) as due
    from public.lead_outbox where channel = ${channel} and status = 'pending'`;
  return (row?.due as Date | null) ?? null;
}

export type LogEntry = {
  level: "info" | "warn" | "error";
  event: string;
  leadId?: string;
  reason?: string;
};

/** How many CRM posts are on their way at once. */
const CONCURRENCY = 8;
const LOG_LEVEL = { sent: "info", retry: "warn", dead: "error", lost_lease: "warn" } as const;
type CrmOptions = {
  sql: Sql;
  webhookUrl: string;
  /** CRM_WEBHOOK_SECRET: each post signed with it (webhook-signature.ts), or sent unsigned. */
  webhookSecret?: string | null;
  log: (entry: LogEntry) => void;
};

/**
 * The CRM webhook's outbox (supabase/README.md, "The CRM webhook"): each claimed row posts the lead
 * as it stands then, with its version, so a post never carries an older state than one before it;
 * a lead's rows go in order (the oldest owed first), and a post settles every row of that lead up
 * to the version it carried: each lead is posted once per version at most.
 */
export function crmOutbox({ sql, webhookUrl, webhookSecret, log }: CrmOptions) {
  const sign = webhookSecret ? webhookSigner(webhookSecret) : null;
  async function postOne(row: Awaited<ReturnType<typeof claimDue>>[number]) {
    const { webhookStatus: _status, priceSheet: _sheet, ...lead } = row.stored.lead;
    const event = row.kind === "lead.created" ? "lead.created" : "lead.updated";
    const attempt = await postToWebhook(webhookUrl, { event, lead }, { sign });
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

/**
 * The e-mails' side of the outbox for the senders that claim them, directly or through the lead
 * function (each Node server's, lib/mail/mail-sender.ts): they render and send with the site's own
 * mail code and report each outcome back (`version`: the lead's version the e-mail carried). The
 * claim is the CRM's (claimDue), so two senders never hold the same e-mail.
 */
export type MailReport = { id: string; leaseId: string; version: number; outcome: Attempt };

export function mailOutbox(sql: Sql, timing: MailTiming) {
  return {
    /** When the next e-mail can be claimed, or null: a sender sets one timer for it. */
    nextDueAt: () => nextDueAt(sql, "mail"),
    /** Leases up to `limit` due e-mails, each with its lead as the store hands it to the site. */
    claim: async (limit: number) =>
      (await claimDue(sql, "mail", limit)).map(({ stored, ...job }) => ({
        ...job,
        lead: { ...stored.quote, version: stored.lead.version },
      })),
    report: ({ id, leaseId, version, outcome }: MailReport) =>
      recordAttempt(sql, { id, leaseId, version, channel: "mail", timing }, outcome),
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
