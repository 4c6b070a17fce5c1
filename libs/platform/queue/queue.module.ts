import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Logger } from '@platform/logging';
import { SystemContextModule } from '@platform/request';
import { TenancyModule } from '@platform/tenancy';
import { BullmqJobQueue } from './bullmq.job-queue.js';
import { InProcessJobQueue } from './in-process.job-queue.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.js';
import { ShopJobs } from './shop-jobs.js';

export interface QueueModuleOptions {
  redisUrl?: string;
  /** Whether this process executes jobs (roles `all` and `worker`). */
  runsJobs: boolean;
  logger: Logger;
  /** Key prefix in Redis; tests give each file its own. */
  prefix?: string;
}

/** Picks the queue implementation once per process. */
export function createJobQueue(options: QueueModuleOptions): JobQueue {
  if (!options.redisUrl) {
    return new InProcessJobQueue(options.runsJobs, (err, job) => options.logger.error({ err, job: job.name }, 'job failed'));
  }
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
  return new BullmqJobQueue(connection, options.runsJobs, options.prefix, (err, name) =>
    options.logger.error({ err, job: name }, 'job failed'),
  );
}

@Global()
@Module({})
export class QueueModule implements OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  static forRoot(options: QueueModuleOptions): DynamicModule {
    return {
      module: QueueModule,
      imports: [DiscoveryModule, TenancyModule, SystemContextModule],
      providers: [{ provide: JOB_QUEUE, useFactory: () => createJobQueue(options) }, ShopJobs],
      exports: [JOB_QUEUE, ShopJobs],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
