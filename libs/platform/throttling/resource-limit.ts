import type { BucketStore } from './bucket-store.js';
import type { VariantCreationLimit } from './limits.js';

export type VariantCreationDecision =
  // charged: what was taken from the daily allowance (0 when the limit does not apply); release() gives it back.
  | { readonly allowed: true; readonly charged: number }
  // retryAfterSeconds is null when the batch is larger than a whole day's allowance and can never pass as one.
  | { readonly allowed: false; readonly message: string; readonly retryAfterSeconds: number | null };

/** Large shops only: the daily allowance applies once a shop holds `threshold` variants or more. */
export function variantLimitApplies(currentVariantCount: number, limit: Pick<VariantCreationLimit, 'threshold'>): boolean {
  return currentVariantCount >= limit.threshold;
}

export function variantLimitMessage(limit: Pick<VariantCreationLimit, 'threshold' | 'perDay'>): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    `Daily variant creation limit reached: shops with ${n(limit.threshold)} or more variants ` +
    `can create at most ${n(limit.perDay)} new variants per day.`
  );
}

/**
 * The resource-based limit on variant creation: a per-shop bucket of `perDay` variants leaking over a day,
 * consulted only for shops at or over the threshold.
 */
export class VariantCreationLimiter {
  private readonly store: BucketStore;
  private readonly limit: VariantCreationLimit;

  constructor(store: BucketStore, limit: VariantCreationLimit) {
    this.store = store;
    this.limit = limit;
  }

  /** Charges `toCreate` against the shop's daily allowance when the limit applies; all or nothing. */
  async reserve(shopKey: string, currentVariantCount: number, toCreate: number): Promise<VariantCreationDecision> {
    if (toCreate <= 0 || !variantLimitApplies(currentVariantCount, this.limit)) return { allowed: true, charged: 0 };
    const message = variantLimitMessage(this.limit);
    if (toCreate > this.limit.capacity) return { allowed: false, message, retryAfterSeconds: null };
    const result = await this.store.take(shopKey, this.limit, toCreate);
    return result.allowed ? { allowed: true, charged: toCreate } : { allowed: false, message, retryAfterSeconds: result.retryAfterSeconds };
  }

  /** Gives back `charged` from reserve() when the variants were not created after all (e.g. validation failed). */
  async release(shopKey: string, charged: number): Promise<void> {
    if (charged > 0) await this.store.refund(shopKey, this.limit, charged);
  }
}
