import { randomUUID } from 'node:crypto';
import { type DailyTime, msUntil } from './daily-time.js';
import type { EnqueueOptions, Job, JobHandler, JobQueue } from './job-queue.js';

type ErrorReporter = (error: unknown, job: Job) => void;

/** Single-instance runner for embedded mode: jobs run on this process's event loop, with retries. */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly running = new Set<Promise<void>>();
  private readonly seen = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    readonly runsJobs: boolean,
    private readonly onError: ErrorReporter = () => undefined,
  ) {}

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    if (this.closed) throw new Error('Queue is closed');
    const id = options.jobId ?? randomUUID();
    if (this.seen.has(id)) return id;
    this.seen.add(id);
    const job: Job = { id, name, data: structuredClone(data), attempt: 0 };
    const run = this.run(job, options.attempts ?? 3).finally(() => this.running.delete(run));
    this.running.add(run);
    return id;
  }

  process<T>(name: string, handler: JobHandler<T>): void {
    this.handlers.set(name, handler as JobHandler);
  }

  async schedule(name: string, at: DailyTime): Promise<void> {
    if (!this.runsJobs || this.closed) return;
    clearTimeout(this.timers.get(name));
    const timer = setTimeout(() => {
      void this.enqueue(name, {}).catch(() => undefined);
      void this.schedule(name, at);
    }, msUntil(at, new Date()));
    // A pending schedule must not keep a finished process (the CLI, a test) alive.
    timer.unref();
    this.timers.set(name, timer);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    await this.drain();
  }

  private async run(job: Job, attempts: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const handler = this.runsJobs ? this.handlers.get(job.name) : undefined;
    if (!handler) return this.onError(new Error(`No processor for job ${job.name}`), job);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        await handler({ ...job, attempt });
        return;
      } catch (error) {
        if (attempt === attempts) this.onError(error, job);
      }
    }
  }
}
