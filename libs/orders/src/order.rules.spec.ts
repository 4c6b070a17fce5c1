import type { NewOrder } from './order.inputs.js';
import { lineItemsSubtotal, orderRows } from './order.rules.js';

const order: NewOrder = {
  name: '#1001',
  number: 1001,
  currency: 'usd',
  subtotalPrice: '50.30',
  totalTax: '3.65',
  totalPrice: '53.95',
  processedAt: new Date('2026-10-01T00:00:00Z'),
  lineItems: [
    { title: 'Tee', price: '10.10', quantity: 3 },
    { title: 'Mug', price: '20', quantity: 1 },
  ],
};

describe('orderRows', () => {
  it('sums lines exactly (no float drift)', () => {
    expect(lineItemsSubtotal([{ price: '0.10', quantity: 3 }, { price: '0.20', quantity: 1 }])).toBe('0.50');
  });

  it('accepts totals that add up and normalises money and currency', () => {
    const rows = orderRows(order);
    expect(rows.order).toMatchObject({ currency: 'USD', subtotalPrice: '50.30', financialStatus: 'pending', fulfillmentStatus: 'unfulfilled', closedAt: null });
    expect(rows.lineItems[1]).toMatchObject({ price: '20.00', productId: null });
  });

  it('keeps a copy of every part of its addresses, checked and completed as every address is (@platform/contact)', () => {
    const rows = orderRows({ ...order, shippingAddress: { city: ' Toronto ', countryCode: 'ca', provinceCode: 'on' } as NewOrder['shippingAddress'] });
    expect(rows.order.shippingAddress).toEqual({
      firstName: null, lastName: null, company: null, address1: null, address2: null, city: 'Toronto', province: 'Ontario', provinceCode: 'ON',
      country: 'Canada', countryCode: 'CA', zip: null, phone: null,
    });
    expect(rows.order.billingAddress).toBeNull();
    expect(() => orderRows({ ...order, billingAddress: { country: 'Atlantis' } as NewOrder['billingAddress'] })).toThrow(
      expect.objectContaining({ field: 'order.billingAddress.country', code: 'INVALID' }),
    );
  });

  it('refuses a subtotal that is not the sum of the lines, and a total that is not subtotal plus tax', () => {
    expect(() => orderRows({ ...order, subtotalPrice: '50.31', totalPrice: '53.96' })).toThrow(expect.objectContaining({ code: 'TOTALS_MISMATCH', field: 'order.subtotalPrice' }));
    expect(() => orderRows({ ...order, totalPrice: '54.00' })).toThrow(expect.objectContaining({ code: 'TOTALS_MISMATCH', field: 'order.totalPrice' }));
  });

  it('gives an import without transactions the payments its financial status stands for', () => {
    const kinds = (financialStatus: NewOrder['financialStatus']) => orderRows({ ...order, financialStatus }).transactions.map((t) => [t.kind, t.amount]);
    expect(kinds('pending')).toEqual([]);
    expect(kinds('paid')).toEqual([['sale', '53.95']]);
    // Half paid, rounded down to the cent: 26.975 → 26.97, the rest due.
    expect(kinds('partially_paid')).toEqual([['sale', '26.97']]);
    expect(kinds('authorized')).toEqual([['authorization', '53.95']]);
  });

  it('refuses refunds and fulfillments of a line that is not the order\'s, or of more units than are left', () => {
    const at = new Date('2026-10-02T00:00:00Z');
    const paid = { ...order, financialStatus: 'paid' as const };
    const cases: [NewOrder, string, string][] = [
      [{ ...paid, refunds: [{ processedAt: at, lineItems: [{ line: 2, quantity: 1 }] }] }, 'order.refunds[0].lineItems[0].line', 'must name a line item of the order'],
      [{ ...paid, refunds: [{ processedAt: at, lineItems: [{ line: 0, quantity: 2 }] }, { processedAt: at, lineItems: [{ line: 0, quantity: 2 }] }] }, 'order.refunds[1].lineItems[0].quantity', 'must be between 1 and the quantity not yet refunded'],
      [{ ...paid, fulfillments: [{ lineItems: [{ line: -1, quantity: 1 }] }] }, 'order.fulfillments[0].lineItems[0].line', 'must name a line item of the order'],
      [{ ...paid, fulfillments: [{ lineItems: [{ line: 1, quantity: 1 }] }, { lineItems: [{ line: 1, quantity: 1 }] }] }, 'order.fulfillments[1].lineItems[0].quantity', 'must be between 1 and the quantity not yet fulfilled'],
      [{ ...paid, fulfillments: [{ lineItems: [{ line: 0, quantity: 0 }] }] }, 'order.fulfillments[0].lineItems[0].quantity', 'must be between 1 and the quantity not yet fulfilled'],
    ];
    for (const [input, field, message] of cases) {
      expect(() => orderRows(input)).toThrow(expect.objectContaining({ field, message: expect.stringContaining(message) }));
    }
  });

  it('refuses empty orders, zero quantities and unknown statuses', () => {
    expect(() => orderRows({ ...order, lineItems: [] })).toThrow(expect.objectContaining({ field: 'order.lineItems' }));
    expect(() => orderRows({ ...order, lineItems: [{ ...order.lineItems[0], quantity: 0 }] })).toThrow(expect.objectContaining({ field: 'order.lineItems[0].quantity' }));
    expect(() => orderRows({ ...order, financialStatus: 'stolen' as never })).toThrow(expect.objectContaining({ field: 'order.financialStatus' }));
  });
});

describe('orderRows refunds', () => {
  const paid: NewOrder = { ...order, financialStatus: 'refunded', lineItems: [{ title: 'A', price: '0.05', quantity: 3 }], subtotalPrice: '0.15', totalTax: '0.01', totalPrice: '0.16' };

  it('refunds every unit for at most what was paid, though rounded tax shares add up to more', () => {
    const unit = { processedAt: new Date(), lineItems: [{ line: 0, quantity: 1 }] };
    const rows = orderRows({ ...paid, totalTax: '0.02', totalPrice: '0.17', refunds: [unit, unit, unit] });
    // Each unit carries a third of 0.02, rounded to 0.01: the last refund gets what is left of the 0.17 paid.
    expect(rows.transactions.map((t) => [t.kind, t.amount])).toEqual([['sale', '0.17'], ['refund', '0.06'], ['refund', '0.06'], ['refund', '0.05']]);
  });

  it('refuses a refund of more than was paid, and more units than the line has', () => {
    expect(() => orderRows({ ...paid, refunds: [{ processedAt: new Date(), amount: '0.17' }] })).toThrow(expect.objectContaining({ field: 'order.refunds[0].amount' }));
    expect(() => orderRows({ ...paid, refunds: [{ processedAt: new Date(), lineItems: [{ line: 0, quantity: 4 }] }] })).toThrow(expect.objectContaining({ field: 'order.refunds[0].lineItems[0].quantity' }));
  });
});
