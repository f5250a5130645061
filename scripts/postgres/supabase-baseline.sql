-- What a Supabase project has before any migration, made on the embedded store by
-- scripts/postgres/cluster.ts's migrate() (docs/embedded-postgres.md, "Migrations"): its API roles
-- (cluster-wide, made when missing), in this database the default privileges that hand every new
-- public table to all of them, which the migrations revoke where they must, and the Supabase CLI's
-- table of applied migrations. migrate() runs it, in one transaction, until a migration is recorded.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text not null primary key, statements text[], name text);
