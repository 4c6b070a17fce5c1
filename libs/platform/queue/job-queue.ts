import type { DailyTime } from './daily-time.js';

/** A unit of background work; `data` must be JSON. */
export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
  attempt: number;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<unknown>;

export interface EnqueueOptions {
  /** Total tries before the job is given up (default 3). */
  attempts?: number;
  /** Same id twice enqueues once. */
  jobId?: string;
}

/**
 * Background work behind one interface: BullMQ on Redis when REDIS_URL is set, an in-process runner
 * otherwise. Contexts register handlers at init; only processes whose role runs jobs execute them.
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /** Whether this process executes jobs (roles `all` and `worker`): where the platform's background work runs. */
  readonly runsJobs: boolean;
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string>;
  process<T>(name: string, handler: JobHandler<T>): void;
  /**
   * Enqueues `name` (with no data) every day at `at`, UTC, where this process runs jobs: BullMQ keeps one schedule
   * per name in Redis however many workers declare it; the in-process runner keeps a timer.
   */
  schedule(name: string, at: DailyTime): Promise<void>;
  /** Resolves when every job enqueued so far has finished, scheduled runs still to come aside (tests, shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
