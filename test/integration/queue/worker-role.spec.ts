import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import pg from 'pg';
import { loadConfig } from '@platform/config';
import { GraphqlDocuments } from '@platform/graphql';
import { createLogger } from '@platform/logging';
import { JOB_QUEUE, type JobQueue } from '@platform/queue';
import { REDIS_PREFIX } from '@platform/redis';
import { SystemContexts } from '@platform/request';
import { FILE_STORAGE, type FileStorage } from '@platform/storage';
import { Readable } from 'node:stream';
import { WorkerModule } from '../../../apps/worker/worker.module.js';
import { VERSION, adminQuery, send } from '../../support/http.js';
import { type TestApp, type TestShop, createTestApp } from '../../support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// A bucket that does not refill during the test, so both processes' charges add up exactly.
const LIMITS = { adminGraphql: { capacity: 1000, leakPerSecond: 0.0001 } };
const SHOP_AND_CUSTOMERS = '{ shop { name } customers(first: 5) { nodes { email } } }';

// Role api (serves, runs no jobs) and role worker (runs jobs, serves nothing) on one Postgres and one Redis: what a
// scaled-out installation runs.
describe('an api process and a worker process on one Postgres and Redis', () => {
  let api: TestApp;
  let worker: INestApplicationContext;
  let shop: TestShop;
  let db: pg.Client;
  let dataDir: string;

  beforeAll(async () => {
    // One data directory for both processes: the files the worker writes are the ones the api serves.
    dataDir = await mkdtemp(join(tmpdir(), 'platform-roles-'));
    api = await createTestApp({ PLATFORM_ROLE: 'api', REDIS_URL, DATA_DIR: dataDir }, LIMITS);
    const config = loadConfig({ DATABASE_URL: api.databaseUrl, REDIS_URL, PLATFORM_ROLE: 'worker', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    worker = await NestFactory.createApplicationContext(
      WorkerModule.forRoot({ config, databaseUrl: api.databaseUrl, logger: createLogger('silent'), redisPrefix: api.app.get(REDIS_PREFIX), limits: LIMITS }),
      { logger: false },
    );
    shop = await api.createShop('acme', { scopes: 'read_customers,write_customers' });
    db = new pg.Client({ connectionString: api.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await worker?.close();
    await api?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs each job the api enqueues once, in the worker', async () => {
    const apiQueue = api.app.get<JobQueue>(JOB_QUEUE);
    const workerQueue = worker.get<JobQueue>(JOB_QUEUE);
    expect([apiQueue.kind, apiQueue.runsJobs, workerQueue.kind, workerQueue.runsJobs]).toEqual(['bullmq', false, 'bullmq', true]);
    const emails = Array.from({ length: 8 }, (_, i) => `buyer-${i}@example.com`);
    await Promise.all(
      emails.map(async (email) => {
        const res = await send(api.app, {
          method: 'POST',
          url: `/admin/api/${VERSION}/customers.json`,
          host: shop.host,
          headers: { 'x-platform-access-token': shop.tokens.adminAccessToken },
          body: { customer: { email, password: 'correct-horse-1', password_confirmation: 'correct-horse-1' } },
        });
        expect(res.status).toBe(201);
      }),
    );
    await workerQueue.drain();
    // One welcome e-mail each (kept: no SMTP_URL), from one job each, every job completed on the first try.
    const rows = (await db.query<{ recipient: string; n: number }>("select recipient, count(*)::int as n from emails where template = 'customer_account_welcome' group by recipient order by recipient")).rows;
    expect(rows).toEqual([...emails].sort().map((recipient) => ({ recipient, n: 1 })));
    const completed = await workerQueue.list({ queue: 'mail', state: 'completed' });
    expect(completed).toHaveLength(8);
    expect(completed.every((job) => job.name === 'customers.send-email' && job.attemptsMade === 1)).toBe(true);
    expect(await workerQueue.list({ queue: 'mail', state: 'failed' })).toEqual([]);
  });

  it('runs an admin document in the worker as the app, with its scopes and no more', async () => {
    const documents = worker.get(GraphqlDocuments);
    const ctx = worker.get(SystemContexts).forJob(shop.shop, {
      requestId: 'bulk-1',
      version: VERSION,
      origin: `http://${shop.host}`,
      caller: { kind: 'admin', appId: shop.tokens.appId, tokenId: null, scopes: ['read_customers', 'write_customers'] },
    });
    const allowed = await documents.run(ctx, 'admin_graphql', SHOP_AND_CUSTOMERS);
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data).toMatchObject({ shop: { name: expect.any(String) }, customers: { nodes: expect.any(Array) } });

    // What the api answers the app's token for the same document: the worker is no wider.
    const query = '{ orders(first: 1) { nodes { id } } }';
    const refused = await documents.run(ctx, 'admin_graphql', query);
    expect(refused.errors).toEqual([expect.objectContaining({ path: ['orders'], extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }) })]);
    const overHttp = (await adminQuery(api.app, shop.host, shop.tokens.adminAccessToken, query)).body;
    expect({ data: refused.data, errors: refused.errors }).toEqual({ data: overHttp.data, errors: overHttp.errors });
  });

  it("charges the app's one cost bucket from both processes exactly", async () => {
    const ctx = worker.get(SystemContexts).forJob(shop.shop, {
      requestId: 'bulk-2',
      version: VERSION,
      origin: `http://${shop.host}`,
      caller: { kind: 'admin', appId: shop.tokens.appId, tokenId: null, scopes: ['read_customers'] },
    });
    const available = (body: { extensions?: Record<string, any> }) => body.extensions!.cost.throttleStatus.currentlyAvailable as number;
    const cost = (body: { extensions?: Record<string, any> }) => body.extensions!.cost.actualQueryCost as number;

    const first = (await adminQuery(api.app, shop.host, shop.tokens.adminAccessToken, SHOP_AND_CUSTOMERS)).body;
    const second = await worker.get(GraphqlDocuments).run(ctx, 'admin_graphql', SHOP_AND_CUSTOMERS);
    const third = (await adminQuery(api.app, shop.host, shop.tokens.adminAccessToken, SHOP_AND_CUSTOMERS)).body;
    expect(cost(second)).toBeGreaterThan(0);
    expect(available(second)).toBe(available(first) - cost(second));
    expect(available(third)).toBe(available(second) - cost(third));
  });

  it('writes files the api serves: one storage for both processes', async () => {
    const stored = await worker.get<FileStorage>(FILE_STORAGE).put({ shopId: shop.shop.id, access: 'public', folder: 'exports' }, Readable.from([Buffer.from('id,email\n')]), { contentType: 'text/csv' });
    const res = await send(api.app, { method: 'GET', url: `/files/${stored.key}`, host: shop.host });
    expect(res.status).toBe(200);
    expect(res.text).toBe('id,email\n');
  });
});
