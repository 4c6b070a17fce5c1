import { type BeforeApplicationShutdown, type DynamicModule, Global, Inject, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { CLOCK, type Clock } from '@platform/clock';
import { SqlPool } from '@platform/database';
import type { Logger } from '@platform/logging';
import { REDIS_PREFIX } from '@platform/redis';
import { SystemContextModule } from '@platform/request';
import { TenancyModule } from '@platform/tenancy';
import { BullmqJobQueue } from './bullmq.job-queue.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.js';
import { PostgresJobQueue } from './postgres.job-queue.js';
import { type QueueOverrides, queueSpecs } from './queues.js';
import { ShopJobs } from './shop-jobs.js';

export interface QueueModuleOptions {
  redisUrl?: string;
  /** Whether this process executes jobs (roles `all` and `worker`). */
  runsJobs: boolean;
  logger: Logger;
  /**
   * Key prefix in Redis; required with `redisUrl`. QueueModule.forRoot takes RedisModule's (REDIS_PREFIX, the
   * installation's own) when it is not given; tests give each file its own.
   */
  prefix?: string;
  /** BULK_CONCURRENCY: bulk operations one process runs at once. */
  bulkConcurrency?: number;
  /** Queue settings to replace (tests shorten backoffs). */
  queues?: QueueOverrides;
}

/** Where the embedded mode's queue keeps its jobs (QueueModule takes the app's database), and the process' clock. */
export interface JobDatabase {
  sql: SqlPool;
  url: string;
  clock?: Clock;
}

/** Picks the queue implementation once per process: BullMQ with Redis, else the durable queue in `database`. */
export function createJobQueue(options: QueueModuleOptions, database?: JobDatabase): JobQueue {
  const specs = queueSpecs({ bulkConcurrency: options.bulkConcurrency, overrides: options.queues });
  const onError = (err: unknown, job: string) => options.logger.error({ err, job }, 'job failed');
  if (!options.redisUrl) {
    if (!database) throw new Error('The embedded job queue keeps its jobs in the database: pass it');
    return new PostgresJobQueue({ sql: database.sql, databaseUrl: database.url, runsJobs: options.runsJobs, specs, onError, clock: database.clock });
  }
  // A shared default would let installations on other databases take each other's jobs.
  if (!options.prefix) throw new Error('A job queue on Redis needs the installation\'s key prefix');
  const url = new URL(options.redisUrl);
  const connection = {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password || undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
  return new BullmqJobQueue(connection, options.runsJobs, options.prefix, onError, specs);
}

@Global()
@Module({})
export class QueueModule implements BeforeApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  static forRoot(options: QueueModuleOptions): DynamicModule {
    return {
      module: QueueModule,
      imports: [DiscoveryModule, TenancyModule, SystemContextModule],
      providers: [
        {
          provide: JOB_QUEUE,
          inject: [SqlPool, MikroORM, { token: REDIS_PREFIX, optional: true }, { token: CLOCK, optional: true }],
          useFactory: (sql: SqlPool, orm: MikroORM, redisPrefix?: string | null, clock?: Clock) =>
            createJobQueue({ ...options, prefix: options.prefix ?? redisPrefix ?? undefined }, { sql, url: orm.config.get('clientUrl')!, clock }),
        },
        ShopJobs,
      ],
      exports: [JOB_QUEUE, ShopJobs],
    };
  }

  // Before any module's shutdown: running jobs finish while the database and Redis are still open. A job that
  // reached for a connection as the ORM closed its pool held that connection forever, and the pool's end with it.
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
