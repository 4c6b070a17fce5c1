import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { ConfigModule, loadConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { LoggingModule, createLogger } from '@platform/logging';
import { JOB_QUEUE, type JobQueue, QueueModule, ShopJob, type ShopJobProcessor, ShopJobs, eachShopJobName } from '@platform/queue';
import { type RequestContext, SystemContexts } from '@platform/request';
import { ShopService, type ShopSnapshot } from '@platform/tenancy';
import { MIGRATIONS } from '../../../migrations/index.js';
import { cloneTestDatabase } from '../../support/test-database.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger('silent');

// What each processor saw: the context it ran with and its data.
interface Ran {
  job: string;
  shop: string;
  origin: string;
  surface: string;
  caller: { kind: string; appId: number | null; scopes: string[] };
  version: string;
  requestId: string;
  data: unknown;
}
const ran: Ran[] = [];
const record = (job: string, ctx: RequestContext, data: unknown) =>
  void ran.push({
    job,
    shop: ctx.shop.handle,
    origin: ctx.origin,
    surface: ctx.surface,
    caller: { kind: ctx.caller.kind, appId: 'appId' in ctx.caller ? ctx.caller.appId : null, scopes: [...ctx.caller.scopes].sort() },
    version: ctx.version,
    requestId: ctx.requestId,
    data,
  });

@Injectable()
@ShopJob('test.record')
class RecordJob implements ShopJobProcessor<{ n: number }> {
  async run(ctx: RequestContext, data: { n: number }): Promise<void> {
    record('record', ctx, data);
  }
}

@Injectable()
@ShopJob('test.sweep', { dailyAt: '03:00' })
class SweepJob implements ShopJobProcessor {
  async run(ctx: RequestContext): Promise<void> {
    record('sweep', ctx, undefined);
  }
}

async function bootQueue(databaseUrl: string, redisUrl: string | undefined, prefix: string, runsJobs = true): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(loadConfig({ DATABASE_URL: databaseUrl })),
      LoggingModule.forRoot(logger),
      DatabaseModule.forRoot({ url: databaseUrl, migrations: MIGRATIONS }),
      QueueModule.forRoot({ redisUrl, runsJobs, logger, prefix }),
    ],
    providers: [RecordJob, SweepJob],
  }).compile();
  return moduleRef.init();
}

describe.each([
  ['bullmq', REDIS_URL],
  ['postgres', undefined],
])('shop jobs on the %s queue', (kind, redisUrl) => {
  let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let moduleRef: TestingModule;
  let queue: JobQueue;
  let acme: ShopSnapshot;
  let globex: ShopSnapshot;
  const prefix = `test-shop-jobs-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    moduleRef = await bootQueue(database.url, redisUrl, prefix);
    queue = moduleRef.get(JOB_QUEUE);
    expect(queue.kind).toBe(kind);
    const shops = moduleRef.get(ShopService);
    acme = await shops.create({ handle: 'acme' });
    globex = await shops.create({ handle: 'globex' });
  });
  afterAll(async () => {
    await moduleRef.close();
    await database.drop();
  });
  beforeEach(() => {
    ran.length = 0;
  });

  it("runs a job as the request that enqueued it: its shop, app, scopes (never more), version, request id and origin", async () => {
    const request: RequestContext = {
      ...moduleRef.get(SystemContexts).forShop(acme, 'http://localhost:3000'),
      requestId: 'req-42',
      version: '2025-01',
      caller: { kind: 'admin', appId: 42, tokenId: 7, scopes: new Set(['read_products', 'write_customers']) },
    };
    await moduleRef.get(ShopJobs).enqueue(request, RecordJob, { n: 7 });
    await queue.drain();
    expect(ran).toEqual([
      {
        job: 'record',
        shop: 'acme',
        origin: 'http://localhost:3000',
        surface: 'system',
        caller: { kind: 'admin', appId: 42, scopes: ['read_products', 'write_customers'] },
        version: '2025-01',
        requestId: 'req-42',
        data: { n: 7 },
      },
    ]);
  });

  it("runs a daily job once for every shop, with the shop's own domain as origin", async () => {
    // What the schedule enqueues at 03:00 UTC, enqueued now.
    await queue.enqueue(eachShopJobName('test.sweep'), {});
    await queue.drain();
    // The platform's own work: a system caller on the shop's own domain, holding no API scope (never all of them).
    expect(ran.sort((a, b) => a.shop.localeCompare(b.shop)).map(({ job, shop, origin, caller }) => ({ job, shop, origin, kind: caller.kind, scopes: caller.scopes }))).toEqual([
      { job: 'sweep', shop: 'acme', origin: `https://${acme.domain}`, kind: 'system', scopes: [] },
      { job: 'sweep', shop: 'globex', origin: `https://${globex.domain}`, kind: 'system', scopes: [] },
    ]);
  });

  if (kind === 'bullmq') {
    it('keeps one schedule in Redis, at 03:00 UTC every day', async () => {
      const bull = new Queue('default', { connection: { url: redisUrl }, prefix });
      try {
        expect(await bull.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'test.sweep.each-shop', name: 'test.sweep.each-shop', pattern: '0 3 * * *', tz: 'UTC' })]);
      } finally {
        await bull.close();
      }
    });

    it('leaves jobs and schedules to the processes whose role runs jobs', async () => {
      const apiPrefix = `test-shop-jobs-${randomBytes(4).toString('hex')}`;
      const api = await bootQueue(database.url, redisUrl, apiPrefix, false);
      const bull = new Queue('default', { connection: { url: redisUrl }, prefix: apiPrefix });
      try {
        await api.get(ShopJobs).enqueue(api.get(SystemContexts).forShop(globex), RecordJob, { n: 1 });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(ran).toEqual([]);
        expect(await bull.getJobCounts('waiting')).toEqual({ waiting: 1 });
        expect(await bull.getJobSchedulers()).toEqual([]);
      } finally {
        await bull.obliterate({ force: true });
        await bull.close();
        await api.close();
      }
    });
  }
});
