import pg from 'pg';
import { ManualClock } from '@platform/clock';
import { SqlPool, preparedSql } from '@platform/database';
import { MikroORM } from '@mikro-orm/postgresql';
import { HealthProbe } from '@platform/health';
import { JOB_QUEUE } from '@platform/queue';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { send } from '../../support/http.js';
import { sqlDuring } from '../../support/sql.js';

describe('GET /healthz with real Postgres and Redis', () => {
  let t: TestApp;
  // How old the last check is, on a clock the test moves: "within a second" and "a second old" are exact.
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, undefined, { clock });
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

  it('answers /livez 200 while the process is up, and /readyz 200 with Postgres, Redis and the migrations applied', async () => {
    const live = await send(t.app, { url: '/livez', host: 'unknown.example' });
    expect({ status: live.status, body: live.body }).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await send(t.app, { url: '/readyz?probe=1', host: 'localhost' });
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 200,
      body: { status: 'ready', postgres: 'ok', redis: 'ok', migrations: 'applied', draining: false },
    });
    expect((await send(t.app, { method: 'HEAD', url: '/readyz', host: 'localhost' })).status).toBe(200);
    expect((await send(t.app, { method: 'POST', url: '/livez', host: 'localhost', body: {} })).status).toBe(404);
    expect((await send(t.app, { url: '/readyzz', host: 'localhost' })).status).toBe(404);
  });

  it('answers /readyz 503 with the migrations pending until they are applied', async () => {
    const db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    // A new process on a database its migrations have not reached: the last one's row gone.
    const { rows } = await db.query('delete from mikro_orm_migrations where id = (select max(id) from mikro_orm_migrations) returning name');
    try {
      const fresh = new (HealthProbe as unknown as new (...args: unknown[]) => HealthProbe)(t.app.get(MikroORM), t.app.get(SqlPool), null, t.app.get(JOB_QUEUE), clock);
      const pending = await fresh.readiness();
      expect(pending).toEqual({ httpStatus: 503, body: { status: 'not ready', postgres: 'ok', redis: 'in-process', migrations: 'pending', draining: false } });
    } finally {
      await db.query('insert into mikro_orm_migrations (name, executed_at) values ($1, now())', [rows[0].name]);
      await db.end();
    }
  });

  it('answers /readyz 503 once the process stops, while /livez stays 200', async () => {
    const probe = new (HealthProbe as unknown as new (...args: unknown[]) => HealthProbe)(t.app.get(MikroORM), t.app.get(SqlPool), null, t.app.get(JOB_QUEUE), clock);
    expect((await probe.readiness()).httpStatus).toBe(200);
    probe.drain();
    expect(await probe.readiness()).toEqual({ httpStatus: 503, body: { status: 'not ready', postgres: 'ok', redis: 'in-process', migrations: 'applied', draining: true } });
  });

  // A check made now (a report dated far back is never served): the tests below start from a fresh one.
  const freshCheck = () => t.app.get(HealthProbe).report(clock.now() + 60_000);

  it('answers probes within a second of each other from one check: no statement, no pool connection', async () => {
    await freshCheck();
    const { result, statements } = await sqlDuring(() => Promise.all([1, 2, 3].map(() => send(t.app, { url: '/healthz', host: 'localhost' }))));
    expect(result.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(statements).toEqual([]);
  });

  // What a flood of requests does to the pool: every connection busy. A probe must not queue behind them: it gets
  // the last check's answer while a new check waits for a connection. The pool's statements wait on a lock the test
  // holds, so no connection frees until the test says so: the answer cannot have come from the pool.
  it('answers at once while every connection of the pool is busy', async () => {
    await freshCheck();
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock(4242)');
      const sql = t.app.get(SqlPool);
      // More statements than the pool has connections (20): every one busy, the rest queued.
      const busy = Array.from({ length: 30 }, () => sql.unscoped(preparedSql('select pg_advisory_xact_lock(4242)'), []));
      const settled = Promise.allSettled(busy);
      let released = false;
      void settled.then(() => (released = true));
      await until(async () => (await lockWaiters(holder)) >= 20);
      clock.advance(1_000); // the last check is a second old: a new one starts, and waits for a connection
      const res = await send(t.app, { url: '/healthz', host: 'localhost' });
      expect(res.body).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok', queue: 'bullmq' });
      expect(released).toBe(false);
      await holder.query('select pg_advisory_unlock(4242)');
      expect((await settled).map((r) => r.status)).toEqual(Array(30).fill('fulfilled'));
    } finally {
      await holder.end();
    }
  });
});

// Backends of this database waiting on an advisory lock.
async function lockWaiters(client: pg.Client): Promise<number> {
  const { rows } = await client.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'advisory'`);
  return rows[0].n;
}

// Waits for Postgres to show what the test set going (bounded, polled: the statements travel over sockets).
async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

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
