import type { QueueSpec } from './queues.js';

/**
 * How long to wait before try `attempt + 1` after try `attempt` failed: exponential from the queue's backoff, capped,
 * with "equal jitter" (half fixed, half random) so retries of many jobs that failed together spread out instead of
 * arriving together. `random` is in [0, 1).
 */
export function retryDelay(attempt: number, spec: Pick<QueueSpec, 'backoffMs' | 'maxBackoffMs'>, random = Math.random()): number {
  const exponential = Math.min(spec.maxBackoffMs, spec.backoffMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exponential / 2 + (exponential / 2) * random);
}
