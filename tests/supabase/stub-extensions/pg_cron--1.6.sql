-- The part of pg_cron's interface the lead drain's migration uses, recording instead of running.
create schema cron;

create table cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text unique
);

-- pg_cron's: a job of the same name is replaced.
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language sql as $$
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning jobid
$$;

create function cron.unschedule(job_name text) returns boolean
language sql as $$
  with gone as (delete from cron.job where jobname = job_name returning 1)
  select exists (select 1 from gone)
$$;

-- pg_cron's record of each run (its columns that the history's clean-up reads).
create table cron.job_run_details (
  jobid bigint,
  runid bigserial primary key,
  command text,
  status text,
  start_time timestamptz,
  end_time timestamptz
);
