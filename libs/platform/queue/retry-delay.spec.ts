import fc from 'fast-check';
import { retryDelay } from './retry-delay.js';

describe('retryDelay', () => {
  const spec = { backoffMs: 1_000, maxBackoffMs: 60_000 };

  it('doubles from the backoff, half of it random', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, spec, 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, spec, 0.999999))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never waits longer than the cap, nor less than half of it once there', () => {
    expect(retryDelay(10, spec, 0)).toBe(30_000);
    expect(retryDelay(1_000, spec, 0.999999)).toBe(60_000);
  });

  it('stays within [half, all] of the capped exponential for any attempt and draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, random) => {
        const full = Math.min(spec.maxBackoffMs, spec.backoffMs * 2 ** Math.min(attempt - 1, 30));
        const delay = retryDelay(attempt, spec, random);
        return delay >= full / 2 - 1 && delay <= full && Number.isInteger(delay);
      }),
    );
  });
});
