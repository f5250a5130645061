-- Deliveries owed from PostgreSQL (supabase/README.md, "The outbox"; docs/leads.md, "The order of
-- deliveries"):
-- 1. each lead's versions: `version`, the row's own, bumped by every change the function makes
--    (the CRM gets it with the lead), and `site_version`, the newest version of the lead the site
--    has sent, below which the function never goes back (a late or retried delivery of an older
--    state changes nothing);
-- 2. one outbox for what is posted on from here, queued in the transaction that writes the lead:
--    the CRM webhook ('crm'), and room for the e-mails ('mail'), drained by claims that any number
--    of senders can run at once (FOR UPDATE SKIP LOCKED, then a lease).

alter table public.quote_requests
  add column version bigint not null default 1 check (version >= 1),
  add column site_version bigint not null default 0 check (site_version >= 0);

comment on column public.quote_requests.version is
  'Bumped by every change the crm-lead function makes to the row; sent to the CRM with the lead.';
comment on column public.quote_requests.site_version is
  'The newest version of the lead the site sent (its outbox row id); an older delivery changes nothing.';

create table public.lead_outbox (
  id bigserial primary key,
  lead_id uuid not null references public.quote_requests (id) on delete cascade,
  channel text not null check (channel in ('crm', 'mail')),
  -- crm: the webhook event; mail: which e-mail (the site's lib/mail/mail-outbox.ts kinds).
  kind text not null check (
    (channel = 'crm' and kind in ('lead.created', 'lead.updated'))
    or (channel = 'mail' and kind in ('owner', 'owner_update', 'visitor'))
  ),
  seq integer not null default 0 check (seq >= 0),
  -- The lead's `version` this row was queued for: a post of that version or a later one settles it.
  version bigint not null check (version >= 1),
  status text not null default 'pending'
    check (status in ('pending', 'sent', 'dead', 'held', 'capped')),
  attempts integer not null default 0 check (attempts >= 0),
  created_at timestamptz not null default now(),
  -- When the next attempt is due (a retry's backoff, an e-mail's settle time).
  due_at timestamptz not null default now(),
  -- A claim leases the row to one sender until then; its lease id must come back with the outcome.
  leased_until timestamptz,
  lease_id uuid,
  give_up_at timestamptz not null default now() + interval '24 hours',
  -- The last failure, with the receiver's reply (HTTP status and body, or SMTP reply).
  last_error text check (char_length(last_error) <= 1000),
  sent_at timestamptz
);

comment on table public.lead_outbox is
  'What the crm-lead function owes for each lead (CRM webhook posts, e-mails), queued with the lead; see supabase/README.md, "The outbox".';

create index lead_outbox_due_idx on public.lead_outbox (channel, status, due_at);
create index lead_outbox_lead_idx on public.lead_outbox (lead_id, channel, id);
create unique index lead_outbox_mail_once_idx on public.lead_outbox (lead_id, kind, seq)
  where channel = 'mail';

alter table public.lead_outbox enable row level security;
revoke all on table public.lead_outbox from public, anon, authenticated;
revoke all on sequence public.lead_outbox_id_seq from public, anon, authenticated;
grant select, insert, update, delete on table public.lead_outbox to service_role;
grant usage on sequence public.lead_outbox_id_seq to service_role;
