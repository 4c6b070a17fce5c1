import type { SellingPlanGroupOption } from './selling-plan-group.entity.js';
import type { SellingPlanCheckoutCharge, SellingPlanPriceAdjustment, SellingPlanRecurringPolicy } from './selling-plan.entity.js';

export interface ImportedSellingPlanGroup {
  id: number;
  sellingPlanIds: number[];
}

export interface SellingPlanRecord {
  id: number;
  groupId: number;
  name: string;
  description: string | null;
  options: { name: string; value: string }[];
  recurringDeliveries: boolean;
  billingPolicy: SellingPlanRecurringPolicy | null;
  deliveryPolicy: SellingPlanRecurringPolicy | null;
  checkoutCharge: SellingPlanCheckoutCharge;
  priceAdjustments: SellingPlanPriceAdjustment[];
}

export interface SellingPlanGroupRecord {
  id: number;
  name: string;
  appName: string | null;
  options: SellingPlanGroupOption[];
  sellingPlans: SellingPlanRecord[];
}
