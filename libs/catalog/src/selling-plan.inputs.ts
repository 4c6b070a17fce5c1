import type { SellingPlanCheckoutCharge, SellingPlanPriceAdjustment, SellingPlanRecurringPolicy } from './selling-plan.entity.js';

export interface NewSellingPlan {
  name: string;
  description?: string | null;
  /** The plan's value for each of its group's options, in option order. */
  options: string[];
  /** Defaults to true when the plan has a delivery policy. */
  recurringDeliveries?: boolean;
  billingPolicy?: SellingPlanRecurringPolicy | null;
  deliveryPolicy?: SellingPlanRecurringPolicy | null;
  /** Defaults to the whole price at checkout. */
  checkoutCharge?: SellingPlanCheckoutCharge;
  priceAdjustments?: SellingPlanPriceAdjustment[];
}

export interface NewSellingPlanGroup {
  name: string;
  appName?: string | null;
  /** Names of the options plans vary by (at most three), e.g. ['Delivery every']. */
  options: string[];
  sellingPlans: NewSellingPlan[];
  /** Products (of the same shop, by plain id) offered with this group. */
  productIds?: number[];
}
