import { randomBytes } from 'node:crypto';
import { SqlPool } from '@platform/database';
import { createLogger } from '@platform/logging';
import { type JobQueue, type QueueOverrides, createJobQueue } from '@platform/queue';
import { cloneTestDatabase } from '../../support/test-database.js';

const logger = createLogger('silent');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Short backoffs and timeouts, so retries and timeouts happen within a test.
const QUEUES: QueueOverrides = {
  default: { backoffMs: 50, maxBackoffMs: 100, timeoutMs: 5_000 },
  media: { concurrency: 2, backoffMs: 50, maxBackoffMs: 100, timeoutMs: 300 },
  mail: { concurrency: 1, backoffMs: 50, maxBackoffMs: 100 },
};

let database: { url: string; drop(): Promise<void> };
let sql: SqlPool;
beforeAll(async () => {
  database = await cloneTestDatabase();
  sql = SqlPool.open(database.url, 10);
});
afterAll(async () => {
  await sql.close();
  await database.drop();
});

type Make = (runsJobs?: boolean, prefix?: string) => JobQueue;
const bullmq: Make = (runsJobs = true, prefix = `test-queue-${randomBytes(4).toString('hex')}`) =>
  createJobQueue({ redisUrl: REDIS_URL, runsJobs, logger, prefix, queues: QUEUES });
const postgres: Make = (runsJobs = true) => createJobQueue({ runsJobs, logger, queues: QUEUES }, { sql, url: database.url });

// The same behaviour from both implementations: BullMQ on real Redis, the embedded durable queue on real Postgres.
describe.each([
  ['bullmq', bullmq],
  ['postgres', postgres],
] as const)('%s job queue', (kind, make) => {
  const open: JobQueue[] = [];
  const queue = (runsJobs = true, prefix?: string) => {
    const made = make(runsJobs, prefix);
    open.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((q) => q.close()));
    await sql.unscoped({ text: 'delete from jobs' }, []);
  });

  it(`is the ${kind} implementation`, () => {
    expect(queue().kind).toBe(kind);
  });

  it('runs enqueued jobs with their data, on the queue their handler was registered for', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.process<{ n: number }>('double', async (job) => void seen.push({ n: job.data.n * 2, queue: job.queue, attempt: job.attempt }), 'mail');
    await q.enqueue('double', { n: 2 });
    await q.enqueue('double', { n: 5 });
    await q.drain();
    expect(seen).toEqual(expect.arrayContaining([{ n: 4, queue: 'mail', attempt: 1 }, { n: 10, queue: 'mail', attempt: 1 }]));
    expect(seen).toHaveLength(2);
  });

  it('retries a failing job after a backoff until it succeeds', async () => {
    const q = queue();
    const tries: { attempt: number; at: number }[] = [];
    q.process('flaky', async (job) => {
      tries.push({ attempt: job.attempt, at: Date.now() });
      if (job.attempt < 3) throw new Error('try again');
    });
    await q.enqueue('flaky', {}, { attempts: 5 });
    await waitFor(() => tries.length === 3);
    await q.drain();
    expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
    expect(q.retries()).toMatchObject({ default: 2, mail: 0 });
    // The second retry waits at least half of the doubled backoff (retryDelay: 100 ms capped, half of it fixed).
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(45);
    expect(await q.list({ state: 'failed' })).toEqual([]);
  });

  it('drains only once every retry has run: a job between its backoff and its next try is still unfinished', async () => {
    const q = queue();
    const done = new Set<number>();
    q.process<{ n: number }>('bouncing', async (job) => {
      if (job.attempt < 3) throw new Error('try again');
      done.add(job.data.n);
    });
    for (let round = 0; round < 4; round++) {
      done.clear();
      for (let n = 0; n < 20; n++) await q.enqueue('bouncing', { n }, { attempts: 5 });
      await q.drain();
      expect(done.size).toBe(20);
    }
  });

  it('keeps a job whose every try failed as failed (the dead letter), lists it with its error, and retries it on demand', async () => {
    const q = queue();
    let fail = true;
    const tries: number[] = [];
    q.process('doomed', async (job) => {
      tries.push(job.attempt);
      if (fail) throw new Error('the remote said no');
    });
    const id = await q.enqueue('doomed', { x: 1 }, { attempts: 2 });
    await waitFor(async () => (await q.list({ state: 'failed' })).length === 1);
    expect(tries).toEqual([1, 2]);
    const [dead] = await q.list({ queue: 'default', state: 'failed' });
    expect(dead).toMatchObject({ id, queue: 'default', name: 'doomed', state: 'failed', attemptsMade: 2, maxAttempts: 2, lastError: 'the remote said no' });
    expect(await q.list({ queue: 'mail', state: 'failed' })).toEqual([]);

    fail = false;
    expect(await q.retry(id)).toBe(true);
    await waitFor(() => tries.length === 3);
    await q.drain();
    expect(tries).toEqual([1, 2, 1]);
    expect(await q.list({ state: 'failed' })).toEqual([]);
    expect(await q.retry(id)).toBe(false); // no longer failed
    expect(await q.retry('no-such-job')).toBe(false);
  });

  it('retries every failed job of a queue at once', async () => {
    const q = queue();
    let fail = true;
    const done: number[] = [];
    q.process<{ n: number }>('batch', async (job) => {
      if (fail) throw new Error('down');
      done.push(job.data.n);
    });
    for (const n of [1, 2, 3]) await q.enqueue('batch', { n }, { attempts: 1 });
    await waitFor(async () => (await q.list({ state: 'failed' })).length === 3);
    fail = false;
    expect(await q.retryFailed('default')).toBe(3);
    await waitFor(() => done.length === 3);
    expect(done.sort()).toEqual([1, 2, 3]);
  });

  it('runs a delayed job no sooner than its delay', async () => {
    const q = queue();
    let ranAt = 0;
    q.process('later', async () => void (ranAt = Date.now()));
    const enqueuedAt = Date.now();
    await q.enqueue('later', {}, { delayMs: 400 });
    expect((await q.list({ state: 'delayed' })).map((j) => j.name)).toEqual(['later']);
    await waitFor(() => ranAt > 0);
    expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(390);
  });

  it("stops a try at its queue's timeout, aborting the job's signal, and retries it", async () => {
    const q = queue();
    const aborted: string[] = [];
    const tries: number[] = [];
    q.process(
      'slow',
      async (job) => {
        tries.push(job.attempt);
        if (job.attempt === 1) {
          await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
          aborted.push(String(job.signal.reason));
        }
      },
      'media',
    );
    await q.enqueue('slow', {});
    await waitFor(() => tries.length === 2);
    await q.drain();
    expect(aborted).toEqual([expect.stringContaining("ran longer than its queue's 300 ms")]);
  });

  it("runs at most a queue's concurrency at once in a process, and other queues beside it", async () => {
    const q = queue();
    let running = 0;
    let most = 0;
    const mailRan: number[] = [];
    q.process(
      'busy',
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 60));
        running--;
      },
      'media',
    );
    q.process('note', async () => void mailRan.push(running), 'mail');
    for (let i = 0; i < 6; i++) await q.enqueue('busy', {});
    await q.enqueue('note', {});
    await q.drain();
    expect(most).toBe(2);
    expect(mailRan).toHaveLength(1);
  });

  it('enqueues a job id once', async () => {
    const q = queue();
    let runs = 0;
    q.process('once', async () => void runs++);
    await q.enqueue('once', {}, { jobId: 'same' });
    await q.enqueue('once', {}, { jobId: 'same' });
    await q.drain();
    expect(runs).toBe(1);
  });

  it('drains what was enqueued without waiting for the next run of a schedule', async () => {
    const q = queue();
    let runs = 0;
    q.process('now', async () => void runs++);
    await q.schedule('later', { hour: 3, minute: 0 });
    await q.enqueue('now', {});
    await q.drain();
    expect(runs).toBe(1);
  });

  it('leaves jobs to a process whose role runs them', async () => {
    const prefix = `test-queue-${randomBytes(4).toString('hex')}`;
    const api = queue(false, prefix);
    const ranIn: string[] = [];
    api.process('hello', async () => void ranIn.push('api'));
    await api.enqueue('hello', {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ranIn).toEqual([]);
    expect((await api.list({ state: 'waiting' })).map((j) => j.name)).toEqual(['hello']);
    const worker = queue(true, prefix);
    worker.process('hello', async () => void ranIn.push('worker'));
    await waitFor(() => ranIn.length === 1);
    expect(ranIn).toEqual(['worker']);
  });
});

describe('a daily schedule on the embedded queue', () => {
  afterEach(async () => {
    jest.useRealTimers();
    await sql.unscoped({ text: 'delete from jobs' }, []);
  });

  it('enqueues its job at the time, once a day', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T02:59:59Z'), doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'setInterval'] });
    const q = postgres(false);
    try {
      await q.schedule('daily', { hour: 3, minute: 0 });
      expect(await q.list()).toEqual([]);
      // A process that runs no jobs keeps no schedule: the one that runs them enqueues.
      const runner = postgres(true);
      runner.process('daily', async () => undefined);
      await runner.schedule('daily', { hour: 3, minute: 0 });
      jest.advanceTimersByTime(1_000);
      await waitFor(async () => (await q.list()).length === 1, 5_000, true);
      expect((await q.list()).map((j) => [j.name, j.id])).toEqual([['daily', 'daily@2026-11-24']]);
      await runner.close();
    } finally {
      await q.close();
    }
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000, realTimers = false): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => (realTimers ? setImmediate(resolve) : setTimeout(resolve, 20)));
  }
}
