-- The visitor's saved-quote link on their queued confirmation (docs/leads.md, "Notifications"):
-- the lead keeps only its token's hash, so the raw token rides on the confirmation's outbox row
-- until it is sent, and is erased when the row is settled (sent, or dead). A capped or held
-- confirmation never carries it.

alter table public.lead_outbox
  add column quote_token text check (quote_token is null or (channel = 'mail' and kind = 'visitor'));

comment on column public.lead_outbox.quote_token is
  'The raw saved-quote token for a pending visitor confirmation; erased once the row is sent or dead.';
