import { Redis } from 'ioredis';
import { MemoryBucketStore, RedisBucketStore, type BucketConfig, type BucketStore } from '@platform/throttling';
import { REDIS_URL, deleteKeysWithPrefix, sleep, uniquePrefix } from './redis-support.js';

// One contract, two stores: whatever a caller may rely on must hold for memory and Redis alike.
// Buckets are tiny and leak fast (or barely at all) so real time can be used and the suite stays short.

const prefix = uniquePrefix('contract');
const admin = new Redis(REDIS_URL); // looks at the keys behind the Redis store's back

interface Subject {
  store: BucketStore;
  /** Whether the store still keeps anything for `key`. */
  isRemembered(key: string): Promise<boolean>;
}

const subjects: Array<[string, () => Subject]> = [
  [
    'MemoryBucketStore',
    () => {
      const store = new MemoryBucketStore({ sweepIntervalMs: 0 });
      // one store per test, so "anything left after a sweep" means "this key is remembered"
      const isRemembered = async () => {
        store.sweep();
        return store.size > 0;
      };
      return { store, isRemembered };
    },
  ],
  [
    'RedisBucketStore',
    () => ({
      store: new RedisBucketStore({ url: REDIS_URL, keyPrefix: prefix }),
      isRemembered: async (key) => (await admin.exists(prefix + key)) === 1,
    }),
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
  let key: string;

  beforeEach(() => {
    subject = createSubject();
    store = subject.store;
    key = newKey();
  });
  afterEach(() => store.close());

  it('takes until full, then refuses with the time until the amount fits', async () => {
    for (let i = 1; i <= 5; i++) {
      const result = await store.take(key, SLOW, 1);
      expect(result).toMatchObject({ allowed: true, capacity: 5, retryAfterSeconds: 0 });
      expect(result.level).toBeCloseTo(i, 3);
    }

    const refused = await store.take(key, SLOW, 1);
    expect(refused.allowed).toBe(false);
    expect(refused.level).toBeCloseTo(5, 3); // a refused take charges nothing
    expect(refused.available).toBeCloseTo(0, 3);
    expect(refused.retryAfterSeconds).toBeGreaterThan(999); // 1 unit at 0.001/s ≈ 1000 s
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(1000);
  });

  it('takes all of an amount or none of it', async () => {
    await store.take(key, SLOW, 3);
    expect((await store.take(key, SLOW, 3)).allowed).toBe(false);
    expect((await store.take(key, SLOW, 2)).allowed).toBe(true);
  });

  it('refunds, never below 0', async () => {
    await store.take(key, SLOW, 4);
    expect((await store.refund(key, SLOW, 3)).level).toBeCloseTo(1, 3);

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
    expect(answer.retryAfterSeconds).toBeGreaterThan(999);
    expect((await store.peek(key, SLOW)).level).toBeCloseTo(5, 3);
    expect(await store.peek(newKey(), SLOW)).toMatchObject({ allowed: true, level: 0, available: 5 });
  });

  it('leaks over real time', async () => {
    await store.take(key, FAST, 10);
    expect((await store.take(key, FAST, 1)).allowed).toBe(false);

    // 20/s × 0.26 s = 5.2 units out: a timer may fire a millisecond before the clock the store reads says it is due.
    await sleep(260);
    const half = await store.peek(key, FAST);
    expect(half.level).toBeLessThanOrEqual(5);
    expect(half.level).toBeGreaterThan(1); // allows timer jitter of up to 190 ms
    expect((await store.take(key, FAST, 4)).allowed).toBe(true);
  });

  it('forgets a bucket once it has drained', async () => {
    await store.take(key, FAST, 2); // empty again after 100 ms
    expect(await subject.isRemembered(key)).toBe(true);

    await sleep(150);
    expect(await subject.isRemembered(key)).toBe(false);
    expect((await store.peek(key, FAST)).level).toBe(0);
  });

  it('never lets the level go negative', async () => {
    await store.take(key, FAST, 1);
    await sleep(100); // drained long ago by now
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

describe('RedisBucketStore in Redis', () => {
  const store = new RedisBucketStore({ url: REDIS_URL, keyPrefix: prefix });
  afterAll(() => store.close());

  it('stores level and timestamp in a hash that expires when the bucket would be empty', async () => {
    const key = newKey();
    await store.take(key, { capacity: 10, leakPerSecond: 1 }, 2); // empty in 2 s

    expect(Object.keys(await admin.hgetall(prefix + key)).sort()).toEqual(['level', 'ts']);
    const ttl = await admin.pttl(prefix + key);
    expect(ttl).toBeGreaterThan(1_900);
    expect(ttl).toBeLessThanOrEqual(2_000);
  });

  it('deletes the key when a refund empties the bucket', async () => {
    const key = newKey();
    await store.take(key, SLOW, 2);
    await store.refund(key, SLOW, 2);
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
