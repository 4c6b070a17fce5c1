import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { SqlPool, preparedSql } from '@platform/database';
import { DomainError } from '@platform/errors';
import type { RequestContext } from '@platform/request';

/** Adds $3 to the shop's count of variants made on the day $2; answers the day's count after it, and what the last count of the shop's variants showed. */
const COUNT_CREATIONS = preparedSql(`insert into variant_creation_days as d (shop_id, day, created) values ($1, $2, $3)
  on conflict (shop_id, day) do update set created = d.created + excluded.created returning d.created, d.below_until as "belowUntil"`);

/** Keeps on the day $2 that the shop stays under the threshold while the day's count before a write is under $3. */
const KEEP_BELOW_UNTIL = preparedSql(`update variant_creation_days set below_until = $3 where shop_id = $1 and day = $2`);

/** How many variants the shop has, counted up to $2 (enough to know whether it passed the threshold). */
const SHOP_VARIANTS_UP_TO = preparedSql(`select count(*)::int as n from (select 1 from product_variants where shop_id = $1 limit $2) v`);

export const VARIANT_THROTTLE_MESSAGE =
  'Daily variant creation limit reached. Please try again later. See docs/admin.md ("The variant-creation limit") for more information about rate limits and how to avoid them.';

/**
 * Spec 2's resource-based limit: once a shop has `threshold` variants, at most `daily` new ones a (UTC) day, counted
 * across every write that makes variants; the higher-tier plan (`plus`) is exempt. `take` runs inside the write's
 * transaction, so a refused write counts nothing; the shop's variants are only counted once the day's count passes
 * the daily limit, and then again only when the day's creations since could have taken it to the threshold, so
 * ordinary writes pay one statement.
 */
@Injectable()
export class VariantCreationLimit {
  constructor(
    private readonly sql: SqlPool,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** Counts `created` new variants (with `existing` of the shop's before them); throws VARIANT_THROTTLE_EXCEEDED past the limit. */
  async take(tx: RequestContext, created: number): Promise<void> {
    if (created <= 0 || tx.shop.plan === 'plus') return;
    const { threshold, daily } = this.config.variantLimit;
    const day = new Date(this.clock.now()).toISOString().slice(0, 10);
    const [{ created: today, belowUntil }] = (await this.sql.rows<{ created: number; belowUntil: number | null }>(tx, COUNT_CREATIONS, [tx.shop.id, day, created])) as [
      { created: number; belowUntil: number | null },
    ];
    if (today <= daily) return;
    // The shop held at most `threshold - 1` variants when the day's count was at the last count's mark, and gained at
    // most what the day made since.
    if (belowUntil !== null && today - created < belowUntil) return;
    // The new variants are already inserted: the shop had passed the threshold if what it holds less them reaches it.
    const [{ n }] = (await this.sql.rows<{ n: number }>(tx, SHOP_VARIANTS_UP_TO, [tx.shop.id, threshold + created])) as [{ n: number }];
    if (n - created >= threshold) throw variantThrottleExceeded();
    await this.sql.run(tx, KEEP_BELOW_UNTIL, [tx.shop.id, day, today + threshold - n]);
  }
}

export function variantThrottleExceeded(): DomainError {
  return new DomainError('THROTTLED', VARIANT_THROTTLE_MESSAGE, { code: 'VARIANT_THROTTLE_EXCEEDED', extensions: { code: 'VARIANT_THROTTLE_EXCEEDED' } });
}
