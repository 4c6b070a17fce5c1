import type { RequestContext } from '@platform/request';
import type { DiscountRecord } from '../cart.records.js';
import { DiscountCode, type DiscountValueType } from '../discount-code.entity.js';

export interface DiscountCodeTraits {
  valueType?: DiscountValueType;
  value?: string;
  minimumSubtotal?: string | null;
  startsAt?: Date;
  endsAt?: Date | null;
  usageLimit?: number | null;
  usageCount?: number;
}

/** A discount code of the shop (10% off, live, unlimited unless told). */
export async function createDiscountCode(ctx: RequestContext, code: string, traits: DiscountCodeTraits = {}): Promise<number> {
  const row = ctx.em.create(DiscountCode, {
    shopId: ctx.shop.id,
    code,
    valueType: traits.valueType ?? 'percentage',
    value: traits.value ?? '10.00',
    minimumSubtotal: traits.minimumSubtotal ?? null,
    startsAt: traits.startsAt ?? new Date(Date.now() - 3600_000),
    endsAt: traits.endsAt ?? null,
    usageLimit: traits.usageLimit ?? null,
    usageCount: traits.usageCount ?? 0,
  });
  await ctx.em.flush();
  return row.id;
}

/** A discount as the cart's rules read it, for tests of pure rules: WELCOME10, 10% off, live since 2026-01-01, unlimited. */
export function discountRecord(over: Partial<DiscountRecord> = {}): DiscountRecord {
  return {
    code: 'WELCOME10',
    valueType: 'percentage',
    value: '10.00',
    minimumSubtotal: null,
    startsAt: new Date('2026-01-01T00:00:00Z'),
    endsAt: null,
    usageLimit: null,
    usageCount: 0,
    ...over,
  };
}
