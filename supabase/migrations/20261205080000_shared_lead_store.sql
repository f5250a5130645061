-- The shared lead store (LEADS_STORE=supabase; supabase/README.md, "The shared store"): PostgreSQL is
-- the system of record for every server of the site, reached only through the crm-lead function.
-- 1. each lead keeps the hash of its update token (never the token), the bot trap's reason, and the
--    browser's claimed total; a flagged lead is 'held' from the CRM webhook;
-- 2. each Idempotency-Key keeps its request's hash and its first answer for the replay window;
-- 3. each client's rate limits are token buckets counted here, so they hold across servers.
-- Rows stored before (forwarded from a site's inbox) keep working: the new columns are null on them.

alter table public.quote_requests
  add column token_hash text check (token_hash ~ '^[0-9a-f]{64}$'),
  add column spam_reason text check (char_length(spam_reason) between 1 and 500),
  add column client_total_price integer check (client_total_price between 0 and 100000);

alter table public.quote_requests drop constraint quote_requests_webhook_status_check;
alter table public.quote_requests add constraint quote_requests_webhook_status_check
  check (webhook_status in ('not_configured', 'pending', 'delivered', 'failed', 'held'));

comment on column public.quote_requests.token_hash is
  'SHA-256 (hex) of the token that opens the lead''s saved quote; null on leads forwarded from a site''s own inbox.';
comment on column public.quote_requests.spam_reason is
  'Why a bot trap flagged the request (kept, never posted to the CRM: webhook_status held), or null.';
comment on column public.quote_requests.client_total_price is
  'The total the visitor''s browser showed, kept only for comparison; null on forwarded leads.';

create table public.lead_idempotency_keys (
  key text primary key check (char_length(key) between 1 and 255),
  request_hash text not null check (char_length(request_hash) between 1 and 128),
  -- Deferred: the key is claimed first in the create's transaction, so a twin waits on it.
  lead_id uuid not null references public.quote_requests (id) on delete cascade
    deferrable initially deferred,
  -- { id, token, linkEmailed }: the token is erased once the replay window is over.
  answer jsonb not null check (jsonb_typeof(answer) = 'object'),
  created_at timestamptz not null default now()
);

comment on table public.lead_idempotency_keys is
  'The first answer to each Idempotency-Key of POST /api/quote on the shared store, replayed for 24 hours.';

create index lead_idempotency_keys_created_at_idx on public.lead_idempotency_keys (created_at);
create index lead_idempotency_keys_lead_id_idx on public.lead_idempotency_keys (lead_id);

create table public.rate_limit_buckets (
  scope text not null check (scope in ('create', 'update')),
  -- The site sends a SHA-256 of the client's address, never the address.
  client text not null check (char_length(client) between 1 and 200),
  tokens double precision not null check (tokens >= 0),
  refilled_at timestamptz not null,
  primary key (scope, client)
);

comment on table public.rate_limit_buckets is
  'Per-client token buckets of the site''s rate limits (lib/rate-limit.ts), shared by all its servers.';

create index rate_limit_buckets_refilled_at_idx on public.rate_limit_buckets (scope, refilled_at);

-- Takes one token from the client's bucket: 0 when taken, else the whole seconds until one is
-- there. The bucket holds `capacity` tokens refilled evenly over `window_ms`, as lib/rate-limit.ts.
create function public.take_rate_limit_token(
  p_scope text,
  p_client text,
  p_capacity integer,
  p_window_ms integer
)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  now_at timestamptz := clock_timestamp();
  per_ms double precision := p_capacity::double precision / p_window_ms;
  held double precision;
  since timestamptz;
begin
  -- A bucket idle for a whole window is full again: forgetting it changes nothing.
  delete from public.rate_limit_buckets
  where scope = p_scope and refilled_at < now_at - make_interval(secs => p_window_ms / 1000.0);
  insert into public.rate_limit_buckets (scope, client, tokens, refilled_at)
  values (p_scope, p_client, p_capacity, now_at)
  on conflict (scope, client) do nothing;
  select b.tokens, b.refilled_at into held, since
  from public.rate_limit_buckets b
  where b.scope = p_scope and b.client = p_client
  for update;
  held := least(p_capacity, held + greatest(0, extract(epoch from now_at - since) * 1000) * per_ms);
  if held >= 1 then
    update public.rate_limit_buckets set tokens = held - 1, refilled_at = now_at
    where scope = p_scope and client = p_client;
    return 0;
  end if;
  update public.rate_limit_buckets set tokens = held, refilled_at = now_at
  where scope = p_scope and client = p_client;
  return ceil((1 - held) / per_ms / 1000)::integer;
end;
$$;

revoke execute on function public.take_rate_limit_token(text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function public.take_rate_limit_token(text, text, integer, integer) to service_role;

alter table public.lead_idempotency_keys enable row level security;
alter table public.rate_limit_buckets enable row level security;
revoke all on table public.lead_idempotency_keys, public.rate_limit_buckets
  from public, anon, authenticated;
grant select, insert, update, delete on table public.lead_idempotency_keys, public.rate_limit_buckets
  to service_role;
