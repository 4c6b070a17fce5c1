import type { DailyTime } from './daily-time.js';
import { QUEUE_NAMES, type QueueName } from './queues.js';

/** A unit of background work; `data` must be JSON. */
export interface Job<T = unknown> {
  id: string;
  name: string;
  queue: QueueName;
  data: T;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the job's queue timeout passes (or the process stops): long work should stop at it. */
  signal: AbortSignal;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<unknown>;

export interface EnqueueOptions {
  /** Total tries before the job is given up (default: its queue's). */
  attempts?: number;
  /** Same id twice enqueues once. */
  jobId?: string;
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
}

/** Where a job is: `failed` is the dead letter (every try failed; an operator lists and retries it). */
export const JOB_STATES = ['waiting', 'delayed', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job as `platform jobs:list` shows it. */
export interface JobSummary {
  id: string;
  queue: QueueName;
  name: string;
  state: JobState;
  attemptsMade: number;
  maxAttempts: number;
  /** When it runs next (waiting, delayed), or null. */
  runAt: string | null;
  lastError: string | null;
  createdAt: string;
}

/** Jobs by queue and state: every queue and every state, 0 when none. */
export type JobCounts = Record<QueueName, Record<JobState, number>>;

/** Counts of every queue and state at 0, for an adapter to fill. */
export function emptyJobCounts(): JobCounts {
  return Object.fromEntries(QUEUE_NAMES.map((queue) => [queue, Object.fromEntries(JOB_STATES.map((state) => [state, 0]))])) as JobCounts;
}

/** Tries that failed and were given another, by queue: every queue, 0 when none. */
export type JobRetries = Record<QueueName, number>;

/** Retries counted as they happen, for an adapter to keep. */
export class RetryCount {
  private readonly counts = Object.fromEntries(QUEUE_NAMES.map((queue) => [queue, 0])) as JobRetries;

  add(queue: QueueName): void {
    this.counts[queue] += 1;
  }

  read(): JobRetries {
    return { ...this.counts };
  }
}

export interface JobFilter {
  queue?: QueueName;
  state?: JobState;
  /** Default 100, at most 1,000. */
  limit?: number;
}

/**
 * Background work behind one interface: BullMQ on Redis when REDIS_URL is set, a durable runner on Postgres
 * otherwise (jobs survive a crash either way). Jobs run on named queues (queues.ts), each with its concurrency,
 * tries, backoff and timeout. Contexts register handlers at init; only processes whose role runs jobs execute them.
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'postgres';
  /** Whether this process executes jobs (roles `all` and `worker`): where the platform's background work runs. */
  readonly runsJobs: boolean;
  /** Enqueues `name` on the queue its handler was registered for (`default` when none is). */
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string>;
  /** Registers the handler of `name`, which runs on `queue`. */
  process<T>(name: string, handler: JobHandler<T>, queue?: QueueName): void;
  /**
   * Enqueues `name` (with no data) every day at `at`, UTC, where this process runs jobs: one run a day however many
   * processes declare it.
   */
  schedule(name: string, at: DailyTime): Promise<void>;
  /** The jobs of a queue and state, newest first. */
  list(filter?: JobFilter): Promise<JobSummary[]>;
  /** How many jobs each queue has in each state now (metrics). */
  counts(): Promise<JobCounts>;
  /** Tries this process ran that failed and will be tried again, since it started (metrics; 0 where it runs no jobs). */
  retries(): JobRetries;
  /** Puts a failed job back to waiting with its tries reset; false when no failed job has that id. */
  retry(id: string): Promise<boolean>;
  /** Puts every failed job of `queue` back to waiting; how many. */
  retryFailed(queue: QueueName): Promise<number>;
  /** Resolves when every job enqueued so far has finished, scheduled runs still to come aside (tests, shutdown). */
  drain(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (each bounded by its timeout). */
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
