import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { cliRunner } from '../../support/cli.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// `jobs:list` and `jobs:retry` on the embedded queue (the jobs of the database the CLI opens); the BullMQ queue's
// list and retry are the job queue's own tests.
describe('platform CLI: jobs:list and jobs:retry', () => {
  let t: TestApp;
  let queue: JobQueue;
  let env: NodeJS.ProcessEnv;
  let failing = true;
  const ran: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined });
    queue = t.app.get<JobQueue>(JOB_QUEUE);
    queue.process<{ n: number }>('test.remote-call', async (job) => {
      if (failing) throw new Error(`remote refused call ${job.data.n}`);
      ran.push(job.data.n);
    });
    env = { DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' };
    for (const n of [1, 2, 3]) await queue.enqueue('test.remote-call', { n }, { jobId: `call-${n}`, attempts: 1 });
    await queue.drain();
  });
  afterAll(() => t?.close());

  const cli = cliRunner(() => env);

  it('lists the dead letter with each job’s last error, as one JSON line, and as text', async () => {
    const res = await cli('jobs:list', '--queue', 'default', '--state', 'failed', '--json');
    expect(res.code).toBe(0);
    expect(res.out).toHaveLength(1);
    expect(res.json.ok).toBe(true);
    expect(res.json.jobs.map((j: { id: string }) => j.id).sort()).toEqual(['call-1', 'call-2', 'call-3']);
    expect(res.json.jobs[0]).toEqual({
      id: expect.stringMatching(/^call-\d$/),
      queue: 'default',
      name: 'test.remote-call',
      state: 'failed',
      attemptsMade: 1,
      maxAttempts: 1,
      runAt: null,
      lastError: expect.stringMatching(/^remote refused call \d$/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const text = await cli('jobs:list', '--state', 'failed');
    expect(text.out.join('\n')).toContain('call-1  default  test.remote-call  failed  tries 1/1');
    expect(text.out.join('\n')).toContain('last error: remote refused call 1');
    expect((await cli('jobs:list', '--queue', 'mail', '--state', 'failed', '--json')).json).toEqual({ ok: true, jobs: [] });
  });

  it('retries one failed job, then every failed job of a queue; they run again', async () => {
    failing = false;
    const one = await cli('jobs:retry', '--job', 'call-2', '--json');
    expect(one).toMatchObject({ code: 0, json: { ok: true, retried: 1, job: 'call-2' } });
    await waitFor(() => ran.includes(2));
    const rest = await cli('jobs:retry', '--queue', 'default', '--failed', '--json');
    expect(rest).toMatchObject({ code: 0, json: { ok: true, retried: 2, queue: 'default' } });
    await waitFor(() => ran.length === 3);
    expect(ran.sort()).toEqual([1, 2, 3]);
    await queue.drain();
    expect((await cli('jobs:list', '--state', 'failed', '--json')).json.jobs).toEqual([]);
    expect((await cli('jobs:list', '--state', 'completed', '--json')).json.jobs).toHaveLength(3);
  });

  it('refuses what it cannot do with a coded error and exit code 1', async () => {
    const cases: [string[], string, string][] = [
      [['jobs:retry', '--job', 'no-such-job'], 'NOT_FOUND', 'No failed job has the id no-such-job'],
      [['jobs:retry', '--job', 'call-1', '--queue', 'default', '--failed'], 'BAD_REQUEST', 'Give --job ID, or --queue Q --failed, not both'],
      [['jobs:retry', '--queue', 'default'], 'BAD_REQUEST', 'jobs:retry needs --job ID, or --queue Q --failed'],
      [['jobs:retry'], 'BAD_REQUEST', 'jobs:retry needs --job ID, or --queue Q --failed'],
      [['jobs:list', '--queue', 'nope'], 'BAD_REQUEST', '--queue must be one of default, mail, media, bulk, webhooks'],
      [['jobs:list', '--state', 'lost'], 'BAD_REQUEST', '--state must be one of waiting, delayed, running, completed, failed'],
      [['jobs:list', '--limit', '0'], 'BAD_REQUEST', '--limit must be between 1 and 1000'],
    ];
    for (const [argv, code, message] of cases) {
      const res = await cli(...argv, '--json');
      expect({ argv, code: res.code, json: res.json }).toEqual({ argv, code: 1, json: { ok: false, error: expect.objectContaining({ code, message }) } });
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
