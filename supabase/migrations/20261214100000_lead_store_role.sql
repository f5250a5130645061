-- The login of the code that stores leads (docs/security.md, "The database role"): the embedded
-- store's site server connects as lead_store, with only what its transactions need; the superuser
-- keeps migrations, backups, restores and the owner's commands. No table is its own, so it cannot
-- drop or alter one; it deletes no lead (erasing one is the owner's command); it reads nothing
-- outside these tables (not the migrations' record, nor cron's or the vault's). LOGIN without a
-- password: on the embedded store it signs in over the unix socket, in a folder only PostgreSQL's
-- user can enter; on Supabase nobody can sign in as it until the operator gives it a password.
-- A role belongs to the whole cluster, so a second database's migration finds it made.
do $$
begin
  if not exists (select from pg_roles where rolname = 'lead_store') then
    create role lead_store login noinherit nosuperuser nocreatedb nocreaterole nobypassrls;
  end if;
end
$$;

grant usage on schema public to lead_store;
grant select, insert, update on table public.quote_requests to lead_store;
-- Retention (supabase/functions/_shared/leads/retention.ts) deletes expired rows of these.
grant select, insert, update, delete
  on table public.lead_idempotency_keys, public.rate_limit_buckets, public.lead_outbox
  to lead_store;
grant usage on sequence public.lead_outbox_id_seq to lead_store;
grant execute on function public.take_rate_limit_token(text, text, integer, integer) to lead_store;

-- Row level security is on for every table and has no policy: only owners and BYPASSRLS roles
-- (service_role) see a row. lead_store sees them all through these, and still only with the
-- grants above.
create policy lead_store_all on public.quote_requests
  for all to lead_store using (true) with check (true);
create policy lead_store_all on public.lead_idempotency_keys
  for all to lead_store using (true) with check (true);
create policy lead_store_all on public.rate_limit_buckets
  for all to lead_store using (true) with check (true);
create policy lead_store_all on public.lead_outbox
  for all to lead_store using (true) with check (true);
