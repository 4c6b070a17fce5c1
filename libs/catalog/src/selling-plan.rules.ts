import { checkTitle } from '@platform/errors';
import { Decimal, parseMoney } from '@platform/money';
import { type Invalid, invalidAt } from './catalog.errors.js';
import type { SellingPlanGroupOption } from './selling-plan-group.entity.js';
import {
  PRICE_ADJUSTMENT_TYPES,
  SELLING_PLAN_INTERVALS,
  type SellingPlanCheckoutCharge,
  type SellingPlanPriceAdjustment,
  type SellingPlanRecurringPolicy,
} from './selling-plan.entity.js';
import type { NewSellingPlan, NewSellingPlanGroup } from './selling-plan.inputs.js';

export const MAX_GROUP_OPTIONS = 3;
export const MAX_PRICE_ADJUSTMENTS = 2;
export const MAX_SELLING_PLANS = 31;
const PERCENTAGE = /^\d{1,3}(?:\.\d{1,2})?$/;

/** Validates a selling plan group with its plans; the group's options gather each option's values in plan order. */
export function sellingPlanGroupRows(input: NewSellingPlanGroup, field = 'sellingPlanGroup') {
  const invalid = invalidAt(field);
  const names = input.options.map((o, i) => checkTitle(o, invalid, `options[${i}]`));
  if (names.length === 0 || names.length > MAX_GROUP_OPTIONS) throw invalid('options', `must have 1 to ${MAX_GROUP_OPTIONS} options`);
  if (new Set(names).size !== names.length) throw invalid('options', 'names must be unique');
  if (input.sellingPlans.length === 0) throw invalid('sellingPlans', 'must have at least one selling plan', 'BLANK');
  if (input.sellingPlans.length > MAX_SELLING_PLANS) throw invalid('sellingPlans', `can have at most ${MAX_SELLING_PLANS} selling plans`);

  const combinations = new Set<string>();
  const plans = input.sellingPlans.map((plan, i) => {
    const row = sellingPlanRow(plan, names, invalidAt(`${field}.sellingPlans[${i}]`), i + 1);
    const combination = JSON.stringify(row.options.map((o) => o.value));
    if (combinations.has(combination)) throw invalid(`sellingPlans[${i}].options`, 'already used by another selling plan', 'TAKEN');
    combinations.add(combination);
    return row;
  });
  const options: SellingPlanGroupOption[] = names.map((name, o) => ({ name, values: [...new Set(plans.map((p) => p.options[o].value))] }));
  const productIds = [...new Set(input.productIds ?? [])];
  productIds.forEach((id, i) => {
    if (!Number.isSafeInteger(id) || id <= 0) throw invalid(`productIds[${i}]`, 'must be a product id');
  });
  return { group: { name: checkTitle(input.name, invalid, 'name'), appName: input.appName?.trim() || null, options }, plans, productIds };
}

function sellingPlanRow(plan: NewSellingPlan, optionNames: string[], invalid: Invalid, position: number) {
  if (plan.options.length !== optionNames.length) throw invalid('options', `must have one value per group option (${optionNames.length})`);
  const options = plan.options.map((value, o) => ({ name: optionNames[o], value: checkTitle(value, invalid, `options[${o}]`) }));
  const billingPolicy = policy(plan.billingPolicy, invalid, 'billingPolicy');
  const deliveryPolicy = policy(plan.deliveryPolicy, invalid, 'deliveryPolicy');
  const adjustments = plan.priceAdjustments ?? [];
  if (adjustments.length > MAX_PRICE_ADJUSTMENTS) throw invalid('priceAdjustments', `can have at most ${MAX_PRICE_ADJUSTMENTS} price adjustments`);
  const priceAdjustments = adjustments.map((a, i) => priceAdjustment(a, invalid, `priceAdjustments[${i}]`, i === adjustments.length - 1));
  return {
    name: checkTitle(plan.name, invalid, 'name'),
    description: plan.description?.trim() || null,
    options,
    recurringDeliveries: plan.recurringDeliveries ?? deliveryPolicy !== null,
    billingPolicy,
    deliveryPolicy,
    checkoutCharge: checkoutCharge(plan.checkoutCharge ?? { type: 'PERCENTAGE', value: '100' }, invalid),
    priceAdjustments,
    position,
  };
}

function policy(input: SellingPlanRecurringPolicy | null | undefined, invalid: Invalid, path: string): SellingPlanRecurringPolicy | null {
  if (input == null) return null;
  if (!SELLING_PLAN_INTERVALS.includes(input.interval)) throw invalid(`${path}.interval`, `must be one of ${SELLING_PLAN_INTERVALS.join(', ')}`);
  if (!Number.isSafeInteger(input.intervalCount) || input.intervalCount < 1) throw invalid(`${path}.intervalCount`, 'must be a positive integer');
  return { interval: input.interval, intervalCount: input.intervalCount };
}

// Only the last adjustment may apply forever (orderCount null); an earlier one applies to its first orders.
function priceAdjustment(input: SellingPlanPriceAdjustment, invalid: Invalid, path: string, last: boolean): SellingPlanPriceAdjustment {
  const orderCount = input.orderCount ?? null;
  if (orderCount !== null && (!Number.isSafeInteger(orderCount) || orderCount < 1)) throw invalid(`${path}.orderCount`, 'must be a positive integer');
  if (orderCount === null && !last) throw invalid(`${path}.orderCount`, 'is required on all but the last price adjustment', 'BLANK');
  const { type, value } = input.adjustmentValue;
  if (!PRICE_ADJUSTMENT_TYPES.includes(type)) throw invalid(`${path}.adjustmentValue.type`, `must be one of ${PRICE_ADJUSTMENT_TYPES.join(', ')}`);
  let exact: string | null;
  if (type === 'percentage') exact = PERCENTAGE.test(value) && new Decimal(value).lte(100) ? new Decimal(value).toString() : null;
  else exact = parseMoney(value);
  if (exact === null) {
    throw invalid(`${path}.adjustmentValue.value`, type === 'percentage' ? 'must be a percentage from 0 to 100' : 'must be a non-negative amount with at most two decimals');
  }
  return { orderCount, adjustmentValue: { type, value: exact } };
}

function checkoutCharge(input: SellingPlanCheckoutCharge, invalid: Invalid): SellingPlanCheckoutCharge {
  if (input.type === 'PERCENTAGE' && PERCENTAGE.test(input.value) && new Decimal(input.value).lte(100)) {
    return { type: 'PERCENTAGE', value: new Decimal(input.value).toString() };
  }
  const price = input.type === 'PRICE' ? parseMoney(input.value) : null;
  if (price === null) throw invalid('checkoutCharge', 'must be a PERCENTAGE from 0 to 100 or a PRICE amount');
  return { type: 'PRICE', value: price };
}

/**
 * A price after one adjustment, exact to the cent: a percentage off (rounded half-up), an amount off (never
 * below zero) or a new price.
 */
export function adjustedPrice(price: Decimal.Value, adjustment: SellingPlanPriceAdjustment['adjustmentValue']): string {
  const base = new Decimal(price);
  switch (adjustment.type) {
    case 'percentage':
      return base.minus(base.times(adjustment.value).div(100)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    case 'fixed_amount':
      return Decimal.max(0, base.minus(adjustment.value)).toFixed(2);
    case 'price':
      return new Decimal(adjustment.value).toFixed(2);
  }
}
