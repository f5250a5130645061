-- The database schedules the outbox's drain itself (docs/leads.md, "Serverless hosts"): once a
-- minute pg_cron runs public.request_lead_drain(), which asks the site's drain route
-- (POST /api/deliveries/drain with the CRON_SECRET) through pg_net, and only while a row of the
-- outbox is due, so no host cron, no paid plan and no server polling are needed, and nothing is
-- asked when nothing is owed. The route's address and secret live in Supabase Vault; the operator
-- stores them once (docs/leads.md, "Serverless hosts"):
--
--   select vault.create_secret('https://www.example.com/api/deliveries/drain', 'lead_drain_url');
--   select vault.create_secret('<the site''s CRON_SECRET>', 'lead_drain_secret');
--
-- Until both are set the job asks nothing. Where pg_cron and pg_net are not available (the
-- embedded PostgreSQL, a plain server), the schedule is skipped with a notice saying why: the
-- site's own servers send what is owed there (lib/mail/mail-sender.ts).

-- What the job runs: the same everywhere, so the schema is one whichever branch below was taken.
create or replace function public.request_lead_drain()
returns text
language plpgsql
set search_path = ''
as $$
declare
  drain_url text;
  drain_secret text;
begin
  -- A row is due: pending and its time come, its lease (if any) run out.
  if not exists (
    select 1 from public.lead_outbox
    where status = 'pending' and due_at <= now()
      and (leased_until is null or leased_until <= now())
  ) then
    return 'nothing due';
  end if;
  if to_regclass('vault.decrypted_secrets') is null then
    return 'not asked: Supabase Vault is not installed';
  end if;
  select
    max(decrypted_secret) filter (where name = 'lead_drain_url'),
    max(decrypted_secret) filter (where name = 'lead_drain_secret')
  into drain_url, drain_secret
  from vault.decrypted_secrets
  where name in ('lead_drain_url', 'lead_drain_secret');
  if coalesce(drain_url, '') = '' or coalesce(drain_secret, '') = '' then
    return 'not asked: the vault secrets lead_drain_url and lead_drain_secret are not both set';
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return 'not asked: pg_net is not installed';
  end if;
  -- pg_net sends it after this transaction commits; the drain sends each e-mail within 30 s.
  perform net.http_post(
    url := drain_url,
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'Authorization', 'Bearer ' || drain_secret,
      'Content-Type', 'application/json'
    ),
    timeout_milliseconds := 60000
  );
  return 'drain asked';
end;
$$;

comment on function public.request_lead_drain() is
  'Run each minute by pg_cron: asks the site''s drain route (vault: lead_drain_url, lead_drain_secret) while an outbox row is due; see docs/leads.md, "Serverless hosts".';

revoke execute on function public.request_lead_drain() from public, anon, authenticated;

do $$
declare
  missing text;
begin
  select string_agg(wanted, ' and ' order by wanted) into missing
  from unnest(array['pg_cron', 'pg_net']) as wanted
  where not exists (select 1 from pg_available_extensions where name = wanted);
  if missing is not null then
    raise notice 'The lead drain is not scheduled: % not available on this PostgreSQL (Supabase has both; here the site''s servers send what is owed)',
      missing;
    return;
  end if;
  begin
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
  exception when others then
    -- Installed but not loaded (shared_preload_libraries), say: the migration goes on without it.
    raise notice 'The lead drain is not scheduled: %', sqlerrm;
    return;
  end;
  -- Each minute; a job of this name is replaced, so the migration can run again.
  perform cron.schedule('lead-drain', '* * * * *', 'select public.request_lead_drain()');
end;
$$;
