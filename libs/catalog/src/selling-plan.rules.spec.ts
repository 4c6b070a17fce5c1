import { adjustedPrice, sellingPlanGroupRows } from './selling-plan.rules.js';
import type { NewSellingPlanGroup } from './selling-plan.inputs.js';

const weekly = (n: number) => ({
  name: `Delivery every ${n} weeks`,
  options: [`${n} weeks`],
  billingPolicy: { interval: 'WEEK' as const, intervalCount: n },
  deliveryPolicy: { interval: 'WEEK' as const, intervalCount: n },
  priceAdjustments: [{ orderCount: null, adjustmentValue: { type: 'percentage' as const, value: '10' } }],
});
const group: NewSellingPlanGroup = { name: 'Subscribe and save', options: ['Delivery every'], sellingPlans: [weekly(1), weekly(2), weekly(4)], productIds: [3, 3, 5] };

describe('sellingPlanGroupRows', () => {
  it("gathers the group's option values from its plans and fills the plans' defaults", () => {
    const rows = sellingPlanGroupRows(group);
    expect(rows.group).toEqual({ name: 'Subscribe and save', appName: null, options: [{ name: 'Delivery every', values: ['1 weeks', '2 weeks', '4 weeks'] }] });
    expect(rows.productIds).toEqual([3, 5]);
    expect(rows.plans[1]).toEqual({
      name: 'Delivery every 2 weeks',
      description: null,
      options: [{ name: 'Delivery every', value: '2 weeks' }],
      recurringDeliveries: true,
      billingPolicy: { interval: 'WEEK', intervalCount: 2 },
      deliveryPolicy: { interval: 'WEEK', intervalCount: 2 },
      checkoutCharge: { type: 'PERCENTAGE', value: '100' },
      priceAdjustments: [{ orderCount: null, adjustmentValue: { type: 'percentage', value: '10' } }],
      position: 2,
    });
  });

  it.each([
    ['no options', { options: [] }, 'sellingPlanGroup.options'],
    ['a plan without a value per option', { sellingPlans: [{ ...weekly(1), options: [] }] }, 'sellingPlanGroup.sellingPlans[0].options'],
    ['two plans with the same options', { sellingPlans: [weekly(1), weekly(1)] }, 'sellingPlanGroup.sellingPlans[1].options'],
    ['a zero interval', { sellingPlans: [{ ...weekly(1), deliveryPolicy: { interval: 'WEEK', intervalCount: 0 } }] }, 'sellingPlanGroup.sellingPlans[0].deliveryPolicy.intervalCount'],
    ['over 100 percent off', { sellingPlans: [{ ...weekly(1), priceAdjustments: [{ orderCount: null, adjustmentValue: { type: 'percentage', value: '120' } }] }] }, 'sellingPlanGroup.sellingPlans[0].priceAdjustments[0].adjustmentValue.value'],
    ['three adjustments', { sellingPlans: [{ ...weekly(1), priceAdjustments: Array(3).fill(weekly(1).priceAdjustments[0]) }] }, 'sellingPlanGroup.sellingPlans[0].priceAdjustments'],
    ['a first adjustment forever', { sellingPlans: [{ ...weekly(1), priceAdjustments: [weekly(1).priceAdjustments[0], weekly(1).priceAdjustments[0]] }] }, 'sellingPlanGroup.sellingPlans[0].priceAdjustments[0].orderCount'],
    ['a float-noise amount', { sellingPlans: [{ ...weekly(1), priceAdjustments: [{ orderCount: null, adjustmentValue: { type: 'fixed_amount', value: '1.005' } }] }] }, 'sellingPlanGroup.sellingPlans[0].priceAdjustments[0].adjustmentValue.value'],
  ])('refuses %s', (_label, change, field) => {
    expect(() => sellingPlanGroupRows({ ...group, ...change } as NewSellingPlanGroup)).toThrow(expect.objectContaining({ kind: 'UNPROCESSABLE', field }));
  });
});

describe('adjustedPrice', () => {
  it('takes a percentage off exactly (half-up to the cent), an amount off down to zero, or sets a price', () => {
    expect(adjustedPrice('19.99', { type: 'percentage', value: '10' })).toBe('17.99'); // 17.991
    expect(adjustedPrice('19.95', { type: 'percentage', value: '10' })).toBe('17.96'); // 17.955
    expect(adjustedPrice('0.10', { type: 'percentage', value: '33.33' })).toBe('0.07');
    expect(adjustedPrice('5.00', { type: 'fixed_amount', value: '7.50' })).toBe('0.00');
    expect(adjustedPrice('25.00', { type: 'fixed_amount', value: '2.55' })).toBe('22.45');
    expect(adjustedPrice('25.00', { type: 'price', value: '20' })).toBe('20.00');
  });
});
