import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { type DailyTime, cronPattern } from './daily-time.js';
import type { EnqueueOptions, JobHandler, JobQueue } from './job-queue.js';

const QUEUE_NAME = 'platform';

type ErrorReporter = (error: unknown, jobName: string) => void;

/** BullMQ on Redis: one queue, job names route to handlers; workers run only where the role says so. */
export class BullmqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private readonly handlers = new Map<string, JobHandler>();
  private worker?: Worker;
  // Whether the worker's last news from Redis was good: closing waits for running jobs only then.
  private workerConnected = false;

  constructor(
    private readonly connection: ConnectionOptions,
    readonly runsJobs: boolean,
    /** Every key's prefix: the installation's own (see QueueModule), so no other installation takes its jobs. */
    private readonly prefix: string,
    private readonly onError: ErrorReporter = () => undefined,
  ) {
    this.queue = new Queue(QUEUE_NAME, { connection, prefix });
    // Without a listener a Redis outage would crash the process; report it and keep serving.
    this.queue.on('error', (error) => this.onError(error, 'queue'));
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const job = await this.queue.add(name, data, {
      attempts: options.attempts ?? 3,
      jobId: options.jobId,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 1000,
      removeOnFail: 5000,
    });
    return job.id!;
  }

  process<T>(name: string, handler: JobHandler<T>): void {
    this.handlers.set(name, handler as JobHandler);
    if (this.runsJobs && !this.worker) this.startWorker();
  }

  async schedule(name: string, at: DailyTime): Promise<void> {
    if (!this.runsJobs) return;
    // The scheduler's id is the job's name: every worker declaring it updates the one schedule.
    await this.queue.upsertJobScheduler(name, { pattern: cronPattern(at), tz: 'UTC' }, { name, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 1000 } } });
  }

  async drain(): Promise<void> {
    // Wait until nothing is waiting, active or delayed, except the next run of a schedule (delayed until its time).
    for (;;) {
      const counts = await this.queue.getJobCounts('waiting', 'active', 'prioritized');
      if (Object.values(counts).every((n) => n === 0) && (await this.queue.getDelayed()).every((job) => job.repeatJobKey && job.attemptsMade === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    // A graceful close waits for the jobs running here, and for a Redis that cannot be reached, forever; without
    // Redis no job runs here, so the worker is then closed at once.
    await this.worker?.close(!this.workerConnected);
    await this.queue.close();
  }

  private startWorker(): void {
    this.worker = new Worker(
      QUEUE_NAME,
      async (job) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new Error(`No processor for job ${job.name}`);
        return handler({ id: job.id!, name: job.name, data: job.data, attempt: job.attemptsMade + 1 });
      },
      { connection: this.connection, prefix: this.prefix, concurrency: 4 },
    );
    this.worker.on('ready', () => {
      this.workerConnected = true;
    });
    this.worker.on('failed', (job, error) => this.onError(error, job?.name ?? 'unknown'));
    this.worker.on('error', (error) => {
      this.workerConnected = false;
      this.onError(error, 'worker');
    });
  }
}
