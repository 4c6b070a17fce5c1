import { toGlobalId } from '@platform/ids';
import type { MoneyV2 } from '@platform/money';
import type { SellingPlanGroupRecord, SellingPlanRecord } from '../../selling-plan.records.js';
import type { StorefrontSellingPlan, StorefrontSellingPlanGroup, StorefrontSellingPlanPriceAdjustment } from './selling-plan.type.js';

type Money = (amount: string) => MoneyV2;

export function sellingPlanGroupView(group: SellingPlanGroupRecord, money: Money): StorefrontSellingPlanGroup {
  return { name: group.name, appName: group.appName, options: group.options, plans: group.sellingPlans.map((plan) => sellingPlanView(plan, money)) };
}

function sellingPlanView(plan: SellingPlanRecord, money: Money): StorefrontSellingPlan {
  return {
    id: toGlobalId('SellingPlan', plan.id),
    name: plan.name,
    description: plan.description,
    recurringDeliveries: plan.recurringDeliveries,
    options: plan.options,
    priceAdjustments: plan.priceAdjustments.map((a) => adjustmentView(a, money)),
  };
}

function adjustmentView(adjustment: SellingPlanRecord['priceAdjustments'][number], money: Money): StorefrontSellingPlanPriceAdjustment {
  const { type, value } = adjustment.adjustmentValue;
  const adjustmentValue =
    type === 'percentage'
      ? { __typename: 'SellingPlanPercentagePriceAdjustment' as const, adjustmentPercentage: Number(value) }
      : type === 'fixed_amount'
        ? { __typename: 'SellingPlanFixedAmountPriceAdjustment' as const, adjustmentAmount: money(value) }
        : { __typename: 'SellingPlanFixedPriceAdjustment' as const, price: money(value) };
  return { orderCount: adjustment.orderCount, adjustmentValue };
}
