-- The outbox wakes its listeners only when something becomes owed (docs/leads.md, "No polling"):
-- a row queued pending, one that turns pending (the owner's `retry` or `release`), or one whose due
-- time moves (a retry's backoff, an e-mail that waits longer). A sender's own claim (its lease) and
-- what it records of a sent or dead row notify nobody: before, every claim woke every listening
-- server, which then asked PostgreSQL for nothing. Replaces the trigger of 20261212080000.
drop trigger if exists lead_outbox_changed on public.lead_outbox;

create trigger lead_outbox_queued
  after insert on public.lead_outbox
  for each row when (new.status = 'pending')
  execute function public.lead_outbox_changed();

create trigger lead_outbox_rescheduled
  after update of status, due_at on public.lead_outbox
  for each row when (
    new.status = 'pending'
    and (old.status is distinct from new.status or old.due_at is distinct from new.due_at)
  )
  execute function public.lead_outbox_changed();
