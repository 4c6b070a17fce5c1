import { Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ConfigModule, loadConfig } from '@platform/config';
import { DatabaseModule, SqlPool } from '@platform/database';
import { LoggingModule, createLogger } from '@platform/logging';
import { QueueModule, ShopJob, type ShopJobProcessor, ShopJobs } from '@platform/queue';
import { REDIS_PREFIX, RedisModule, installationRedisPrefix } from '@platform/redis';
import { type RequestContext, SystemContexts } from '@platform/request';
import { ShopService, type ShopSnapshot } from '@platform/tenancy';
import { ThrottleModule, ThrottleService } from '@platform/throttling';
import { MIGRATIONS } from '../../../migrations/index.js';
import { cloneTestDatabase } from '../../support/test-database.js';

// Two installations (two databases) on one Redis, each with the default key prefix, as `npm start` and
// `npm run worker` boot them: neither may take the other's jobs or share its throttle buckets.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger('silent');

const ran: { installation: string; shop: string; n: number }[] = [];

@Injectable()
@ShopJob('test.installation-record')
class RecordJob implements ShopJobProcessor<{ n: number }> {
  constructor(private readonly sql: SqlPool) {}

  async run(ctx: RequestContext, data: { n: number }): Promise<void> {
    const [row] = await this.sql.rows<{ name: string }>(ctx, { text: 'SELECT current_database() AS name' }, []);
    ran.push({ installation: row!.name, shop: ctx.shop.handle, n: data.n });
  }
}

/** One process of an installation: the database, Redis, the queue and the buckets, with no prefix given. */
async function bootProcess(databaseUrl: string, runsJobs: boolean): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(loadConfig({ DATABASE_URL: databaseUrl, REDIS_URL })),
      LoggingModule.forRoot(logger),
      DatabaseModule.forRoot({ url: databaseUrl, migrations: MIGRATIONS, poolSize: 2 }),
      RedisModule.forRoot(REDIS_URL),
      QueueModule.forRoot({ redisUrl: REDIS_URL, runsJobs, logger }),
      ThrottleModule.forRoot(),
    ],
    providers: [RecordJob],
  }).compile();
  return moduleRef.init();
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the default Redis prefix is per installation', () => {
  let a: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let b: Awaited<ReturnType<typeof cloneTestDatabase>>;
  let workerA: TestingModule;
  let apiB: TestingModule;
  let shopB: ShopSnapshot;
  let redis: Redis;
  const prefixes = new Set<string>();

  beforeAll(async () => {
    [a, b] = await Promise.all([cloneTestDatabase(), cloneTestDatabase()]);
    redis = new Redis(REDIS_URL);
    workerA = await bootProcess(a.url, true);
    apiB = await bootProcess(b.url, false);
    prefixes.add(workerA.get(REDIS_PREFIX)).add(apiB.get(REDIS_PREFIX));
    shopB = await apiB.get(ShopService).create({ handle: 'acme' });
  });

  afterAll(async () => {
    await workerA?.close();
    await apiB?.close();
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}:*`); // test-only: a handful of keys
      if (keys.length > 0) await redis.del(...keys);
    }
    redis.disconnect();
    await Promise.all([a?.drop(), b?.drop()]);
  });

  beforeEach(() => {
    ran.length = 0;
  });

  it('is platform:<12 hex> of the database, the same from another host name, and another for another database', async () => {
    const prefixA = workerA.get(REDIS_PREFIX);
    const prefixB = apiB.get(REDIS_PREFIX);
    expect(prefixA).toMatch(/^platform:[0-9a-f]{12}$/);
    expect(prefixB).toMatch(/^platform:[0-9a-f]{12}$/);
    expect(prefixB).not.toBe(prefixA);

    // Another process of installation A, reaching the same server by another name: the same prefix.
    const url = new URL(a.url);
    url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const sql = SqlPool.open(url.toString(), 1);
    try {
      expect(await installationRedisPrefix(sql)).toBe(prefixA);
    } finally {
      await sql.close();
    }
  });

  it("never runs a job of installation B on A's worker; B's worker runs it", async () => {
    await apiB.get(ShopJobs).enqueue(apiB.get(SystemContexts).forShop(shopB), RecordJob, { n: 1 });
    const bull = new Queue('default', { connection: { url: REDIS_URL }, prefix: apiB.get(REDIS_PREFIX) });
    try {
      await sleep(500);
      expect(ran).toEqual([]);
      expect(await bull.getJobCounts('waiting')).toEqual({ waiting: 1 });
    } finally {
      await bull.close();
    }

    // B's own worker, booted the same way (its own connection to B), finds the job under the same prefix.
    const workerB = await bootProcess(b.url, true);
    try {
      expect(workerB.get(REDIS_PREFIX)).toBe(apiB.get(REDIS_PREFIX));
      for (let waited = 0; ran.length === 0 && waited < 10_000; waited += 25) await sleep(25);
      expect(ran).toEqual([{ installation: databaseName(b.url), shop: 'acme', n: 1 }]);
    } finally {
      await workerB.close();
    }
  });

  it("keeps each installation's throttle buckets under its own prefix", async () => {
    await apiB.get(ThrottleService).restRequest(apiB.get(SystemContexts).forShop(shopB));
    expect(await redis.keys(`${apiB.get(REDIS_PREFIX)}:throttle:*`)).toEqual([expect.stringMatching(/:throttle:rest:/)]);
    expect(await redis.keys(`${workerA.get(REDIS_PREFIX)}:throttle:*`)).toEqual([]);
  });
});
