import { SqlPool, preparedSql } from '@platform/database';
import { HealthProbe } from '@platform/health';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { send } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';

describe('GET /healthz with real Postgres and Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
  });
  afterAll(() => t.close());

  it('answers 200 with the status of each dependency, for any host', async () => {
    const res = await send(t.app, { url: '/healthz', host: 'unknown.example' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok', queue: 'bullmq' });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers HEAD and a query string the same way, and leaves other methods to the 404', async () => {
    expect((await send(t.app, { method: 'HEAD', url: '/healthz', host: 'localhost' })).status).toBe(200);
    expect((await send(t.app, { url: '/healthz?probe=1', host: 'localhost' })).body).toMatchObject({ status: 'ok' });
    expect((await send(t.app, { method: 'POST', url: '/healthz', host: 'localhost', body: {} })).status).toBe(404);
    expect((await send(t.app, { url: '/healthzz', host: 'localhost' })).status).toBe(404);
  });

  // A check made now (a report dated far back is never served): the tests below start from a fresh one.
  const freshCheck = () => t.app.get(HealthProbe).report(Date.now() + 60_000);

  it('answers probes within a second of each other from one check: no statement, no pool connection', async () => {
    await freshCheck();
    const { result, statements } = await sqlDuring(() => Promise.all([1, 2, 3].map(() => send(t.app, { url: '/healthz', host: 'localhost' }))));
    expect(result.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(statements).toEqual([]);
  });

  // What a flood of requests does to the pool: every connection busy. A probe must not queue behind them: it gets
  // the last check's answer while a new check waits for a connection.
  it('answers at once while every connection of the pool is busy', async () => {
    await freshCheck();
    const sql = t.app.get(SqlPool);
    const busy = Array.from({ length: 30 }, () => sql.unscoped(preparedSql('select pg_sleep(2)'), []));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const started = Date.now();
    const res = await send(t.app, { url: '/healthz', host: 'localhost' });
    expect(Date.now() - started).toBeLessThan(300);
    expect(res.body).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok', queue: 'bullmq' });
    await Promise.all(busy);
  });
});

describe('GET /healthz when Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port: every Redis call must fail fast, not hang.
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6390' });
  });
  afterAll(() => t.close());

  it('still answers, within a bounded time, with redis down', async () => {
    const started = Date.now();
    const res = await send(t.app, { url: '/healthz', host: 'localhost' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'degraded', postgres: 'ok', redis: 'down' });
  });
});
