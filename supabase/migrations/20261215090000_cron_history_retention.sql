-- pg_cron records every run of a job in cron.job_run_details and never removes one: the lead drain,
-- each minute, adds about 1,440 rows a day. Each night this removes the runs of this project's own
-- jobs (the drain and this one) older than 7 days (docs/leads.md, "Retention"), as Supabase
-- advises; other jobs' history is the operator's. Skipped, with a notice, where pg_cron is not
-- installed (the embedded PostgreSQL: there 20261211080000 scheduled nothing).
do $$
begin
  if to_regclass('cron.job_run_details') is null then
    raise notice 'No pg_cron run history to clean on this PostgreSQL';
    return;
  end if;
  -- A job of this name is replaced, so the migration can run again.
  perform cron.schedule(
    'lead-drain-history',
    '17 3 * * *',
    $job$delete from cron.job_run_details
      where end_time < now() - interval '7 days'
        and jobid in (select jobid from cron.job
                      where jobname in ('lead-drain', 'lead-drain-history'))$job$
  );
end;
$$;
