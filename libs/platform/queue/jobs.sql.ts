import { BACKGROUND, preparedSql } from '@platform/database';

// The durable queue of the embedded mode (postgres.job-queue.ts), platform-wide (`SqlPool.unscoped`). A running
// job names its runner: a number the running process holds an advisory lock on, in namespace $ns, for its
// whole life. A process that dies (even by SIGKILL) loses its connection and with it the lock, so its running jobs
// are taken again at once by the next claim, and never while it lives.

/** The advisory-lock namespace of runners ('jobs'). */
export const RUNNER_NAMESPACE = 0x6a6f6273;

export const TAKE_RUNNER_LOCK = preparedSql('select pg_try_advisory_lock($1::int, $2::int) as locked');

export const ENQUEUE_JOB = preparedSql(`
  insert into jobs (id, queue, name, data, state, max_attempts, run_at)
  values ($1, $2, $3, $4::jsonb, case when $5::int > 0 then 'delayed' else 'waiting' end, $6, now() + $5::int * interval '1 millisecond')
  on conflict (id) do nothing`);

/** Takes up to $2 jobs of queue $1 for runner $3: due ones, and running ones whose runner is gone. */
export const CLAIM_JOBS = preparedSql(`${BACKGROUND}
  with claimable as (
    select c.id from jobs c
     where c.queue = $1
       and ((c.state in ('waiting', 'delayed') and c.run_at <= now())
         or (c.state = 'running' and not exists (
               select 1 from pg_locks l
                where l.locktype = 'advisory' and l.granted and l.objsubid = 2
                  and l.database = (select oid from pg_database where datname = current_database())
                  and l.classid = ${RUNNER_NAMESPACE}::oid and l.objid = c.runner::oid)))
     order by c.run_at, c.id
     limit $2
     for update skip locked)
  update jobs j
     set state = 'running', runner = $3, attempts_made = j.attempts_made + 1, updated_at = now()
    from claimable
   where j.id = claimable.id
  returning j.id, j.name, j.data, j.attempts_made as "attemptsMade"`);

export const COMPLETE_JOB = preparedSql(`
  update jobs set state = 'completed', runner = null, last_error = null, finished_at = now(), updated_at = now()
   where id = $1 and runner = $2 and state = 'running'`);

/** A failed try: retried after $3 ms, or given up (the dead letter) when it was the last. */
export const FAIL_JOB = preparedSql(`
  update jobs
     set state = case when attempts_made >= max_attempts then 'failed' else 'delayed' end,
         run_at = case when attempts_made >= max_attempts then run_at else now() + $3::int * interval '1 millisecond' end,
         finished_at = case when attempts_made >= max_attempts then now() end,
         runner = null, last_error = $4, updated_at = now()
   where id = $1 and runner = $2 and state = 'running'
  returning state`);

export const LIST_JOBS = preparedSql(`
  select id, queue, name, state, attempts_made as "attemptsMade", max_attempts as "maxAttempts",
         case when state in ('waiting', 'delayed') then run_at end as "runAt", last_error as "lastError", created_at as "createdAt"
    from jobs
   where ($1::text is null or queue = $1) and ($2::text is null or state = $2)
   order by created_at desc, id desc
   limit $3`);

/** Jobs by queue and state (metrics): the jobs_listed index answers it. */
export const COUNT_JOBS = preparedSql(`select queue, state, count(*)::int as count from jobs group by queue, state`);

export const RETRY_JOB = preparedSql(`
  update jobs set state = 'waiting', attempts_made = 0, run_at = now(), finished_at = null, updated_at = now()
   where id = $1 and state = 'failed'
  returning id`);

export const RETRY_FAILED_JOBS = preparedSql(`
  update jobs set state = 'waiting', attempts_made = 0, run_at = now(), finished_at = null, updated_at = now()
   where queue = $1 and state = 'failed'
  returning id`);

/** Whether any job of the queues $1 is still to run or running (a delayed one included). */
export const UNFINISHED_JOBS = preparedSql(`${BACKGROUND}
  select exists (select 1 from jobs where queue = any($1::text[]) and state in ('waiting', 'delayed', 'running')) as unfinished`);

/** Completed jobs go after a day, failed ones after a month (the dead letter is for operators to look at). */
export const DELETE_OLD_JOBS = preparedSql(`${BACKGROUND}
  delete from jobs
   where id in (
     select id from jobs
      where (state = 'completed' and finished_at < now() - interval '1 day') or (state = 'failed' and finished_at < now() - interval '30 days')
      limit $1)`);

export interface ClaimedJobRow {
  id: string;
  name: string;
  data: unknown;
  attemptsMade: number;
}
