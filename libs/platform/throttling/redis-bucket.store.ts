import { Redis, type RedisOptions } from 'ioredis';
import { BucketStoreUnavailableError, type BucketStore } from './bucket-store.js';
import {
  assertValidAdjust,
  assertValidRefund,
  assertValidTake,
  type BucketConfig,
  type BucketResult,
} from './leaky-bucket.js';
import { type Clock, withDeadline } from '@platform/clock';
import { LEAKY_BUCKET_LUA } from './leaky-bucket.lua.js';

export interface RedisBucketStoreOptions {
  /** Prepended to every key, e.g. 'throttle:'. */
  keyPrefix: string;
  /** An existing client. The caller owns it: close() leaves it open. */
  client?: Redis;
  /** Otherwise the store creates (and owns) a client for this URL (default localhost:6379) with fail-fast options. */
  url?: string;
  /** Extra options for the created client; they override the fail-fast defaults. */
  redisOptions?: RedisOptions;
  /** Upper bound for one call, connect wait included. Default 500 ms. */
  timeoutMs?: number;
  /**
   * The time buckets leak by. Default: Redis' own (TIME), on which every process sharing the buckets agrees. An app
   * given a clock of its own (tests, a ManualClock) passes it here, so its buckets leak when that clock moves.
   */
  clock?: Clock;
}

type Op = 'take' | 'peek' | 'adjust';
type ScriptReply = [number, string, string];
// defineCommand adds the method at runtime; this names it for TypeScript.
type ScriptedRedis = Redis & {
  platformLeakyBucket(key: string, op: Op, capacity: number, leakPerSecond: number, amount: number, ...now: number[]): Promise<ScriptReply>;
};

/**
 * Buckets in Redis, shared by every process. Each operation is one Lua script call (EVALSHA, falling back to EVAL),
 * so concurrent requests from many processes can never over-admit. Any Redis failure rejects with
 * BucketStoreUnavailableError within `timeoutMs`.
 */
export class RedisBucketStore implements BucketStore {
  private readonly redis: ScriptedRedis;
  private readonly ownsClient: boolean;
  private readonly keyPrefix: string;
  private readonly timeoutMs: number;
  private readonly firstConnect: Promise<void>;
  private readonly clock?: Clock;

  constructor(options: RedisBucketStoreOptions) {
    this.keyPrefix = options.keyPrefix;
    this.timeoutMs = options.timeoutMs ?? 500;
    this.clock = options.clock;
    this.ownsClient = !options.client;
    const redis = options.client ?? createClient(options.url, this.timeoutMs, options.redisOptions);
    redis.defineCommand('platformLeakyBucket', { numberOfKeys: 1, lua: LEAKY_BUCKET_LUA });
    this.redis = redis as ScriptedRedis;
    this.firstConnect = settledOnce(redis);
  }

  async take(key: string, cfg: BucketConfig, amount: number): Promise<BucketResult> {
    assertValidTake(cfg, amount);
    return this.run(key, 'take', cfg, amount);
  }

  async refund(key: string, cfg: BucketConfig, amount: number): Promise<BucketResult> {
    assertValidRefund(cfg, amount);
    return this.run(key, 'adjust', cfg, -amount);
  }

  async adjust(key: string, cfg: BucketConfig, delta: number): Promise<BucketResult> {
    assertValidAdjust(cfg, delta);
    return this.run(key, 'adjust', cfg, delta);
  }

  async peek(key: string, cfg: BucketConfig, amount = 0): Promise<BucketResult> {
    assertValidTake(cfg, amount);
    return this.run(key, 'peek', cfg, amount);
  }

  async ready(waitMs: number): Promise<boolean> {
    if (this.redis.status === 'wait') this.redis.connect().catch(() => {});
    await withDeadline(waitMs, this.firstConnect).catch(() => {});
    return this.redis.status === 'ready';
  }

  async close(): Promise<void> {
    if (!this.ownsClient) return;
    // quit() needs a live connection; when Redis is down just drop the socket.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private async call(key: string, op: Op, cfg: BucketConfig, amount: number): Promise<ScriptReply> {
    // A lazyConnect client connects on its first command, but we wait for the connect before sending one.
    if (this.redis.status === 'wait') this.redis.connect().catch(() => {});
    // Only the very first connect is waited for: later, a client that is not ready means Redis is down.
    if (this.redis.status !== 'ready') await this.firstConnect;
    const now = this.clock ? [this.clock.now()] : [];
    return this.redis.platformLeakyBucket(this.keyPrefix + key, op, cfg.capacity, cfg.leakPerSecond, amount, ...now);
  }

  private async run(key: string, op: Op, cfg: BucketConfig, amount: number): Promise<BucketResult> {
    try {
      const [allowed, level, retryAfter] = await withDeadline(this.timeoutMs, this.call(key, op, cfg, amount));
      const levelNumber = Number(level);
      return {
        allowed: allowed === 1,
        level: levelNumber,
        capacity: cfg.capacity,
        available: Math.max(0, cfg.capacity - levelNumber),
        retryAfterSeconds: Number(retryAfter),
      };
    } catch (error) {
      throw new BucketStoreUnavailableError(`Rate-limit store unavailable: ${(error as Error).message}`, { cause: error });
    }
  }
}

// Fail fast instead of queueing: a rate limiter that waits for Redis delays every request during an outage.
function createClient(url: string | undefined, timeoutMs: number, overrides: RedisOptions = {}): Redis {
  const options: RedisOptions = {
    enableOfflineQueue: false, // while disconnected, commands reject at once
    maxRetriesPerRequest: 0, // never replay a take on reconnect (it could charge twice)
    // Callers are answered by the deadline; this only frees the commands a connected but stalled Redis never
    // answers. As long as the deadline, it would fire on a starved process before the reply is read.
    commandTimeout: timeoutMs * 10,
    connectTimeout: timeoutMs * 2,
    // close() only disconnects a client that is not ready, so there is nothing to flush; without this a refused
    // connection leaves ioredis' 2 s destroy timer holding the process open.
    disconnectTimeout: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000), // keep reconnecting in the background
    ...overrides,
  };
  const redis = url ? new Redis(url, options) : new Redis(options);
  // Failures reach callers as BucketStoreUnavailableError; without a listener ioredis would print each one.
  redis.on('error', () => {});
  return redis;
}

// Resolves when the first connection attempt is over, whichever way it went.
function settledOnce(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      redis.off('ready', done).off('close', done).off('end', done);
      resolve();
    };
    redis.on('ready', done).on('close', done).on('end', done);
  });
}
