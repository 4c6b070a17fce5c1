import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { LOGGER, type Logger } from '@platform/logging';

const ERROR_LOG_INTERVAL_MS = 10_000;

/** Injection token of the shared ioredis client, or null in embedded mode (no REDIS_URL). */
export const REDIS = Symbol('REDIS');

/**
 * Options that keep a request from waiting on a dead Redis: no offline queue, a command timeout
 * and one retry, so callers get an error in bounded time and pick fail-open or fail-closed.
 */
export function createRedisClient(url: string, logger?: Logger): Redis {
  const client = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    // Commands issued in the same tick (a burst of throttle checks) leave in one write.
    enableAutoPipelining: true,
  });
  // Without a listener ioredis prints every connection error to stderr; callers see the failures of their own
  // commands anyway, so the log notes the outage at most every 10 s.
  let lastLogged = 0;
  client.on('error', (err: Error) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = now;
    logger?.warn({ err }, 'redis connection error');
  });
  return client;
}

@Global()
@Module({})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  static forRoot(url: string | undefined): DynamicModule {
    return {
      module: RedisModule,
      providers: [{ provide: REDIS, inject: [LOGGER], useFactory: (logger: Logger) => (url ? createRedisClient(url, logger) : null) }],
      exports: [REDIS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis) this.redis.disconnect();
  }
}
