import fc from 'fast-check';
import { Decimal } from '@platform/money';
import { currentTotals } from './current-totals.rules.js';
import { orderTotal } from './order.rules.js';
import { lineRefundMoney } from './refund.rules.js';

// Two lines (2 × 10.00 and 1 × 5.50), 1.00 off the second, 4.00 shipping, 2.04 tax: total 30.54.
const ORDER = { subtotalPrice: '25.50', totalDiscounts: '1.00', totalShipping: '4.00', totalTax: '2.04', totalPrice: '30.54' };

describe('currentTotals', () => {
  it('without refunds: the totals as placed', () => {
    expect(currentTotals(ORDER, [])).toEqual(ORDER);
  });

  it('a refunded unit leaves the subtotal at its price and the total with its tax', () => {
    const refund = { shipping: '0.00', lineItems: [{ subtotal: '10.00', totalTax: '0.80', originalSubtotal: '10.00' }] };
    expect(currentTotals(ORDER, [refund])).toEqual({ subtotalPrice: '15.50', totalDiscounts: '1.00', totalShipping: '4.00', totalTax: '1.24', totalPrice: '19.74' });
  });

  it('a refunded discounted line takes its share of the discount with it', () => {
    const refund = { shipping: '0.00', lineItems: [{ subtotal: '4.50', totalTax: '0.44', originalSubtotal: '5.50' }] };
    expect(currentTotals(ORDER, [refund])).toEqual({ subtotalPrice: '20.00', totalDiscounts: '0.00', totalShipping: '4.00', totalTax: '1.60', totalPrice: '25.60' });
  });

  it('refunded shipping leaves the shipping; a refund of money alone changes nothing', () => {
    const shippingOnly = { shipping: '4.00', lineItems: [] };
    const moneyOnly = { shipping: '0.00', lineItems: [] };
    expect(currentTotals(ORDER, [shippingOnly, moneyOnly])).toEqual({ ...ORDER, totalShipping: '0.00', totalPrice: '26.54' });
  });

  it('refunding every unit and the shipping, in any pieces, leaves exactly zero', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 900 })),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        ([cents, quantity, discountCents, taxCents], pieces) => {
          fc.pre(discountCents <= cents * quantity);
          const price = new Decimal(cents).dividedBy(100).toFixed(2);
          const discount = new Decimal(discountCents).dividedBy(100).toFixed(2);
          const tax = new Decimal(taxCents).dividedBy(100).toFixed(2);
          const subtotalPrice = new Decimal(price).times(quantity).toFixed(2);
          const parts = { subtotalPrice, totalDiscounts: discount, totalShipping: '3.00', totalTax: tax };
          const order = { ...parts, totalPrice: orderTotal(parts) };
          const refundable = { id: 1, variantId: null, quantity, refundedQuantity: 0, price, discount: discount, tax };
          const lineItems = [];
          let before = 0;
          for (const piece of pieces) {
            const units = Math.min(piece, quantity - before);
            if (units === 0) break;
            lineItems.push({ ...lineRefundMoney(refundable, before, units), originalSubtotal: new Decimal(price).times(units).toFixed(2) });
            before += units;
          }
          if (before < quantity) {
            lineItems.push({ ...lineRefundMoney(refundable, before, quantity - before), originalSubtotal: new Decimal(price).times(quantity - before).toFixed(2) });
          }
          const current = currentTotals(order, [{ shipping: '3.00', lineItems }]);
          expect(current).toEqual({ subtotalPrice: '0.00', totalDiscounts: '0.00', totalShipping: '0.00', totalTax: '0.00', totalPrice: '0.00' });
        },
      ),
    );
  });
});
