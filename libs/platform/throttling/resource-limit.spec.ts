import { ManualClock } from '@platform/clock';
import { limitsForPlan } from './limits.js';
import { MemoryBucketStore } from './memory-bucket.store.js';
import { VariantCreationLimiter, variantLimitApplies, variantLimitMessage } from './resource-limit.js';

describe('limits', () => {
  it('has the documented defaults', () => {
    const limits = limitsForPlan('standard');
    expect(limits.rest).toEqual({ capacity: 40, leakPerSecond: 2 });
    expect(limits.adminGraphql).toEqual({ capacity: 1000, leakPerSecond: 50 });
    expect(limits.checkoutCreation).toEqual({ perMinute: 30, capacity: 30, leakPerSecond: 0.5 });
    expect(limits.variantCreation).toEqual({ threshold: 50_000, perDay: 1_000, capacity: 1_000, leakPerSecond: 1_000 / 86_400 });
  });

  it('takes overrides and ignores undefined ones', () => {
    const limits = limitsForPlan('plus', {
      rest: { capacity: 3, leakPerSecond: undefined },
      checkoutCreationsPerMinute: 6,
      variantCreation: { perDay: 10 },
    });
    expect(limits.rest).toEqual({ capacity: 3, leakPerSecond: 4 });
    expect(limits.checkoutCreation).toEqual({ perMinute: 6, capacity: 6, leakPerSecond: 0.1 });
    expect(limits.variantCreation).toMatchObject({ threshold: 50_000, capacity: 10 });
  });
});

describe('variant creation limit', () => {
  const limit = limitsForPlan('standard').variantCreation;
  let clock: ManualClock;
  let store: MemoryBucketStore;
  let limiter: VariantCreationLimiter;

  beforeEach(() => {
    clock = new ManualClock(1_000_000);
    store = new MemoryBucketStore({ clock, sweepIntervalMs: 0 });
    limiter = new VariantCreationLimiter(store, limit);
  });
  afterEach(() => store.close());

  it('applies from 50,000 variants on', () => {
    expect(variantLimitApplies(49_999, limit)).toBe(false);
    expect(variantLimitApplies(50_000, limit)).toBe(true);
  });

  it('says what the limit is, with configurable numbers', () => {
    expect(variantLimitMessage(limit)).toBe(
      'Daily variant creation limit reached: shops with 50,000 or more variants can create at most 1,000 new variants per day.',
    );
    expect(variantLimitMessage({ threshold: 10, perDay: 2 })).toContain('shops with 10 or more variants can create at most 2 new');
  });

  it('does not count creations of smaller shops', async () => {
    expect(await limiter.reserve('shop-1', 49_999, 1_000)).toEqual({ allowed: true, charged: 0 });
    expect(store.size).toBe(0);
  });

  it('allows 1,000 new variants a day to large shops, then refuses with the message', async () => {
    expect(await limiter.reserve('shop-1', 60_000, 600)).toEqual({ allowed: true, charged: 600 });
    expect(await limiter.reserve('shop-1', 60_600, 400)).toEqual({ allowed: true, charged: 400 });

    const refused = await limiter.reserve('shop-1', 61_000, 10);
    expect(refused).toEqual({ allowed: false, message: variantLimitMessage(limit), retryAfterSeconds: 864 }); // 10 × 86.4 s

    clock.advance(864_000); // 10 variants' worth of the day has passed
    expect((await limiter.reserve('shop-1', 61_000, 10)).allowed).toBe(true);
  });

  it('refuses a batch bigger than a whole day outright', async () => {
    expect(await limiter.reserve('shop-1', 60_000, 1_001)).toMatchObject({ allowed: false, retryAfterSeconds: null });
  });

  it('gives back a reservation that was not used', async () => {
    const decision = await limiter.reserve('shop-1', 60_000, 1_000);
    await limiter.release('shop-1', decision.allowed ? decision.charged : 0);
    expect((await limiter.reserve('shop-1', 60_000, 1_000)).allowed).toBe(true);
  });
});
