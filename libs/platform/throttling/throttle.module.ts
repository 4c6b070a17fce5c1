import { type DynamicModule, Global, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { LOGGER, type Logger } from '@platform/logging';
import { REDIS, REDIS_PREFIX } from '@platform/redis';
import { AdminCostHook } from './admin-cost.hook.js';
import { BotProtectionHook } from './bot-protection.hook.js';
import type { BucketStore } from './bucket-store.js';
import type { LimitOverrides } from './limits.js';
import { MemoryBucketStore } from './memory-bucket.store.js';
import { RedisBucketStore } from './redis-bucket.store.js';
import { BUCKET_STORE, LIMIT_OVERRIDES, ThrottleService } from './throttle.service.js';
import { RestThrottleStep, StorefrontThrottleStep } from './throttle.steps.js';

// A slow first connect (a loaded machine) is waited for this long before the app serves.
const FIRST_CONNECT_WAIT_MS = 5000;

/** Buckets in Redis when REDIS_URL is set (shared by every process of the installation), in memory otherwise. */
@Global()
@Module({})
export class ThrottleModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(BUCKET_STORE) private readonly store: BucketStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The app serves once the buckets' store is connected, or known down: a request that came first would find no
   * connection and be served with its rate limits open. A refused connection ends the wait at once.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!(await this.store.ready(FIRST_CONNECT_WAIT_MS))) this.logger.warn('throttle store not reachable yet: request-rate limits are open until it is');
  }

  /** Keys go under RedisModule's prefix (REDIS_PREFIX). */
  static forRoot(overrides: LimitOverrides = {}): DynamicModule {
    return {
      module: ThrottleModule,
      providers: [
        {
          provide: BUCKET_STORE,
          inject: [REDIS, REDIS_PREFIX, { token: CLOCK, optional: true }],
          // In-process buckets leak on the process' clock. Redis' buckets keep Redis' time, on which every process
          // agrees, unless the app was given a clock of its own (tests): then every bucket follows that one.
          useFactory: (redis: Redis | null, redisPrefix: string | null, clock: Clock = systemClock): BucketStore =>
            redis && redisPrefix
              ? new RedisBucketStore({ client: redis, keyPrefix: `${redisPrefix}:throttle:`, clock: clock === systemClock ? undefined : clock })
              : new MemoryBucketStore({ clock }),
        },
        { provide: LIMIT_OVERRIDES, useValue: overrides },
        ThrottleService,
        RestThrottleStep,
        StorefrontThrottleStep,
        AdminCostHook,
        BotProtectionHook,
      ],
      exports: [ThrottleService, RestThrottleStep, StorefrontThrottleStep, AdminCostHook, BotProtectionHook],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
