import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SqlPool, readInstallationId } from '@platform/database';
import { LOGGER, type Logger } from '@platform/logging';

const ERROR_LOG_INTERVAL_MS = 10_000;

/** Injection token of the shared ioredis client, or null in embedded mode (no REDIS_URL). */
export const REDIS = Symbol('REDIS');

/**
 * Injection token of the prefix of every Redis key (job queue, throttle buckets), or null without Redis. By default
 * `platform:<installation id>`, read from the database at start: every process of one installation (api, worker, on
 * any machine) shares its keys, and an installation on another database never sees them.
 */
export const REDIS_PREFIX = Symbol('REDIS_PREFIX');

/** The default key prefix of the installation whose database `sql` reads. */
export async function installationRedisPrefix(sql: SqlPool): Promise<string> {
  return `platform:${await readInstallationId(sql)}`;
}

/**
 * Options that keep a request from waiting on a dead Redis: no offline queue and one retry, so callers get an error
 * in bounded time (each bounds its wait with withDeadline) and pick fail-open or fail-closed.
 */
export function createRedisClient(url: string, logger?: Logger): Redis {
  const client = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    // Only frees the commands a connected but stalled Redis never answers: callers' deadlines are shorter and,
    // unlike this timer, do not fire on a CPU-starved process before the waiting reply is read.
    commandTimeout: 5000,
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

  /** `prefix` replaces the installation's own (tests and the bench isolate themselves with one). */
  static forRoot(url: string | undefined, prefix?: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        { provide: REDIS, inject: [LOGGER], useFactory: (logger: Logger) => (url ? createRedisClient(url, logger) : null) },
        {
          provide: REDIS_PREFIX,
          inject: [SqlPool, LOGGER],
          useFactory: async (sql: SqlPool, logger: Logger): Promise<string | null> => {
            if (!url) return null;
            const redisPrefix = prefix ?? (await installationRedisPrefix(sql));
            logger.info({ redisPrefix }, `Redis keys (job queue, throttle buckets) under ${redisPrefix}`);
            return redisPrefix;
          },
        },
      ],
      exports: [REDIS, REDIS_PREFIX],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis) this.redis.disconnect();
  }
}
