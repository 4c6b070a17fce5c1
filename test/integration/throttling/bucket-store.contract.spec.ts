import { Redis } from 'ioredis';
import { ManualClock } from '@platform/clock';
import { MemoryBucketStore, RedisBucketStore, type BucketConfig, type BucketStore } from '@platform/throttling';
import { REDIS_URL, deleteKeysWithPrefix, uniquePrefix } from './redis-support.js';

// One contract, two stores: whatever a caller may rely on must hold for memory and Redis alike. Both leak on a clock
// the test moves (the app's CLOCK in tests), so a leak is checked to the millisecond and nothing waits. Redis' own
// time, which the Redis store reads when it is given no clock (production), has its tests below the contract.

const prefix = uniquePrefix('contract');
const admin = new Redis(REDIS_URL); // looks at the keys behind the Redis store's back

interface Subject {
  store: BucketStore;
  clock: ManualClock;
  /** Whether the store still keeps anything for `key`, once it has done its own clean-up. */
  isRemembered(key: string): Promise<boolean>;
}

const subjects: Array<[string, () => Subject]> = [
  [
    'MemoryBucketStore',
    () => {
      const clock = new ManualClock();
      const store = new MemoryBucketStore({ clock, sweepIntervalMs: 0 });
      // one store per test, so "anything left after a sweep" means "this key is remembered"
      const isRemembered = async () => {
        store.sweep();
        return store.size > 0;
      };
      return { store, clock, isRemembered };
    },
  ],
  [
    'RedisBucketStore',
    () => {
      const clock = new ManualClock();
      const store = new RedisBucketStore({ url: REDIS_URL, keyPrefix: prefix, clock });
      // Redis' expiry keeps Redis' time, which the store's clock does not move: a bucket drained by that clock goes
      // when the store next looks at it.
      const isRemembered = async (key: string) => {
        await store.peek(key, { capacity: 10, leakPerSecond: 20 });
        return (await admin.exists(prefix + key)) === 1;
      };
      return { store, clock, isRemembered };
    },
  ],
];

const SLOW: BucketConfig = { capacity: 5, leakPerSecond: 0.001 }; // effectively no leak during a test
const FAST: BucketConfig = { capacity: 10, leakPerSecond: 20 }; // a full bucket drains in 0.5 s

let keyCounter = 0;
const newKey = () => `bucket-${++keyCounter}`;

afterAll(async () => {
  await deleteKeysWithPrefix(admin, prefix);
  await admin.quit();
});

describe.each(subjects)('%s contract', (_name, createSubject) => {
  let subject: Subject;
  let store: BucketStore;
  let clock: ManualClock;
  let key: string;

  beforeEach(() => {
    subject = createSubject();
    ({ store, clock } = subject);
    key = newKey();
  });
  afterEach(() => store.close());

  it('takes until full, then refuses with the time until the amount fits', async () => {
    for (let i = 1; i <= 5; i++) {
      const result = await store.take(key, SLOW, 1);
      expect(result).toMatchObject({ allowed: true, capacity: 5, retryAfterSeconds: 0 });
      expect(result.level).toBe(i);
    }

    const refused = await store.take(key, SLOW, 1);
    expect(refused.allowed).toBe(false);
    expect(refused.level).toBe(5); // a refused take charges nothing
    expect(refused.available).toBe(0);
    expect(refused.retryAfterSeconds).toBeCloseTo(1000, 9); // 1 unit at 0.001/s
  });

  it('takes all of an amount or none of it', async () => {
    await store.take(key, SLOW, 3);
    expect((await store.take(key, SLOW, 3)).allowed).toBe(false);
    expect((await store.take(key, SLOW, 2)).allowed).toBe(true);
  });

  it('refunds, never below 0', async () => {
    await store.take(key, SLOW, 4);
    expect((await store.refund(key, SLOW, 3)).level).toBe(1);

    const overRefunded = await store.refund(key, SLOW, 10);
    expect(overRefunded).toMatchObject({ allowed: true, level: 0, available: 5 });
    expect((await store.take(key, SLOW, 5)).allowed).toBe(true); // the extra refund created no credit
  });

  it('adjusts either way: a charge is never refused but stops at capacity, a credit stops at 0', async () => {
    await store.take(key, SLOW, 4);
    const charged = await store.adjust(key, SLOW, 3);
    expect(charged.allowed).toBe(true);
    expect(charged.level).toBe(5);

    expect((await store.adjust(key, SLOW, -100)).level).toBe(0);
  });

  it('peeks without charging', async () => {
    await store.take(key, SLOW, 5);
    const answer = await store.peek(key, SLOW, 1);
    expect(answer.allowed).toBe(false);
    expect(answer.retryAfterSeconds).toBeCloseTo(1000, 9);
    expect((await store.peek(key, SLOW)).level).toBe(5);
    expect(await store.peek(newKey(), SLOW)).toMatchObject({ allowed: true, level: 0, available: 5 });
  });

  it('leaks as time passes, and not before', async () => {
    await store.take(key, FAST, 10);
    expect((await store.take(key, FAST, 1)).allowed).toBe(false);
    expect((await store.peek(key, FAST, 1)).retryAfterSeconds).toBeCloseTo(0.05, 9); // 1 unit at 20/s

    clock.advance(49);
    expect((await store.take(key, FAST, 1)).allowed).toBe(false);
    expect((await store.peek(key, FAST)).level).toBeCloseTo(9.02, 9);
    clock.advance(1);
    expect((await store.take(key, FAST, 1)).allowed).toBe(true);

    clock.advance(250); // 20/s × 0.25 s = 5 units out
    const half = await store.peek(key, FAST);
    expect(half.level).toBeCloseTo(5, 9);
    expect((await store.take(key, FAST, 5)).allowed).toBe(true);
    expect((await store.take(key, FAST, 1)).allowed).toBe(false);
  });

  it('forgets a bucket once it has drained', async () => {
    await store.take(key, FAST, 2); // empty again after 100 ms
    clock.advance(99);
    expect(await subject.isRemembered(key)).toBe(true);

    clock.advance(1);
    expect(await subject.isRemembered(key)).toBe(false);
    expect((await store.peek(key, FAST)).level).toBe(0);
  });

  it('never lets the level go negative', async () => {
    await store.take(key, FAST, 1);
    clock.advance(100); // drained after 50 ms
    await store.refund(key, FAST, 5);
    await store.adjust(key, FAST, -5);
    expect(await store.peek(key, FAST)).toMatchObject({ level: 0, available: 10 });
    expect(await subject.isRemembered(key)).toBe(false);
  });

  it('keeps keys apart', async () => {
    await store.take(key, SLOW, 5);
    expect((await store.take(newKey(), SLOW, 5)).allowed).toBe(true);
  });

  it('is ready to answer', async () => {
    await expect(store.ready(5_000)).resolves.toBe(true);
  });

  it('rejects amounts that could never fit', async () => {
    await expect(store.take(key, SLOW, 6)).rejects.toThrow(RangeError);
    await expect(store.take(key, SLOW, -1)).rejects.toThrow(RangeError);
    await expect(store.refund(key, SLOW, -1)).rejects.toThrow(RangeError);
  });
});

// Redis' time, in epoch ms as the script reads it.
async function redisTime(): Promise<number> {
  const [seconds, micros] = await admin.time();
  return Number(seconds) * 1000 + Number(micros) / 1000;
}

describe('RedisBucketStore in Redis, on Redis time', () => {
  const store = new RedisBucketStore({ url: REDIS_URL, keyPrefix: prefix });
  afterAll(() => store.close());

  it("stores level and timestamp in a hash dated by Redis' clock, which expires when the bucket would be empty", async () => {
    const key = newKey();
    const before = await redisTime();
    await store.take(key, { capacity: 10, leakPerSecond: 1 }, 2); // empty in 2 s
    const after = await redisTime();

    const hash = await admin.hgetall(prefix + key);
    expect(Object.keys(hash).sort()).toEqual(['level', 'ts']);
    expect(Number(hash.level)).toBe(2);
    expect(Number(hash.ts)).toBeGreaterThanOrEqual(before);
    expect(Number(hash.ts)).toBeLessThanOrEqual(after);
    // Set 2,000 ms to live, less the time Redis' clock moved since the take.
    const ttl = await admin.pttl(prefix + key);
    const since = (await redisTime()) - before;
    expect(ttl).toBeGreaterThanOrEqual(Math.floor(2_000 - since));
    expect(ttl).toBeLessThanOrEqual(2_000);
  });

  it("leaks by Redis' clock: a bucket dated back 5 s has leaked 5 s' worth, and the time it took to look", async () => {
    const key = newKey();
    const cfg: BucketConfig = { capacity: 10, leakPerSecond: 1 };
    const before = await redisTime();
    await admin.hset(prefix + key, 'level', '10', 'ts', String(before - 5_000));
    await admin.pexpire(prefix + key, 60_000);
    const level = (await store.peek(key, cfg)).level;
    const after = await redisTime();
    expect(level).toBeLessThanOrEqual(5);
    expect(level).toBeGreaterThanOrEqual(10 - (after - before + 5_000) / 1_000);
  });

  it('deletes the key when a refund empties the bucket', async () => {
    const key = newKey();
    await store.take(key, SLOW, 2);
    await store.refund(key, SLOW, 2);
    expect(await admin.exists(prefix + key)).toBe(0);
  });
});

describe("RedisBucketStore on a clock of its own", () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 29));
  const store = new RedisBucketStore({ url: REDIS_URL, keyPrefix: prefix, clock });
  afterAll(() => store.close());

  it("dates the bucket by that clock, and keeps the key past its drain on Redis' time (its clock decides when it goes)", async () => {
    const key = newKey();
    await store.take(key, { capacity: 10, leakPerSecond: 1 }, 2); // empty in 2 s of that clock
    expect(await admin.hgetall(prefix + key)).toEqual({ level: '2', ts: String(Date.UTC(2026, 10, 29)) });
    expect(await admin.pttl(prefix + key)).toBeGreaterThan(3_590_000); // an hour of Redis' time

    clock.advance(1_999);
    expect((await store.peek(key, { capacity: 10, leakPerSecond: 1 })).level).toBeCloseTo(0.001, 9);
    expect(await admin.exists(prefix + key)).toBe(1);
    clock.advance(1);
    expect((await store.peek(key, { capacity: 10, leakPerSecond: 1 })).level).toBe(0);
    expect(await admin.exists(prefix + key)).toBe(0);
  });
});

describe('RedisBucketStore without Redis', () => {
  it('is not ready, and knows it as soon as the connection is refused rather than at the end of the wait', async () => {
    const store = new RedisBucketStore({ url: 'redis://127.0.0.1:6390', keyPrefix: prefix });
    try {
      const started = Date.now();
      await expect(store.ready(10_000)).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await store.close();
    }
  });
});
