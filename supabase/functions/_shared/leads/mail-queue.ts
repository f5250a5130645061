import type postgres from "postgres";
import type { StoredLead } from "./stored-lead.ts";

/**
 * The lead's e-mails as rows of public.lead_outbox (channel 'mail'), queued in the transaction
 * that writes the lead or its change, with the site's timing rules (docs/leads.md,
 * "Notifications"): the visitor's confirmation (`visitor`: capped past MAX_CONFIRMATIONS_PER_DAY
 * to one address, held for a flagged lead), the owner's "New quote request" (`owner`), "Quote
 * updated" (`owner_update`) and "CRM delivery failed" (`dead_letter`). The senders claim them as
 * the CRM's posts are claimed (outbox.ts) and render each from the lead as it stands when sent.
 */

type Tx = postgres.TransactionSql;

type MailLead = Pick<StoredLead, "id" | "email" | "version" | "isPostConstruction" | "stories">;

/** MAIL_WINDOW_MS and MAIL_SETTLE_MS, as the site's settings name them, and their defaults. */
export type MailTiming = { windowMs: number; settleMs: number };
export const DEFAULT_MAIL_TIMING: MailTiming = { windowMs: 2 * 60_000, settleMs: 15_000 };

/** The e-mails a lead can owe: the owner's first, the owner's "Quote updated", the visitor's. */
export const MAIL_KINDS = ["owner", "owner_update", "visitor"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAX_CONFIRMATIONS_PER_DAY = 3;

const seconds = (ms: number) => ms / 1000;

/**
 * The owner's first e-mail: one window after the contact step, or one settle period after the
 * visitor's last change once steps 5-6 are answered, whichever comes first.
 */
function ownerDue(tx: Tx, lead: MailLead, timing: MailTiming) {
  const latest = tx`(select created_at from public.quote_requests where id = ${lead.id})
    + make_interval(secs => ${seconds(timing.windowMs)})`;
  return lead.isPostConstruction !== null && lead.stories !== null
    ? tx`least(${latest}, now() + make_interval(secs => ${seconds(timing.settleMs)}))`
    : latest;
}

/** The next number of lead `q`'s e-mail of `kind`: no two share a Message-ID. */
const nextSeq = (tx: Tx, kind: string) => tx`(
  select coalesce(max(seq), 0) + 1 from public.lead_outbox
  where lead_id = q.id and channel = 'mail' and kind = ${kind})`;

/**
 * Queues a new lead's e-mails; call it inside the transaction that wrote it. Answers whether its
 * confirmation is on its way (false when capped or held). `quoteToken`: the raw saved-quote token,
 * kept on the confirmation's row until it is sent (never on a capped one; on a held one for the
 * replay window, release.ts); `held`: a spam-flagged lead's, not sent until the owner releases it.
 */
export async function queueNewLeadMail(
  tx: Tx,
  lead: MailLead,
  timing: MailTiming,
  confirmation: { quoteToken: string; held: boolean },
): Promise<boolean> {
  const onItsWay = await queueConfirmation(tx, lead, confirmation);
  const ownerAt = ownerDue(tx, lead, timing);
  await tx`
    insert into public.lead_outbox
      (lead_id, channel, kind, version, status, due_at, give_up_at)
    values (${lead.id}, 'mail', 'owner', ${lead.version}, 'pending', ${ownerAt},
      ${ownerAt} + interval '24 hours')`;
  return onItsWay;
}

/**
 * Queues the visitor's confirmation to the lead's address, capped past MAX_CONFIRMATIONS_PER_DAY
 * to one address (held for a flagged lead): a new lead's, or a new address's, whose earlier
 * confirmations not yet sent are dropped, so nothing more goes to the old address. Answers
 * whether it is on its way.
 */
export async function queueConfirmation(
  tx: Tx,
  lead: MailLead,
  { quoteToken, held }: { quoteToken: string; held: boolean },
): Promise<boolean> {
  await tx`
    delete from public.lead_outbox
    where lead_id = ${lead.id} and channel = 'mail' and kind = 'visitor'
      and status in ('pending', 'held')`;
  // One address's confirmations are counted one transaction at a time.
  await tx`select pg_advisory_xact_lock(hashtext(lower(${lead.email})))`;
  const [counted] = await tx`
    select count(*)::int as sent from public.lead_outbox o
    join public.quote_requests q on q.id = o.lead_id
    where o.channel = 'mail' and o.kind = 'visitor' and o.status not in ('capped', 'held')
      and lower(q.email) = lower(${lead.email}) and o.created_at > now() - interval '24 hours'`;
  // A held confirmation never counts towards the cap (docs/leads.md, "Bot traps and limits").
  const capped = !held && Number(counted?.sent) >= MAX_CONFIRMATIONS_PER_DAY;
  const status = held ? "held" : capped ? "capped" : "pending";
  const why = {
    held: "held: a bot trap flagged this lead",
    capped: `not sent: this address already had ${MAX_CONFIRMATIONS_PER_DAY} confirmations in 24 hours`,
    pending: null,
  }[status];
  // The first is number 0; a new address's the next (their Message-IDs differ).
  await tx`
    insert into public.lead_outbox
      (lead_id, channel, kind, seq, version, status, last_error, quote_token, due_at, give_up_at)
    select ${lead.id}, 'mail', 'visitor', coalesce(max(seq) + 1, 0), ${lead.version}, ${status},
      ${why}, ${capped ? null : quoteToken}, now(), now() + interval '24 hours'
    from public.lead_outbox where lead_id = ${lead.id} and channel = 'mail' and kind = 'visitor'`;
  return status === "pending";
}

/**
 * Queues what a stored change owes by e-mail. Before the owner's e-mail went, it is rescheduled (a first attempt still waiting for its time; a
 * failing one keeps its backoff) and will carry the change; after, the change goes in a "Quote
 * updated".
 */
export async function queueChangeMail(tx: Tx, lead: MailLead, timing: MailTiming) {
  await tx`
    update public.lead_outbox set due_at = least(due_at, ${ownerDue(tx, lead, timing)})
    where lead_id = ${lead.id} and channel = 'mail' and kind = 'owner' and status = 'pending'
      and attempts = 0`;
  await queueOwnerUpdate(tx, lead.id, timing);
}

/**
 * A "Quote updated" at the lead's version, once the owner's e-mail went and unless it was sent at
 * `sentVersion`: one per window, a change joins one still waiting and not being sent.
 */
export async function queueOwnerUpdate(
  tx: Tx,
  leadId: string,
  timing: MailTiming,
  sentVersion: number | null = null,
): Promise<void> {
  const due = tx`now() + make_interval(secs => ${seconds(timing.windowMs)})`;
  const mail = (kind: string, status: string) => tx`exists (
    select 1 from public.lead_outbox where lead_id = q.id and channel = 'mail' and kind = ${kind}
      and status = ${status} and (leased_until is null or leased_until <= now()))`;
  await tx`
    insert into public.lead_outbox (lead_id, channel, kind, seq, version, due_at, give_up_at)
    select q.id, 'mail', 'owner_update', ${nextSeq(tx, "owner_update")},
      q.version, ${due}, ${due} + interval '24 hours'
    from public.quote_requests q
    where q.id = ${leadId} and q.version is distinct from ${sentVersion}::bigint
      and ${mail("owner", "sent")} and not ${mail("owner_update", "pending")}`;
}

/** The kind of the owner's e-mail about a CRM post given up on (docs/notifications.md). */
export const DEAD_LETTER_MAIL = "dead_letter";

/**
 * Tells the owner, once per episode, that the lead's CRM post `deadId` was given up on: call it in
 * the transaction that recorded the dead letter (outbox.ts, recordAttempt). An episode lasts until
 * the owner's `retry` queues the lead's dead rows again, so a second CRM row of the lead dying
 * while one is still dead tells nothing more; one dying after a retry tells again. Only for a lead
 * whose e-mails are queued (it has an owner's e-mail row: the site sends e-mails); a dead e-mail
 * never queues one, so a dead letter about a dead letter cannot loop.
 */
export async function queueDeadLetterMail(tx: Tx, deadId: string, leadId: string) {
  await tx`
    insert into public.lead_outbox (lead_id, channel, kind, seq, version, dead_letter_of)
    select q.id, 'mail', ${DEAD_LETTER_MAIL}, ${nextSeq(tx, DEAD_LETTER_MAIL)}, q.version, ${deadId}
    from public.quote_requests q
    where q.id = ${leadId}
      and exists (select 1 from public.lead_outbox
                  where lead_id = q.id and channel = 'mail' and kind = 'owner')
      and not exists (select 1 from public.lead_outbox
                      where lead_id = q.id and channel = 'crm' and status = 'dead'
                        and id <> ${deadId})`;
}
