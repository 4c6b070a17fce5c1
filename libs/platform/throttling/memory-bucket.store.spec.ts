import { MemoryBucketStore } from './memory-bucket.store.js';

// The shared behaviour is in test/integration/throttling/bucket-store.contract.spec.ts; this covers the
// in-process bookkeeping: forgetting drained buckets, on access and on sweep.
describe('MemoryBucketStore', () => {
  const cfg = { capacity: 10, leakPerSecond: 2 };
  let now: number;
  let store: MemoryBucketStore;

  beforeEach(() => {
    now = 1_000_000;
    store = new MemoryBucketStore({ now: () => now, sweepIntervalMs: 0 });
  });
  afterEach(() => store.close());

  it('keeps a bucket only while it holds something', async () => {
    await store.take('a', cfg, 4); // drains in 2 s
    expect(store.size).toBe(1);

    now += 1_999;
    expect(store.sweep()).toBe(0);
    now += 1;
    expect(store.sweep()).toBe(1);
    expect(store.size).toBe(0);
  });

  it('forgets a drained bucket when it is next read', async () => {
    await store.take('a', cfg, 4);
    now += 5_000;
    expect(await store.peek('a', cfg)).toMatchObject({ level: 0, available: 10 });
    expect(store.size).toBe(0);
  });

  it('stores nothing for a bucket refunded to empty', async () => {
    await store.take('a', cfg, 4);
    await store.refund('a', cfg, 10);
    expect(store.size).toBe(0);
  });

  it('sweeps on its own timer', async () => {
    const timed = new MemoryBucketStore({ now: () => now, sweepIntervalMs: 10 });
    try {
      await timed.take('a', cfg, 1); // drains in 0.5 s of (fake) time
      now += 500;
      await new Promise((resolve) => setTimeout(resolve, 50)); // a few real sweep ticks
      expect(timed.size).toBe(0);
    } finally {
      await timed.close();
    }
  });
});
