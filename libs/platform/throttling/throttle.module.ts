import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@platform/redis';
import { AdminCostHook } from './admin-cost.hook.js';
import type { BucketStore } from './bucket-store.js';
import type { LimitOverrides } from './limits.js';
import { MemoryBucketStore } from './memory-bucket.store.js';
import { RedisBucketStore } from './redis-bucket.store.js';
import { BUCKET_STORE, LIMIT_OVERRIDES, ThrottleService } from './throttle.service.js';
import { RestThrottleStep, StorefrontThrottleStep } from './throttle.steps.js';

/** Buckets in Redis when REDIS_URL is set (shared by every process), in memory otherwise. */
@Global()
@Module({})
export class ThrottleModule implements OnApplicationShutdown {
  constructor(@Inject(BUCKET_STORE) private readonly store: BucketStore) {}

  static forRoot(overrides: LimitOverrides = {}, redisPrefix = 'platform'): DynamicModule {
    return {
      module: ThrottleModule,
      providers: [
        {
          provide: BUCKET_STORE,
          inject: [REDIS],
          useFactory: (redis: Redis | null): BucketStore =>
            redis ? new RedisBucketStore({ client: redis, keyPrefix: `${redisPrefix}:throttle:` }) : new MemoryBucketStore(),
        },
        { provide: LIMIT_OVERRIDES, useValue: overrides },
        ThrottleService,
        RestThrottleStep,
        StorefrontThrottleStep,
        AdminCostHook,
      ],
      exports: [ThrottleService, RestThrottleStep, StorefrontThrottleStep, AdminCostHook],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
