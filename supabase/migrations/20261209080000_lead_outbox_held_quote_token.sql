-- A spam-flagged lead's held confirmation keeps its saved-quote token for the replay window (24
-- hours), so the owner's release (`npm run leads -- release ID`, the outbox command "release")
-- sends it with the link, as the embedded inbox does (docs/leads.md, "Bot traps and limits"). The
-- column's CHECK already allows it; only what the column means changes.

comment on column public.lead_outbox.quote_token is
  'The raw saved-quote token for a visitor confirmation: pending until sent or dead (then erased); held for 24 hours, for a release (then erased by the next create).';
