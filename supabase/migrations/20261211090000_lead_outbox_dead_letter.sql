-- The owner hears of a CRM post given up on (docs/notifications.md, "When the CRM refuses a lead"):
-- when a lead's CRM row becomes a dead letter, one e-mail to the owner ('dead_letter') is queued in
-- the same transaction, naming the dead row it is about; once per episode (until `npm run leads --
-- retry ID` queues the lead's dead rows again), never for a dead e-mail (no loop).

alter table public.lead_outbox drop constraint lead_outbox_check;
alter table public.lead_outbox add constraint lead_outbox_kind_check check (
  (channel = 'crm' and kind in ('lead.created', 'lead.updated'))
  or (channel = 'mail' and kind in ('owner', 'owner_update', 'visitor', 'dead_letter'))
);

alter table public.lead_outbox
  add column dead_letter_of bigint references public.lead_outbox (id) on delete cascade,
  add constraint lead_outbox_dead_letter_of_check
    check ((kind = 'dead_letter') = (dead_letter_of is not null));

create index lead_outbox_dead_letter_of_idx on public.lead_outbox (dead_letter_of)
  where dead_letter_of is not null;

comment on column public.lead_outbox.dead_letter_of is
  'For a dead_letter e-mail: the CRM row given up on that it tells the owner of; null on every other row.';
