-- Lead attribution (docs/leads.md, "Attribution"): where the visit that led to the lead came from,
-- its campaign parameters (utm_*, gclid, gbraid, wbraid), referrer and landing page, as the site's
-- schema validated them (lib/quote/schema.ts, attributionSchema). Null for a lead made before it or
-- sent without any. The CHECK only bounds what a buggy caller could write: an object, at most
-- 16384 characters as text (the schema's bounds, escaped, come to under 12000).

alter table public.quote_requests
  add column attribution jsonb
  check (
    attribution is null
    or (jsonb_typeof(attribution) = 'object' and char_length(attribution::text) <= 16384)
  );

comment on column public.quote_requests.attribution is
  'Where the visit came from: utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, gbraid, wbraid, referrer, landingPage (each optional); null when none was sent.';
