import { Migration } from '@mikro-orm/migrations';

// The durable job queue of the embedded mode (no REDIS_URL): a job enqueued survives a crash and runs after the
// restart. `runner` is the advisory-lock number of the process running it (libs/platform/queue/jobs.sql.ts).
export class Jobs extends Migration {
  override name = '20261201000000-jobs';

  override up(): void {
    this.addSql(`
      create table jobs (
        id text primary key,
        queue text not null,
        name text not null,
        data jsonb not null,
        state text not null check (state in ('waiting', 'delayed', 'running', 'completed', 'failed')),
        attempts_made int not null default 0,
        max_attempts int not null check (max_attempts >= 1),
        run_at timestamptz not null default now(),
        runner int,
        last_error text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        finished_at timestamptz
      );`);
    this.addSql(`create index jobs_due on jobs (queue, run_at, id) where state in ('waiting', 'delayed', 'running');`);
    this.addSql(`create index jobs_listed on jobs (queue, state, created_at desc);`);
    this.addSql(`create index jobs_finished on jobs (finished_at) where state in ('completed', 'failed');`);
  }

  override down(): void {
    this.addSql('drop table jobs;');
  }
}
