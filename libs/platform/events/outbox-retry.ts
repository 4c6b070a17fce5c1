/** How long the process that took an outbox row has it before a sweeper may take it again (crash recovery). */
export const DELIVERY_LEASE_MS = 60_000;
/** Deliveries of an event before it is given up (logged as an error and kept as `failed`). */
export const MAX_DELIVERY_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;

/** After the `attempts`-th delivery failed: give up, or try again in `retryInMs` (doubling from 30 s up to an hour). */
export function afterFailedAttempt(attempts: number): { giveUp: true } | { giveUp: false; retryInMs: number } {
  if (attempts >= MAX_DELIVERY_ATTEMPTS) return { giveUp: true };
  return { giveUp: false, retryInMs: Math.min(FIRST_RETRY_MS * 2 ** (Math.max(attempts, 1) - 1), LONGEST_RETRY_MS) };
}
