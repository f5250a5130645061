-- The quote requests the site forwards through the crm-lead function.
-- Only that function writes here (as the table owner or service_role); anon and authenticated get nothing.

create table public.quote_requests (
  -- The site's own id for the lead (its inbox row), so both sides name a lead the same way.
  id uuid primary key default gen_random_uuid(),
  -- One row per lead: every delivery for a lead (its create and its updates) carries the same key.
  idempotency_key text not null unique
    check (char_length(idempotency_key) between 1 and 255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  -- Contact step (docs/calculator.md, "Validation messages"): stored trimmed, lengths as the site's zod schema.
  name text not null check (char_length(name) between 1 and 100 and name = btrim(name)),
  email text not null check (
    char_length(email) between 3 and 255 and email = btrim(email) and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  phone text not null check (char_length(phone) between 1 and 20 and phone = btrim(phone)),
  address text not null check (char_length(address) between 1 and 255 and address = btrim(address)),
  message text not null default '' check (char_length(message) <= 1000 and message = btrim(message)),

  -- The quote (docs/leads.md). Post-construction and stories stay null until steps 5-6 are answered.
  pane_count text not null check (pane_count in ('0-25', '26-40', '41-60', '61-80', '81-100')),
  frequency text not null check (frequency in ('initial', 'monthly', 'quarterly', 'biannual')),
  add_on_interior boolean not null default false,
  add_on_screens boolean not null default false,
  add_on_tracks boolean not null default false,
  is_post_construction text check (is_post_construction in ('yes', 'no')),
  stories text check (stories in ('1', '2', '3', '4+')),
  total_price numeric(10, 2) not null check (total_price >= 0),

  source_page text check (char_length(source_page) <= 2048),
  status text not null default 'new' check (status in ('new', 'contacted', 'quoted', 'booked', 'closed')),

  -- The CRM webhook (CRM_WEBHOOK_URL): a failure is recorded here, the lead is kept.
  webhook_status text not null default 'not_configured'
    check (webhook_status in ('not_configured', 'pending', 'delivered', 'failed')),
  webhook_error text check (char_length(webhook_error) <= 500),
  webhook_attempts integer not null default 0 check (webhook_attempts >= 0),
  webhook_attempted_at timestamptz
);

comment on table public.quote_requests is
  'Quote requests from the website calculator, written only by the crm-lead edge function.';
comment on column public.quote_requests.idempotency_key is
  'The Idempotency-Key of the deliveries for this lead (its id when none was sent).';
comment on column public.quote_requests.total_price is
  'First-visit total in USD as priced by the site''s server from its price table.';

create index quote_requests_created_at_idx on public.quote_requests (created_at desc);

create function public.quote_requests_touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke execute on function public.quote_requests_touch_updated_at() from public;

create trigger quote_requests_touch_updated_at
  before update on public.quote_requests
  for each row execute function public.quote_requests_touch_updated_at();

-- No policy at all: with RLS on, anon and authenticated can neither read nor write through the API.
alter table public.quote_requests enable row level security;
revoke all on table public.quote_requests from public, anon, authenticated;
grant select, insert, update, delete on table public.quote_requests to service_role;
