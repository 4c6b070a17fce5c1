import { ManualClock } from '@platform/clock';
import { MemoryBucketStore } from './memory-bucket.store.js';

// The shared behaviour is in test/integration/throttling/bucket-store.contract.spec.ts; this covers the
// in-process bookkeeping: forgetting drained buckets, on access and on sweep.
describe('MemoryBucketStore', () => {
  const cfg = { capacity: 10, leakPerSecond: 2 };
  let clock: ManualClock;
  let store: MemoryBucketStore;

  beforeEach(() => {
    clock = new ManualClock(1_000_000);
    store = new MemoryBucketStore({ clock, sweepIntervalMs: 0 });
  });
  afterEach(() => store.close());

  it('keeps a bucket only while it holds something', async () => {
    await store.take('a', cfg, 4); // drains in 2 s
    expect(store.size).toBe(1);

    clock.advance(1_999);
    expect(store.sweep()).toBe(0);
    clock.advance(1);
    expect(store.sweep()).toBe(1);
    expect(store.size).toBe(0);
  });

  it('forgets a drained bucket when it is next read', async () => {
    await store.take('a', cfg, 4);
    clock.advance(5_000);
    expect(await store.peek('a', cfg)).toMatchObject({ level: 0, available: 10 });
    expect(store.size).toBe(0);
  });

  it('stores nothing for a bucket refunded to empty', async () => {
    await store.take('a', cfg, 4);
    await store.refund('a', cfg, 10);
    expect(store.size).toBe(0);
  });

  // The sweep's timer is the runtime's (jest's fake timers here); what it removes, the clock's time decides.
  it('sweeps on its own timer', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const timed = new MemoryBucketStore({ clock, sweepIntervalMs: 10 });
    try {
      await timed.take('a', cfg, 1); // drains in 0.5 s of the clock
      await timed.take('b', cfg, 2); // and this one in 1 s
      clock.advance(500);
      jest.advanceTimersByTime(9);
      expect(timed.size).toBe(2); // no sweep before the interval
      jest.advanceTimersByTime(1);
      expect(timed.size).toBe(1);
      clock.advance(500);
      jest.advanceTimersByTime(10);
      expect(timed.size).toBe(0);
    } finally {
      await timed.close();
      jest.useRealTimers();
    }
  });
});
