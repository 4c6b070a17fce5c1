import { type ConnectionOptions, type Job as BullJob, Queue, Worker } from 'bullmq';
import { type DailyTime, cronPattern } from './daily-time.js';
import { type EnqueueOptions, type JobCounts, type JobFilter, type JobHandler, type JobQueue, type JobRetries, type JobState, type JobSummary, RetryCount, emptyJobCounts } from './job-queue.js';
import { QUEUE_NAMES, type QueueName, type QueueSpec, queueSpecs } from './queues.js';
import { retryDelay } from './retry-delay.js';
import { runJob } from './run-job.js';

type ErrorReporter = (error: unknown, jobName: string) => void;

// BullMQ's names of the states `jobs:list` shows.
const BULL_STATE: Record<JobState, 'waiting' | 'delayed' | 'active' | 'completed' | 'failed'> = {
  waiting: 'waiting',
  delayed: 'delayed',
  running: 'active',
  completed: 'completed',
  failed: 'failed',
};
const BACKOFF = { type: 'platform' } as const;
const DRAIN_POLL_MS = 25;

/**
 * BullMQ on Redis: one BullMQ queue per named queue (queues.ts), its worker with the queue's concurrency, where the
 * role runs jobs. Retries wait retryDelay (the embedded queue's rule), a try is bounded by the queue's timeout, and a
 * job whose tries all failed stays in BullMQ's failed set: the dead letter.
 */
export class BullmqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly handlers = new Map<string, { handler: JobHandler; queue: QueueName }>();
  private readonly queueOf = new Map<string, QueueName>();
  private readonly workers = new Map<QueueName, { worker: Worker; connected: boolean }>();
  private readonly retried = new RetryCount();
  private readonly specs: Record<QueueName, QueueSpec>;

  constructor(
    private readonly connection: ConnectionOptions,
    readonly runsJobs: boolean,
    /** Every key's prefix: the installation's own (see QueueModule), so no other installation takes its jobs. */
    private readonly prefix: string,
    private readonly onError: ErrorReporter = () => undefined,
    specs?: Record<QueueName, QueueSpec>,
  ) {
    this.specs = specs ?? queueSpecs();
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const queue = this.queueOf.get(name) ?? 'default';
    const job = await this.queue(queue).add(name, data, {
      attempts: options.attempts ?? this.specs[queue].attempts,
      jobId: options.jobId,
      delay: options.delayMs,
      backoff: BACKOFF,
      removeOnComplete: { count: 1000, age: 24 * 3600 },
      // The dead letter: kept for operators (jobs:list, jobs:retry) for a month.
      removeOnFail: { age: 30 * 24 * 3600 },
    });
    return job.id!;
  }

  process<T>(name: string, handler: JobHandler<T>, queue: QueueName = 'default'): void {
    this.handlers.set(name, { handler: handler as JobHandler, queue });
    this.queueOf.set(name, queue);
    if (this.runsJobs && !this.workers.has(queue)) this.startWorker(queue);
  }

  async schedule(name: string, at: DailyTime): Promise<void> {
    if (!this.runsJobs) return;
    const queue = this.queueOf.get(name) ?? 'default';
    // The scheduler's id is the job's name: every worker declaring it updates the one schedule.
    await this.queue(queue).upsertJobScheduler(name, { pattern: cronPattern(at), tz: 'UTC' }, { name, data: {}, opts: { attempts: this.specs[queue].attempts, backoff: BACKOFF } });
  }

  async list(filter: JobFilter = {}): Promise<JobSummary[]> {
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1_000);
    const states = filter.state ? [filter.state] : (Object.keys(BULL_STATE) as JobState[]);
    const found: JobSummary[] = [];
    for (const name of filter.queue ? [filter.queue] : QUEUE_NAMES) {
      for (const state of states) {
        const jobs = await this.queue(name).getJobs([BULL_STATE[state]], 0, limit - 1);
        for (const job of jobs) if (job) found.push(summary(job, name, state));
      }
    }
    return found.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, limit);
  }

  async retry(id: string): Promise<boolean> {
    for (const name of QUEUE_NAMES) {
      const job = await this.queue(name).getJob(id);
      if (job && (await job.getState()) === 'failed') {
        await job.retry('failed', { resetAttemptsMade: true });
        return true;
      }
    }
    return false;
  }

  retries(): JobRetries {
    return this.retried.read();
  }

  async counts(): Promise<JobCounts> {
    const counts = emptyJobCounts();
    for (const name of QUEUE_NAMES) {
      const found = await this.queue(name).getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed');
      counts[name] = {
        waiting: (found.waiting ?? 0) + (found.prioritized ?? 0),
        delayed: found.delayed ?? 0,
        running: found.active ?? 0,
        completed: found.completed ?? 0,
        failed: found.failed ?? 0,
      };
    }
    return counts;
  }

  async retryFailed(queue: QueueName): Promise<number> {
    const failed = await this.queue(queue).getFailedCount();
    await this.queue(queue).retryJobs({ state: 'failed' });
    return failed;
  }

  async drain(): Promise<void> {
    // Wait until nothing is waiting, active or delayed, except the next run of a schedule (delayed until its time).
    // The counts are one atomic read; the delayed jobs, read after, are compared with them: a retry whose backoff
    // ended between two separate reads was in neither (seen: a drain that returned while a download was retried).
    for (;;) {
      let busy = false;
      for (const queue of this.queues.values()) {
        const { delayed: delayedCount = 0, ...others } = await queue.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
        if (Object.values(others).some((n) => n > 0)) busy = true;
        else if (delayedCount > 0) {
          const delayed = await queue.getDelayed();
          if (delayed.length !== delayedCount || delayed.some((job) => !(job.repeatJobKey && job.attemptsMade === 0))) busy = true;
        }
      }
      if (!busy) return;
      await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
    }
  }

  async close(): Promise<void> {
    // A graceful close waits for the jobs running here, and for a Redis that cannot be reached, forever; without
    // Redis no job runs here, so such a worker is closed at once. A job cut short by the process' end is returned
    // to its queue by BullMQ's stalled-job check.
    await Promise.all([...this.workers.values()].map(({ worker, connected }) => worker.close(!connected)));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      // Without a listener a Redis outage would crash the process; report it and keep serving.
      queue.on('error', (error) => this.onError(error, `${name} queue`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private startWorker(name: QueueName): void {
    const spec = this.specs[name];
    this.queue(name); // the queue the worker's jobs come from is closed with the others
    const worker = new Worker(
      name,
      async (job) => {
        const registered = this.handlers.get(job.name);
        if (!registered) throw new Error(`No processor for job ${job.name}`);
        await runJob(registered.handler, { id: job.id!, name: job.name, queue: name, data: job.data, attempt: job.attemptsMade + 1 }, spec.timeoutMs);
      },
      {
        connection: this.connection,
        prefix: this.prefix,
        concurrency: spec.concurrency,
        // BullMQ's own lock (30 s, renewed while the job runs): a job whose process died is taken again within it.
        settings: { backoffStrategy: (attemptsMade: number) => retryDelay(attemptsMade, spec) },
      },
    );
    const entry = { worker, connected: false };
    worker.on('ready', () => {
      entry.connected = true;
    });
    worker.on('failed', (job, error) => {
      this.onError(error, job?.name ?? 'unknown');
      if (job && job.attemptsMade < (job.opts.attempts ?? 1)) this.retried.add(name);
    });
    worker.on('error', (error) => {
      entry.connected = false;
      this.onError(error, `${name} worker`);
    });
    this.workers.set(name, entry);
  }
}

function summary(job: BullJob, queue: QueueName, state: JobState): JobSummary {
  const runAt = state === 'delayed' ? job.timestamp + (job.delay ?? 0) : state === 'waiting' ? job.timestamp : null;
  return {
    id: job.id!,
    queue,
    name: job.name,
    state,
    attemptsMade: job.attemptsMade,
    maxAttempts: job.opts.attempts ?? 1,
    runAt: runAt === null ? null : new Date(runAt).toISOString(),
    lastError: job.failedReason ?? null,
    createdAt: new Date(job.timestamp).toISOString(),
  };
}
