import type { BucketConfig, BucketResult } from './leaky-bucket.js';

/**
 * Where buckets live: in-process (MemoryBucketStore, one instance only) or Redis (shared by every process).
 * Each call is atomic per key. The config travels with every call, so the store holds no per-limit setup
 * and a plan change applies on the next request.
 *
 * Usage patterns:
 * - REST: `take(key, rest, 1)`; refused → 429 with Retry-After.
 * - Admin GraphQL: `take(requestedCost)` before execution, `refund(requested − actual)` after.
 * - Storefront: `take(minimumCharge)` up front, `adjust(max(minimum, elapsed) − reserved)` after.
 */
export interface BucketStore {
  /** Charges `amount` if all of it fits, else charges nothing. Rejects with RangeError if amount > capacity. */
  take(key: string, cfg: BucketConfig, amount: number): Promise<BucketResult>;
  /** Gives back `amount` (>= 0); the level never goes below 0. */
  refund(key: string, cfg: BucketConfig, amount: number): Promise<BucketResult>;
  /** Settles by `delta` (either sign), never refused; the level stays within 0..capacity. */
  adjust(key: string, cfg: BucketConfig, delta: number): Promise<BucketResult>;
  /** What `take(amount)` would answer (amount defaults to 0), without charging. For headers and reporting. */
  peek(key: string, cfg: BucketConfig, amount?: number): Promise<BucketResult>;
  /** Whether the store can answer, waiting at most `waitMs` for a first connection; never rejects. */
  ready(waitMs: number): Promise<boolean>;
  /** Releases timers and connections the store owns. */
  close(): Promise<void>;
}

/**
 * The store could not answer (Redis down, slow or erroring). Throttling code catches this one type and
 * chooses fail-open (serve unthrottled) or fail-closed (refuse) per surface.
 */
export class BucketStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BucketStoreUnavailableError';
  }
}
