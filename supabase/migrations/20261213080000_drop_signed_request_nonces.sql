-- The lead function no longer takes signed requests: it checks the caller's secret key instead
-- (docs/decisions.md, "The site's key to the lead function"), so there are no nonces to remember.
-- Dropping the table drops its index, row level security and grants with it.
drop table if exists public.signed_request_nonces;
