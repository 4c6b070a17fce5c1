import { type TestApp, createTestApp } from '../../support/test-app.js';
import { send } from '../../support/http.js';

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
