-- A test stand-in for Supabase Vault (tests/supabase/scheduled-drain.spec.ts): the part the lead
-- drain's job and its operator use, vault.create_secret and vault.decrypted_secrets, with
-- Supabase's signatures and without its encryption.
create schema vault;

create table vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  description text not null default '',
  secret text not null,
  created_at timestamptz not null default now()
);

create function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default '',
  new_key_id uuid default null
) returns uuid
language sql as $$
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, new_description)
  returning id
$$;

create view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, created_at
  from vault.secrets;
