import {
  adjust,
  drain,
  formatCallLimit,
  formatRetryAfter,
  msUntilEmpty,
  peek,
  refund,
  tryTake,
  type BucketConfig,
  type BucketState,
} from './leaky-bucket.js';
import { limitsForPlan } from './limits.js';

// Time is a plain number here: each test moves `now` by hand, no timers involved.
const T0 = 1_700_000_000_000;
const rest = limitsForPlan('standard').rest; // 40 requests, 2/s

/** Takes `amount` `times` times at the same instant; returns the final state and how many were allowed. */
function takeMany(cfg: BucketConfig, times: number, amount = 1, now = T0, from?: BucketState) {
  let state = from;
  let allowed = 0;
  for (let i = 0; i < times; i++) {
    const out = tryTake(state, cfg, amount, now);
    state = out.state;
    if (out.allowed) allowed++;
  }
  return { state: state!, allowed };
}

describe('leaky bucket', () => {
  describe('REST: 40 requests, leaking 2 per second', () => {
    it('allows exactly 40 requests at once and refuses the 41st', () => {
      const { state, allowed } = takeMany(rest, 40);
      expect(allowed).toBe(40);
      expect(state.level).toBe(40);

      const forty1st = tryTake(state, rest, 1, T0);
      expect(forty1st.allowed).toBe(false);
      expect(forty1st.level).toBe(40); // a refused request charges nothing
      expect(forty1st.retryAfterSeconds).toBe(0.5); // one request leaks out in 1/2 s
    });

    it('leaks 2 per second, so a full bucket admits one more after 0.5 s', () => {
      const { state } = takeMany(rest, 40);
      expect(tryTake(state, rest, 1, T0 + 499).allowed).toBe(false);
      expect(tryTake(state, rest, 1, T0 + 500).allowed).toBe(true);
      expect(drain(state, rest, T0 + 10_000).level).toBe(20);
    });

    it('is empty again after 20 s and never goes below 0', () => {
      const { state } = takeMany(rest, 40);
      expect(drain(state, rest, T0 + 20_000).level).toBe(0);
      expect(drain(state, rest, T0 + 3_600_000).level).toBe(0);
      expect(msUntilEmpty(state.level, rest)).toBe(20_000);
    });

    it('survives float leak arithmetic: refilling after 0.3 s fits exactly', () => {
      const { state } = takeMany(rest, 40);
      const later = T0 + 300; // leaked 0.6 requests
      expect(tryTake(state, rest, 0.6, later).allowed).toBe(true);
    });

    it('formats the call-limit header as <used>/<size>, rounding used up', () => {
      const { state } = takeMany(rest, 32);
      expect(formatCallLimit({ level: state.level, capacity: 40 })).toBe('32/40');
      expect(formatCallLimit({ level: drain(state, rest, T0 + 250).level, capacity: 40 })).toBe('32/40'); // 31.5
      expect(formatCallLimit({ level: 0, capacity: 40 })).toBe('0/40');
    });

    it('formats Retry-After as whole seconds, rounded up, at least 1, with the hosted ".0"', () => {
      expect(formatRetryAfter(2)).toBe('2.0');
      expect(formatRetryAfter(2 + 1e-12)).toBe('2.0');
      expect(formatRetryAfter(2.01)).toBe('3.0');
      expect(formatRetryAfter(0.5)).toBe('1.0');
      expect(formatRetryAfter(0)).toBe('1.0');
      expect(formatRetryAfter(49.5)).toBe('50.0');
    });

    it('doubles for the plus plan: 80 requests at 4 per second', () => {
      const plus = limitsForPlan('plus').rest;
      const { state, allowed } = takeMany(plus, 100);
      expect(allowed).toBe(80);
      expect(tryTake(state, plus, 1, T0).retryAfterSeconds).toBe(0.25);
    });
  });

  describe('admin GraphQL: 1000 points, restoring 50 per second', () => {
    const graphql = limitsForPlan('standard').adminGraphql;

    it('needs the whole requested cost up front, else charges nothing', () => {
      const after = tryTake(undefined, graphql, 900, T0);
      const refused = tryTake(after.state, graphql, 200, T0);
      expect(refused.allowed).toBe(false);
      expect(refused.level).toBe(900);
      expect(refused.available).toBe(100);
      expect(refused.retryAfterSeconds).toBe(2); // 100 missing points at 50/s
    });

    it('refunds requested − actual after execution', () => {
      const taken = tryTake(undefined, graphql, 300, T0); // requested cost
      const settled = refund(taken.state, graphql, 300 - 42, T0); // actual cost was 42
      expect(settled.level).toBe(42);
      expect(settled.available).toBe(958);
    });

    it('never refunds below 0', () => {
      const taken = tryTake(undefined, graphql, 100, T0);
      expect(refund(taken.state, graphql, 100, T0 + 1_000).level).toBe(0); // 50 leaked, 100 refunded
    });

    it('restores 100 per second from 2000 on plus', () => {
      const plus = limitsForPlan('plus').adminGraphql;
      const full = tryTake(undefined, plus, 2000, T0);
      expect(full.available).toBe(0);
      expect(drain(full.state, plus, T0 + 1_000).level).toBe(1900);
    });

    it('refuses a cost above the bucket size as a programming error', () => {
      expect(() => tryTake(undefined, graphql, 1001, T0)).toThrow(RangeError);
    });
  });

  describe('storefront: 60 s of request time, 1 s leaking per second, 0.5 s minimum', () => {
    const storefront = limitsForPlan('standard').storefront;
    const min = storefront.minimumCharge;

    /** Reserve the minimum, then settle what the request really cost: max(minimum, elapsed). */
    function request(state: BucketState | undefined, startMs: number, elapsedSeconds: number) {
      const reserved = tryTake(state, storefront, min, startMs);
      if (!reserved.allowed) return reserved;
      const charge = Math.max(min, elapsedSeconds);
      return adjust(reserved.state, storefront, charge - min, startMs + elapsedSeconds * 1000);
    }

    it('charges at least 0.5 s for a fast request', () => {
      expect(request(undefined, T0, 0.1).level).toBe(0.5 - 0.1); // charged 0.5, leaked 0.1 meanwhile
    });

    it('charges the elapsed time for a slow request', () => {
      // the 0.5 s reserved leaked away while it ran; the other 2.5 s are settled when it ends
      expect(request(undefined, T0, 3).level).toBe(2.5);
      const busy = tryTake(undefined, storefront, 10, T0);
      expect(request(busy.state, T0, 3).level).toBeCloseTo(10); // 10 + 3 charged − 3 leaked
    });

    it('admits 120 fast requests at once (60 s / 0.5 s), then throttles', () => {
      const { state, allowed } = takeMany(storefront, 130, min);
      expect(allowed).toBe(120);
      expect(tryTake(state, storefront, min, T0).retryAfterSeconds).toBe(0.5);
    });

    it('clamps a settle that would overflow at capacity instead of refusing it', () => {
      const nearlyFull = tryTake(undefined, storefront, 59.5, T0);
      const settled = adjust(nearlyFull.state, storefront, 30, T0);
      expect(settled.allowed).toBe(true);
      expect(settled.level).toBe(60);
    });

    it('is 120 s on plus', () => {
      expect(limitsForPlan('plus').storefront).toEqual({ capacity: 120, leakPerSecond: 1, minimumCharge: 0.5 });
    });
  });

  describe('peek', () => {
    it('answers what a take would, without charging', () => {
      const { state } = takeMany(rest, 40);
      const answer = peek(state, rest, 1, T0);
      expect(answer).toMatchObject({ allowed: false, level: 40, retryAfterSeconds: 0.5 });
      expect(answer.state.level).toBe(40);
      expect(peek(undefined, rest, 0, T0)).toMatchObject({ allowed: true, level: 0, available: 40 });
    });
  });

  describe('time going backwards', () => {
    it('leaks nothing and keeps the later timestamp', () => {
      const { state } = takeMany(rest, 10);
      const earlier = drain(state, rest, T0 - 5_000);
      expect(earlier).toEqual({ level: 10, updatedAtMs: T0 });
    });
  });
});
