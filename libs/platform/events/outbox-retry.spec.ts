import { MAX_DELIVERY_ATTEMPTS, afterFailedAttempt } from './outbox-retry.js';

describe('outbox retries', () => {
  it('waits twice as long after each failed attempt, at most an hour, and gives up after the last one', () => {
    expect(afterFailedAttempt(1)).toEqual({ giveUp: false, retryInMs: 30_000 });
    expect(afterFailedAttempt(2)).toEqual({ giveUp: false, retryInMs: 60_000 });
    expect(afterFailedAttempt(5)).toEqual({ giveUp: false, retryInMs: 480_000 });
    expect(afterFailedAttempt(8)).toEqual({ giveUp: false, retryInMs: 3_600_000 });
    expect(afterFailedAttempt(MAX_DELIVERY_ATTEMPTS - 1)).toEqual({ giveUp: false, retryInMs: 3_600_000 });
    expect(afterFailedAttempt(MAX_DELIVERY_ATTEMPTS)).toEqual({ giveUp: true });
    expect(afterFailedAttempt(MAX_DELIVERY_ATTEMPTS + 1)).toEqual({ giveUp: true });
  });
});
