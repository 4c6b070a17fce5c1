import { randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Clock, systemClock } from '@platform/clock';
import type { SqlPool } from '@platform/database';
import { type DailyTime, msUntil } from './daily-time.js';
import { type EnqueueOptions, type JobCounts, type JobFilter, type JobHandler, type JobQueue, type JobRetries, type JobState, type JobSummary, RetryCount, emptyJobCounts } from './job-queue.js';
import {
  CLAIM_JOBS,
  COMPLETE_JOB,
  type ClaimedJobRow,
  COUNT_JOBS,
  DELETE_OLD_JOBS,
  ENQUEUE_JOB,
  FAIL_JOB,
  LIST_JOBS,
  RETRY_FAILED_JOBS,
  RETRY_JOB,
  RUNNER_NAMESPACE,
  TAKE_RUNNER_LOCK,
  UNFINISHED_JOBS,
} from './jobs.sql.js';
import { type QueueName, type QueueSpec, queueSpecs } from './queues.js';
import { retryDelay } from './retry-delay.js';
import { runJob } from './run-job.js';

type ErrorReporter = (error: unknown, jobName: string) => void;

// Due jobs are looked for this often when nothing in this process woke the queue (delayed ones, retries, jobs
// another process enqueued, a dead runner's jobs).
const POLL_MS = 500;
const CLEANUP_EVERY_MS = 60_000;
const CLEANUP_BATCH = 1_000;
const MAX_ERROR_LENGTH = 1_000;
const DRAIN_POLL_MS = 25;

export interface PostgresJobQueueOptions {
  sql: SqlPool;
  /** Where the runner's own connection goes: it holds the runner's lock for the process' life. */
  databaseUrl: string;
  runsJobs: boolean;
  specs?: Record<QueueName, QueueSpec>;
  onError?: ErrorReporter;
  /** What time it is for the daily schedules (due and retry times are Postgres' own). */
  clock?: Clock;
}

/**
 * The embedded mode's queue: jobs are rows of `jobs` (jobs.sql.ts), so one enqueued and not finished when the
 * process dies runs after the restart. A job runs at least once; a handler whose effect is keyed by the job's id (or
 * its own idempotency key, as e-mails are) has it exactly once. Single instance, like the rest of the embedded mode.
 */
export class PostgresJobQueue implements JobQueue {
  readonly kind = 'postgres' as const;
  readonly runsJobs: boolean;
  private readonly sql: SqlPool;
  private readonly specs: Record<QueueName, QueueSpec>;
  private readonly onError: ErrorReporter;
  private readonly handlers = new Map<string, { handler: JobHandler; queue: QueueName }>();
  private readonly queueOf = new Map<string, QueueName>();
  private readonly active = new Map<QueueName, number>();
  private readonly retried = new RetryCount();
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pumping = new Set<QueueName>();
  private readonly wokenWhilePumping = new Set<QueueName>();
  private readonly pumps = new Set<Promise<void>>();
  private runner?: { id: number; client: pg.Client };
  private started?: Promise<void>;
  private poller?: NodeJS.Timeout;
  private lastCleanup = 0;
  private closed = false;

  constructor(private readonly options: PostgresJobQueueOptions) {
    this.sql = options.sql;
    this.runsJobs = options.runsJobs;
    this.specs = options.specs ?? queueSpecs();
    this.onError = options.onError ?? (() => undefined);
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    if (this.closed) throw new Error('Queue is closed');
    const queue = this.queueOf.get(name) ?? 'default';
    const id = options.jobId ?? randomUUID();
    const delayMs = Math.max(0, Math.round(options.delayMs ?? 0));
    await this.sql.unscoped(ENQUEUE_JOB, [id, queue, name, JSON.stringify(data ?? null), delayMs, options.attempts ?? this.specs[queue].attempts]);
    this.wakeIn(queue, delayMs);
    return id;
  }

  process<T>(name: string, handler: JobHandler<T>, queue: QueueName = 'default'): void {
    this.handlers.set(name, { handler: handler as JobHandler, queue });
    this.queueOf.set(name, queue);
    if (this.runsJobs && !this.closed) this.start();
  }

  async schedule(name: string, at: DailyTime): Promise<void> {
    if (!this.runsJobs || this.closed) return;
    clearTimeout(this.timers.get(name));
    const clock = this.options.clock ?? systemClock;
    const wait = msUntil(at, new Date(clock.now()));
    const timer = setTimeout(() => {
      // One run a day: the id names the day, so a second process or a restart on the same day adds none.
      const day = new Date(clock.now() + 60_000).toISOString().slice(0, 10);
      void this.enqueue(name, {}, { jobId: `${name}@${day}` }).catch((error: unknown) => this.onError(error, name));
      void this.schedule(name, at);
    }, wait);
    // A pending schedule must not keep a finished process (the CLI, a test) alive.
    timer.unref();
    this.timers.set(name, timer);
  }

  async list(filter: JobFilter = {}): Promise<JobSummary[]> {
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1_000);
    const rows = await this.sql.unscoped<Omit<JobSummary, 'runAt' | 'createdAt'> & { runAt: Date | null; createdAt: Date }>(LIST_JOBS, [
      filter.queue ?? null,
      filter.state ?? null,
      limit,
    ]);
    return rows.map((row) => ({ ...row, state: row.state as JobState, runAt: row.runAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() }));
  }

  retries(): JobRetries {
    return this.retried.read();
  }

  async counts(): Promise<JobCounts> {
    const counts = emptyJobCounts();
    for (const row of await this.sql.unscoped<{ queue: QueueName; state: JobState; count: number }>(COUNT_JOBS, [])) {
      if (Object.hasOwn(counts, row.queue)) counts[row.queue][row.state] = row.count;
    }
    return counts;
  }

  async retry(id: string): Promise<boolean> {
    const changed = await this.sql.unscoped<{ id: string }>(RETRY_JOB, [id]);
    for (const queue of new Set(this.queueOf.values())) this.wake(queue);
    return changed.length > 0;
  }

  async retryFailed(queue: QueueName): Promise<number> {
    const changed = await this.sql.unscoped<{ id: string }>(RETRY_FAILED_JOBS, [queue]);
    this.wake(queue);
    return changed.length;
  }

  async drain(): Promise<void> {
    const queues = [...new Set([...this.queueOf.values(), 'default'])];
    for (;;) {
      const [row] = await this.sql.unscoped<{ unfinished: boolean }>(UNFINISHED_JOBS, [queues]);
      if (!row?.unfinished && this.running.size === 0) return;
      if (this.runsJobs) for (const queue of queues) this.wake(queue as QueueName);
      await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poller);
    for (const timer of this.timers.values()) clearTimeout(timer);
    await this.started?.catch(() => undefined);
    // A claim in flight may still start jobs: they finish under this runner's lock, which goes last.
    while (this.pumps.size > 0 || this.running.size > 0) await Promise.allSettled([...this.pumps, ...this.running]);
    await this.runner?.client.end().catch(() => undefined);
  }

  // The runner's lock first: no job is taken before this process holds it (else a second claim could take its jobs).
  private start(): void {
    this.started ??= this.takeRunnerLock().then(
      () => {
        this.poller = setInterval(() => this.poll(), POLL_MS);
        this.poller.unref();
        this.poll();
      },
      (error: unknown) => this.onError(error, 'job runner'),
    );
  }

  private async takeRunnerLock(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    // A lost connection loses the lock: stop taking jobs (another process may take these) and say so.
    client.on('error', (error) => {
      this.onError(error, 'job runner');
      this.runner = undefined;
    });
    await client.connect();
    for (;;) {
      const id = randomInt(1, 2 ** 31 - 1);
      const { rows } = await client.query<{ locked: boolean }>(TAKE_RUNNER_LOCK.text, [RUNNER_NAMESPACE, id]);
      if (rows[0]?.locked) {
        this.runner = { id, client };
        return;
      }
    }
  }

  private poll(): void {
    for (const queue of new Set(this.queueOf.values())) this.wake(queue);
    if (Date.now() - this.lastCleanup > CLEANUP_EVERY_MS) {
      this.lastCleanup = Date.now();
      this.sql.unscoped(DELETE_OLD_JOBS, [CLEANUP_BATCH]).catch((error: unknown) => this.onError(error, 'job cleanup'));
    }
  }

  // A job due in `ms` (a delay, a retry) need not wait for a poll after it; the poll still finds it otherwise.
  private wakeIn(queue: QueueName, ms: number): void {
    if (ms <= 0) return this.wake(queue);
    if (ms < POLL_MS * 10) setTimeout(() => this.wake(queue), ms + 5).unref();
  }

  // Fills the queue's free slots with due jobs; one pump per queue at a time. A wake during a pump runs another
  // after it: the pump's last claim may have looked before the job that woke it was there.
  private wake(queue: QueueName): void {
    if (!this.runsJobs || this.closed || !this.runner) return;
    if (this.pumping.has(queue)) {
      this.wokenWhilePumping.add(queue);
      return;
    }
    this.pumping.add(queue);
    const pump = this.pump(queue)
      .catch((error: unknown) => this.onError(error, `${queue} queue`))
      .finally(() => {
        this.pumping.delete(queue);
        this.pumps.delete(pump);
        if (this.wokenWhilePumping.delete(queue)) this.wake(queue);
      });
    this.pumps.add(pump);
  }

  private async pump(queue: QueueName): Promise<void> {
    const spec = this.specs[queue];
    for (;;) {
      const runner = this.runner;
      const free = spec.concurrency - (this.active.get(queue) ?? 0);
      if (!runner || this.closed || free <= 0) return;
      const jobs = await this.sql.unscoped<ClaimedJobRow>(CLAIM_JOBS, [queue, free, runner.id]);
      if (jobs.length === 0) return;
      for (const job of jobs) this.track(this.runOne(queue, spec, runner.id, job));
    }
  }

  private track(run: Promise<void>): void {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async runOne(queue: QueueName, spec: QueueSpec, runner: number, job: ClaimedJobRow): Promise<void> {
    this.active.set(queue, (this.active.get(queue) ?? 0) + 1);
    try {
      const registered = this.handlers.get(job.name);
      if (!registered) throw new Error(`No processor for job ${job.name}`);
      await runJob(registered.handler, { id: job.id, name: job.name, queue, data: job.data, attempt: job.attemptsMade }, spec.timeoutMs);
      await this.sql.unscoped(COMPLETE_JOB, [job.id, runner]);
    } catch (error) {
      this.onError(error, job.name);
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const delay = retryDelay(job.attemptsMade, spec);
      const [left] = await this.sql.unscoped<{ state: string }>(FAIL_JOB, [job.id, runner, delay, reason]).catch((e: unknown) => (this.onError(e, job.name), []));
      if (left?.state === 'delayed') this.retried.add(queue);
      this.wakeIn(queue, delay);
    } finally {
      this.active.set(queue, (this.active.get(queue) ?? 1) - 1);
      // A slot is free: the next due job need not wait for the poll.
      if (!this.closed) setImmediate(() => this.wake(queue));
    }
  }
}
