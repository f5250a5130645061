import type postgres from "postgres";

/**
 * The lead's e-mails as rows of public.lead_outbox (channel 'mail'), queued in the transaction
 * that writes the lead or its change, with the site's timing rules (docs/leads.md,
 * "Notifications"):
 *
 * - `visitor`: the confirmation, due at once; past MAX_CONFIRMATIONS_PER_DAY to one address in 24
 *   hours it is kept as `capped`, not sent; a spam-flagged lead's is kept as `held` until the
 *   owner releases the lead (release.ts). It carries the saved-quote token (`quote_token`) until
 *   it is sent (a capped one never; a held one for the replay window).
 * - `owner`: "New quote request", due one window after the contact step, or one settle period after
 *   the visitor's last change once steps 5-6 are answered, whichever comes first.
 * - `owner_update`: "Quote updated", for a change after the owner's e-mail went, due one window
 *   later; changes within the window join it.
 * - `dead_letter`: the owner's "CRM delivery failed", due at once, when a CRM post becomes a dead
 *   letter (queueDeadLetterMail).
 *
 * The senders (each Node server's, lib/mail/mail-sender.ts) claim them with the same
 * claim as the CRM's (outbox.ts) and render each from the lead as it stands when sent.
 */

type Tx = postgres.TransactionSql;

/** What the timing rules read of a stored lead (stored-lead.ts's StoredLead has it). */
type MailLead = {
  id: string;
  email: string;
  version: number;
  isPostConstruction: string | null;
  stories: string | null;
};

/** MAIL_WINDOW_MS and MAIL_SETTLE_MS, as the site's settings name them. */
export type MailTiming = { windowMs: number; settleMs: number };

/** The e-mails a lead can owe: the owner's first, the owner's "Quote updated", the visitor's. */
export const MAIL_KINDS = ["owner", "owner_update", "visitor"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The site's lib/mail/timing.ts. */
export const DEFAULT_MAIL_TIMING: MailTiming = { windowMs: 2 * 60_000, settleMs: 15_000 };
export const MAX_CONFIRMATIONS_PER_DAY = 3;

const seconds = (ms: number) => ms / 1000;

/** Steps 5-6 answered: the visitor has finished. */
const finished = (lead: MailLead) => lead.isPostConstruction !== null && lead.stories !== null;

/** The owner's first e-mail: one window after the contact step, sooner once the visitor finished. */
function ownerDue(tx: Tx, lead: MailLead, timing: MailTiming) {
  const latest = tx`(select created_at from public.quote_requests where id = ${lead.id})
    + make_interval(secs => ${seconds(timing.windowMs)})`;
  return finished(lead)
    ? tx`least(${latest}, now() + make_interval(secs => ${seconds(timing.settleMs)}))`
    : latest;
}

/**
 * What a new lead's confirmation carries (the shared store's create, quote-store.ts): `quoteToken`,
 * the raw saved-quote token, kept on the confirmation's row until it is sent (never on a capped
 * one; on a held one for the replay window, release.ts); `held`, a spam-flagged lead's
 * confirmation, kept as `held`, not sent until the owner releases the lead.
 */
export type NewLeadMail = { quoteToken?: string | null; held?: boolean };

/**
 * Queues what a stored change owes by e-mail; call it inside the transaction that wrote it.
 * Answers whether a new lead's confirmation is on its way (false when capped or held).
 */
export async function queueLeadMail(
  tx: Tx,
  lead: MailLead,
  timing: MailTiming,
  options: NewLeadMail = {},
): Promise<boolean> {
  if (lead.version === 1) return await queueNewLeadMail(tx, lead, timing, options);
  await queueChangeMail(tx, lead, timing);
  return false;
}

async function queueNewLeadMail(
  tx: Tx,
  lead: MailLead,
  timing: MailTiming,
  { quoteToken = null, held = false }: NewLeadMail,
) {
  // One address's confirmations are counted one transaction at a time.
  await tx`select pg_advisory_xact_lock(hashtext(lower(${lead.email})))`;
  const [counted] = await tx<{ sent: number }[]>`
    select count(*)::int as sent from public.lead_outbox o
    join public.quote_requests q on q.id = o.lead_id
    where o.channel = 'mail' and o.kind = 'visitor' and o.status not in ('capped', 'held')
      and lower(q.email) = lower(${lead.email}) and o.created_at > now() - interval '24 hours'`;
  // A held confirmation never counts towards the cap (docs/leads.md, "Bot traps and limits").
  const capped = !held && Number(counted?.sent) >= MAX_CONFIRMATIONS_PER_DAY;
  const status = held ? "held" : capped ? "capped" : "pending";
  await tx`
    insert into public.lead_outbox (lead_id, channel, kind, version, status, last_error, quote_token)
    values (${lead.id}, 'mail', 'visitor', ${lead.version}, ${status},
      ${
        capped
          ? `not sent: this address already had ${MAX_CONFIRMATIONS_PER_DAY} confirmations in 24 hours`
          : held
            ? "held: a bot trap flagged this lead"
            : null
      },
      ${capped ? null : quoteToken})`;
  await tx`
    insert into public.lead_outbox (lead_id, channel, kind, version, due_at, give_up_at)
    values (${lead.id}, 'mail', 'owner', ${lead.version}, ${ownerDue(tx, lead, timing)},
      ${ownerDue(tx, lead, timing)} + interval '24 hours')`;
  return status === "pending";
}

/**
 * Before the owner's e-mail went, it is rescheduled and will carry the change; after, the change
 * goes in a "Quote updated", one per window.
 */
async function queueChangeMail(tx: Tx, lead: MailLead, timing: MailTiming) {
  const [owner] = await tx`
    select status, attempts from public.lead_outbox
    where lead_id = ${lead.id} and channel = 'mail' and kind = 'owner' for update`;
  if (!owner) return; // stored while e-mails were off
  if (owner.status === "pending") {
    // A first attempt still waiting for its time; a failing one keeps its backoff.
    if (owner.attempts === 0) {
      await tx`
        update public.lead_outbox set due_at = least(due_at, ${ownerDue(tx, lead, timing)})
        where lead_id = ${lead.id} and channel = 'mail' and kind = 'owner'`;
    }
    return;
  }
  if (owner.status === "sent") await queueOwnerUpdate(tx, lead.id, lead.version, timing);
}

/** One "Quote updated" per window: a change joins one still waiting and not being sent. */
export async function queueOwnerUpdate(
  tx: Tx,
  leadId: string,
  version: number,
  timing: MailTiming,
): Promise<void> {
  const [waiting] = await tx`
    select 1 from public.lead_outbox
    where lead_id = ${leadId} and channel = 'mail' and kind = 'owner_update' and status = 'pending'
      and (leased_until is null or leased_until <= now())`;
  if (waiting) return;
  await tx`
    insert into public.lead_outbox (lead_id, channel, kind, seq, version, due_at, give_up_at)
    select ${leadId}, 'mail', 'owner_update', coalesce(max(seq), 0) + 1, ${version},
      now() + make_interval(secs => ${seconds(timing.windowMs)}),
      now() + make_interval(secs => ${seconds(timing.windowMs)}) + interval '24 hours'
    from public.lead_outbox
    where lead_id = ${leadId} and channel = 'mail' and kind = 'owner_update'`;
}

/** The kind of the owner's e-mail about a CRM post given up on (docs/notifications.md). */
export const DEAD_LETTER_MAIL = "dead_letter";

/**
 * Tells the owner, once per episode, that the lead's CRM post `dead` was given up on: call it in
 * the transaction that recorded the dead letter (outbox.ts, recordAttempt). An episode lasts until
 * the owner's `retry` queues the lead's dead rows again, so a second CRM row of the lead dying
 * while one is still dead tells nothing more; one dying after a retry tells again. Only for a lead
 * whose e-mails are queued (it has an owner's e-mail row: the site sends e-mails); a dead e-mail
 * never queues one, so a dead letter about a dead letter cannot loop.
 */
export async function queueDeadLetterMail(
  tx: Tx,
  dead: { id: string; leadId: string; channel: "crm" | "mail" },
): Promise<void> {
  if (dead.channel !== "crm") return;
  await tx`
    insert into public.lead_outbox (lead_id, channel, kind, seq, version, dead_letter_of)
    select ${dead.leadId}, 'mail', ${DEAD_LETTER_MAIL},
      coalesce((select max(seq) from public.lead_outbox
                where lead_id = ${dead.leadId} and channel = 'mail' and kind = ${DEAD_LETTER_MAIL}),
               0) + 1,
      q.version, ${dead.id}
    from public.quote_requests q
    where q.id = ${dead.leadId}
      and exists (select 1 from public.lead_outbox
                  where lead_id = q.id and channel = 'mail' and kind = 'owner')
      and not exists (select 1 from public.lead_outbox
                      where lead_id = q.id and channel = 'crm' and status = 'dead'
                        and id <> ${dead.id})`;
}
