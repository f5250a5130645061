-- One calculator session, one lead (docs/leads.md, "PATCH /api/quote/{id}"):
-- 1. each lead keeps, per field, the version that last changed it, so an update made on an older
--    version (If-Match) is refused only when a field it carries changed since;
-- 2. each lead keeps its changes (old -> new, per version) for the owner's e-mail, `leads show`
--    and the CSV;
-- 3. an update's Idempotency-Key keeps its first answer, as a create's does;
-- 4. updates are counted per lead too, in their own bucket.

alter table public.quote_requests
  add column field_versions jsonb not null default '{}'::jsonb
    check (jsonb_typeof(field_versions) = 'object'),
  add column changes jsonb not null default '[]'::jsonb check (jsonb_typeof(changes) = 'array');

comment on column public.quote_requests.field_versions is
  'The version that last changed each field, by the update''s field name; a field not named was last changed at the create.';
comment on column public.quote_requests.changes is
  'Each change of the lead: { version, at, fields: { name: [old, new] } }, oldest first.';

alter table public.lead_idempotency_keys
  add column operation text not null default 'create' check (operation in ('create', 'update'));

comment on column public.lead_idempotency_keys.operation is
  'Whose key: a create (answer { id, token, linkEmailed, version }) or an update of lead_id (answer { lead, token? }).';

alter table public.rate_limit_buckets drop constraint rate_limit_buckets_scope_check;
alter table public.rate_limit_buckets add constraint rate_limit_buckets_scope_check
  check (scope in ('create', 'update', 'lead_update'));
