import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { SqlPool } from '@platform/database';
import { createLogger } from '@platform/logging';
import { type JobQueue, createJobQueue, queueSpecs } from '@platform/queue';

/** Jobs per second of one queue kind, enqueueing and running `jobs` no-op jobs. */
export interface QueueThroughput {
  queue: 'bullmq-bare' | 'bullmq' | 'postgres';
  jobs: number;
  seconds: number;
  jobsPerSecond: number;
  /** To BullMQ used bare (the same Redis, concurrency and job options). */
  ratio: number;
}

// Enqueued this many at a time, as requests of many clients would.
const IN_FLIGHT = 100;
const JOB_NAME = 'bench.noop';

/**
 * The platform's queues against BullMQ used bare: `jobs` no-op jobs enqueued (IN_FLIGHT at a time) and run at the
 * default queue's concurrency, from the first enqueue to the last job done. The embedded queue (Postgres) is
 * measured the same way on the bench's database.
 */
export async function measureQueues(databaseUrl: string, redisUrl: string, jobs: number): Promise<QueueThroughput[]> {
  const bare = await timed(jobs, (done) => bareBullmq(redisUrl, jobs, done));
  const logger = createLogger('silent');
  const prefix = `bench-queue-${randomBytes(4).toString('hex')}`;
  const bullmq = await timed(jobs, (done) => platformQueue(createJobQueue({ redisUrl, runsJobs: true, logger, prefix }), jobs, done));
  const sql = SqlPool.open(databaseUrl, 10);
  let postgres: number;
  try {
    postgres = await timed(jobs, (done) => platformQueue(createJobQueue({ runsJobs: true, logger }, { sql, url: databaseUrl }), jobs, done));
  } finally {
    await sql.close();
  }
  const row = (queue: QueueThroughput['queue'], seconds: number): QueueThroughput => ({
    queue,
    jobs,
    seconds: round(seconds),
    jobsPerSecond: Math.round(jobs / seconds),
    ratio: round(bare / seconds),
  });
  return [row('bullmq-bare', bare), row('bullmq', bullmq), row('postgres', postgres)];
}

// Seconds from the start of `run` to the `jobs`-th done; `run` returns its cleanup.
async function timed(jobs: number, run: (done: () => void) => Promise<() => Promise<void>>): Promise<number> {
  let count = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const started = process.hrtime.bigint();
  const close = await run(() => {
    if (++count === jobs) finish();
  });
  try {
    await finished;
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    await close();
  }
}

async function bareBullmq(redisUrl: string, jobs: number, done: () => void): Promise<() => Promise<void>> {
  const url = new URL(redisUrl);
  const connection = { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
  const prefix = `bench-bare-${randomBytes(4).toString('hex')}`;
  const spec = queueSpecs().default;
  const queue = new Queue('bare', { connection, prefix });
  const worker = new Worker('bare', async () => done(), { connection, prefix, concurrency: spec.concurrency });
  await enqueueAll(jobs, () => queue.add(JOB_NAME, {}, { attempts: spec.attempts, removeOnComplete: { count: 1000, age: 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } }));
  return async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
  };
}

async function platformQueue(queue: JobQueue, jobs: number, done: () => void): Promise<() => Promise<void>> {
  queue.process(JOB_NAME, async () => done());
  await enqueueAll(jobs, () => queue.enqueue(JOB_NAME, {}));
  return () => queue.close();
}

async function enqueueAll(jobs: number, enqueue: () => Promise<unknown>): Promise<void> {
  for (let sent = 0; sent < jobs; sent += IN_FLIGHT) {
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, jobs - sent) }, enqueue));
  }
}

/** The queues' lines of the report. */
export function formatQueues(queues: QueueThroughput[]): string {
  const lines = [`Job queues: ${queues[0]?.jobs ?? 0} no-op jobs enqueued ${IN_FLIGHT} at a time and run, first enqueue to last done:`];
  for (const q of queues) lines.push(`  ${q.queue.padEnd(12)} ${String(q.jobsPerSecond).padStart(6)} jobs/s  ${q.ratio.toFixed(2)} x BullMQ bare  (${q.seconds} s)`);
  return lines.join('\n');
}

const round = (n: number) => Math.round(n * 100) / 100;
