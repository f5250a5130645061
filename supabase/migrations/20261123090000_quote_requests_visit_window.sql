-- The visit window a visitor asks for on the site's saved-quote page (docs/pages.md, "Saved quote"):
-- an earliest date and a part of the day, both set or both empty. The site checks the date is
-- an open day from tomorrow on; here it is only a date.

alter table public.quote_requests
  add column visit_earliest_date date,
  add column visit_part_of_day text
    check (visit_part_of_day in ('morning', 'afternoon', 'any')),
  add constraint quote_requests_visit_window_whole
    check ((visit_earliest_date is null) = (visit_part_of_day is null));

comment on column public.quote_requests.visit_earliest_date is
  'The earliest day the visitor asked us to come, from the saved-quote page; null until asked.';
comment on column public.quote_requests.visit_part_of_day is
  'Morning, afternoon or any time, with visit_earliest_date.';
