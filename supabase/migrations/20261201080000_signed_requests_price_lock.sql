-- The lead function trusts nobody (supabase/README.md, "Signed requests", "Prices"):
-- 1. the nonce of every signed request it accepted, until its timestamp leaves the replay window,
--    so that a captured request cannot be sent again;
-- 2. the price table each lead was first priced from, so that a plan or add-on change within the
--    price lock is priced from it even after the table has changed.

create table public.signed_request_nonces (
  nonce text primary key check (char_length(nonce) between 16 and 128),
  -- After this the request's timestamp is outside the window, so a replay is refused anyway.
  expires_at timestamptz not null
);

comment on table public.signed_request_nonces is
  'Nonces of the signed requests the crm-lead function accepted, kept until their replay window ends.';

create index signed_request_nonces_expires_at_idx on public.signed_request_nonces (expires_at);

alter table public.signed_request_nonces enable row level security;
revoke all on table public.signed_request_nonces from public, anon, authenticated;
grant select, insert, update, delete on table public.signed_request_nonces to service_role;

alter table public.quote_requests
  add column price_sheet jsonb check (
    price_sheet is null or (
      jsonb_typeof(price_sheet) = 'object'
      and jsonb_typeof(price_sheet -> 'plans') = 'object'
      and jsonb_typeof(price_sheet -> 'addOns') = 'object'
    )
  );

comment on column public.quote_requests.price_sheet is
  'The price table the lead was first priced from: { plans: {range: {plan: usd}}, addOns: {id: usd} }. Null on rows stored before it was kept.';
comment on column public.quote_requests.total_price is
  'First-visit total in USD as priced by the crm-lead function from its copy of the site''s price table (price_sheet after the first delivery).';
