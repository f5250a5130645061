-- A change of the outbox wakes the servers that send from it directly (docs/leads.md, "No polling"):
-- each row queued, requeued or released (a new lead, the owner's `retry` or
-- `release` run from another process) notifies the channel `lead_outbox`; the embedded store's
-- server LISTENs on it and claims at once, instead of asking PostgreSQL on a timer. Within one
-- transaction the notifications are one (same channel, no payload), sent at its commit; a claim
-- that finds nothing changes no row and notifies nobody, so a woken sender never wakes itself. On
-- Supabase nobody listens (the site's servers reach the outbox through the lead function, and the
-- database's scheduler drains it): the notification costs nothing.
create function public.lead_outbox_changed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('lead_outbox', '');
  return null;
end;
$$;

revoke all on function public.lead_outbox_changed() from public, anon, authenticated;

create trigger lead_outbox_changed
  after insert or update on public.lead_outbox
  for each row execute function public.lead_outbox_changed();
