import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const SELLING_PLAN_INTERVALS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type SellingPlanInterval = (typeof SELLING_PLAN_INTERVALS)[number];

/** How often a plan bills or delivers (the storefront's recurring billing and delivery policies). */
export interface SellingPlanRecurringPolicy {
  interval: SellingPlanInterval;
  intervalCount: number;
}

export const PRICE_ADJUSTMENT_TYPES = ['percentage', 'fixed_amount', 'price'] as const;
export type PriceAdjustmentType = (typeof PRICE_ADJUSTMENT_TYPES)[number];

/**
 * By how much a plan changes a variant's price: a percentage off, an amount off or a new price (exact decimal
 * strings). With two adjustments, the first applies to the first `orderCount` orders, the second afterwards.
 */
export interface SellingPlanPriceAdjustment {
  orderCount: number | null;
  adjustmentValue: { type: PriceAdjustmentType; value: string };
}

/** What is paid at checkout: a percentage of the price (100 = all now) or a fixed price. */
export interface SellingPlanCheckoutCharge {
  type: 'PERCENTAGE' | 'PRICE';
  value: string;
}

/** One way to buy a product of its group (e.g. "Delivery every 2 weeks, 10% off"). */
@Entity({ tableName: 'selling_plans' })
@Index({ properties: ['groupId', 'position'] })
export class SellingPlan extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  groupId!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  /** The plan's value for each of its group's options, in option order. */
  @Property({ type: 'json' })
  options!: { name: string; value: string }[];

  @Property({ type: 'boolean' })
  recurringDeliveries: Opt<boolean> = false;

  @Property({ type: 'json', nullable: true })
  billingPolicy?: SellingPlanRecurringPolicy | null;

  @Property({ type: 'json', nullable: true })
  deliveryPolicy?: SellingPlanRecurringPolicy | null;

  @Property({ type: 'json' })
  checkoutCharge!: SellingPlanCheckoutCharge;

  /** At most two, in the order they apply. */
  @Property({ type: 'json' })
  priceAdjustments!: SellingPlanPriceAdjustment[];

  /** 1-based within the group. */
  @Property({ type: 'integer' })
  position!: number;
}
