import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { type JobQueue, createJobQueue } from '@platform/queue';
import { createLogger } from '@platform/logging';

const logger = createLogger('silent');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// The same behaviour from both implementations: BullMQ on real Redis and the embedded in-process runner.
describe.each([
  ['bullmq', () => createJobQueue({ redisUrl: REDIS_URL, runsJobs: true, logger, prefix: `test-queue-${randomBytes(4).toString('hex')}` })],
  ['in-process', () => createJobQueue({ runsJobs: true, logger })],
])('%s job queue', (kind, make) => {
  let queue: JobQueue;
  beforeEach(() => {
    queue = make();
  });
  afterEach(() => queue.close());

  it(`is the ${kind} implementation`, () => {
    expect(queue.kind).toBe(kind);
  });

  it('runs enqueued jobs with their data', async () => {
    const seen: unknown[] = [];
    queue.process<{ n: number }>('double', async (job) => {
      seen.push(job.data.n * 2);
    });
    await queue.enqueue('double', { n: 2 });
    await queue.enqueue('double', { n: 5 });
    await queue.drain();
    expect(seen.sort()).toEqual([10, 4]);
  });

  it('retries a failing job until it succeeds', async () => {
    const attempts: number[] = [];
    queue.process('flaky', async (job) => {
      attempts.push(job.attempt);
      if (job.attempt < 2) throw new Error('try again');
    });
    await queue.enqueue('flaky', {}, { attempts: 3 });
    await waitFor(() => attempts.length === 2);
    expect(attempts).toEqual([1, 2]);
  });

  it('drains what was enqueued without waiting for the next run of a schedule', async () => {
    let runs = 0;
    queue.process('now', async () => {
      runs++;
    });
    await queue.schedule('later', { hour: 3, minute: 0 });
    await queue.enqueue('now', {});
    await queue.drain();
    expect(runs).toBe(1);
  });

  it('enqueues a job id once', async () => {
    let runs = 0;
    queue.process('once', async () => {
      runs++;
    });
    await queue.enqueue('once', {}, { jobId: 'same' });
    await queue.enqueue('once', {}, { jobId: 'same' });
    await queue.drain();
    expect(runs).toBe(1);
  });
});

describe('a process that does not run jobs (role api)', () => {
  it('leaves BullMQ jobs for a worker process', async () => {
    const prefix = `test-queue-${randomBytes(4).toString('hex')}`;
    const api = createJobQueue({ redisUrl: REDIS_URL, runsJobs: false, logger, prefix });
    const worker = createJobQueue({ redisUrl: REDIS_URL, runsJobs: true, logger, prefix });
    const ranIn: string[] = [];
    api.process('hello', async () => void ranIn.push('api'));
    worker.process('hello', async () => void ranIn.push('worker'));
    try {
      await api.enqueue('hello', {});
      await waitFor(() => ranIn.length === 1);
      expect(ranIn).toEqual(['worker']);
    } finally {
      await api.close();
      await worker.close();
    }
  });
});

describe('a daily schedule on the in-process runner', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('enqueues its job at the time, then every day', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T02:59:59Z'), doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const queue = createJobQueue({ runsJobs: true, logger });
    const runs: string[] = [];
    queue.process('daily', async () => void runs.push(new Date().toISOString()));
    try {
      await queue.schedule('daily', { hour: 3, minute: 0 });
      jest.advanceTimersByTime(999);
      await queue.drain();
      expect(runs).toEqual([]);
      jest.advanceTimersByTime(1);
      await queue.drain();
      jest.advanceTimersByTime(24 * 3_600_000);
      await queue.drain();
      expect(runs).toEqual(['2026-11-24T03:00:00.000Z', '2026-11-25T03:00:00.000Z']);
    } finally {
      await queue.close();
    }
  });

  it('keeps no timer where the role runs no jobs', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T02:59:59Z'), doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const queue = createJobQueue({ runsJobs: false, logger });
    try {
      await queue.schedule('daily', { hour: 3, minute: 0 });
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      await queue.close();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
