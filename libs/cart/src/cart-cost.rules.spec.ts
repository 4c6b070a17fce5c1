import fc from 'fast-check';
import { cartCost, discountAmount, lineTotal, totalQuantity } from './cart-cost.rules.js';
import type { CartLineRecord, DiscountRecord } from './cart.records.js';
import { discountRecord } from './testing/discount-code.factory.js';

const toCents = (amount: string) => BigInt(amount.replace('.', ''));
const NOW = new Date('2026-11-24T12:00:00Z');
const same = (amount: string) => amount;
const line = (id: number, price: string, quantity: number): CartLineRecord => ({ id, variantId: id, attributes: [], quantity, price, compareAtPrice: null });
// Cents as a money string, to generate exact amounts.
const cents = (n: bigint | number) => {
  const s = n.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

describe('lineTotal', () => {
  it.each([
    ['19.99', 3, '59.97'],
    ['0.10', 3, '0.30'],
    ['0.00', 5, '0.00'],
    ['999999999999999999.99', 2, '1999999999999999999.98'],
  ])('%s × %i = %s', (price, quantity, total) => expect(lineTotal(price, quantity)).toBe(total));
});

describe('discountAmount', () => {
  it.each<[Partial<DiscountRecord>, string, string]>([
    [{}, '100.00', '10.00'],
    [{}, '0.05', '0.01'], // 0.005 rounds half up
    [{}, '0.04', '0.00'],
    [{ value: '100.00' }, '12.34', '12.34'],
    [{ valueType: 'fixed_amount', value: '5.00' }, '12.34', '5.00'],
    [{ valueType: 'fixed_amount', value: '50.00' }, '12.34', '12.34'],
  ])('%j off %s is %s', (over, subtotal, off) => expect(discountAmount(discountRecord(over), subtotal, same)).toBe(off));
});

describe('cartCost', () => {
  it('adds the lines, takes the first applicable code off, and marks the others not applicable, saying why', () => {
    const cost = cartCost(
      {
        lines: [line(1, '19.99', 3), line(2, '5.01', 1)],
        discountCodes: ['nope', 'OLD', 'welcome10', 'FIVE', 'BIG'],
        discounts: [
          discountRecord(),
          discountRecord({ code: 'FIVE', valueType: 'fixed_amount', value: '5.00' }),
          discountRecord({ code: 'OLD', endsAt: new Date('2026-02-01T00:00:00Z') }),
          discountRecord({ code: 'BIG', minimumSubtotal: '100.00' }),
        ],
      },
      NOW,
      same,
    );
    expect(cost).toMatchObject({ subtotal: '64.98', discount: '6.50', tax: '0.00', total: '58.48', appliedCode: 'WELCOME10' });
    expect(cost.codes).toEqual([
      { code: 'nope', applicable: false, refusal: 'NOT_FOUND' },
      { code: 'OLD', applicable: false, refusal: 'INACTIVE' },
      { code: 'welcome10', applicable: true, refusal: null },
      // Applicable on its own, kept out because codes do not combine.
      { code: 'FIVE', applicable: false, refusal: 'NOT_HONOURED' },
      // Its own reason wins over the other code's.
      { code: 'BIG', applicable: false, refusal: 'NOT_IN_RANGE' },
    ]);
    expect([...cost.lineTotals]).toEqual([
      [1, '59.97'],
      [2, '5.01'],
    ]);
  });

  it('of an empty cart is zero', () => {
    expect(cartCost({ lines: [], discountCodes: [], discounts: [] }, NOW, same)).toMatchObject({ subtotal: '0.00', total: '0.00', appliedCode: null });
  });

  const lines = fc.array(fc.record({ cents: fc.bigInt({ min: 0n, max: 10n ** 20n }), quantity: fc.integer({ min: 1, max: 1_000_000 }) }), { maxLength: 250 });
  const anyDiscount = fc.oneof(
    fc.integer({ min: 1, max: 10_000 }).map((bp) => discountRecord({ value: cents(bp) })),
    fc.bigInt({ min: 1n, max: 10n ** 12n }).map((c) => discountRecord({ valueType: 'fixed_amount', value: cents(c) })),
  );

  it('is exact: the subtotal is the sum of the lines (computed in integer cents), total = subtotal − discount, 0 <= discount <= subtotal', () => {
    fc.assert(
      fc.property(lines, anyDiscount, (ls, d) => {
        const records = ls.map((l, i) => line(i + 1, cents(l.cents), l.quantity));
        const cost = cartCost({ lines: records, discountCodes: [d.code], discounts: [d] }, NOW, same);
        const expected = ls.reduce((sum, l) => sum + l.cents * BigInt(l.quantity), 0n);
        expect(cost.subtotal).toBe(cents(expected));
        expect(toCents(cost.discount) >= 0n && toCents(cost.discount) <= expected).toBe(true);
        expect(toCents(cost.total) + toCents(cost.discount)).toBe(expected);
        expect(cost.total).toMatch(/^\d+\.\d{2}$/);
      }),
    );
  });

  it('a percentage takes exactly round-half-up(subtotal × percent / 100) off', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 1, max: 10_000 }), (sub, bp) => {
        const cost = cartCost({ lines: [line(1, cents(sub), 1)], discountCodes: ['x'], discounts: [discountRecord({ code: 'X', value: cents(bp) })] }, NOW, same);
        // In integer arithmetic: sub cents × bp / 10,000, rounded half up.
        const expected = (sub * BigInt(bp) * 2n + 10_000n) / 20_000n;
        expect(cost.discount).toBe(cents(expected));
      }),
    );
  });

  it('totalQuantity adds the units', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 250 }), (qs) => expect(totalQuantity(qs.map((q) => ({ quantity: q })))).toBe(qs.reduce((a, b) => a + b, 0))));
  });
});
