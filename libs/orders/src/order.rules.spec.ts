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

  it('refuses a subtotal that is not the sum of the lines, and a total that is not subtotal plus tax', () => {
    expect(() => orderRows({ ...order, subtotalPrice: '50.31', totalPrice: '53.96' })).toThrow(expect.objectContaining({ code: 'TOTALS_MISMATCH', field: 'order.subtotalPrice' }));
    expect(() => orderRows({ ...order, totalPrice: '54.00' })).toThrow(expect.objectContaining({ code: 'TOTALS_MISMATCH', field: 'order.totalPrice' }));
  });

  it('refuses empty orders, zero quantities and unknown statuses', () => {
    expect(() => orderRows({ ...order, lineItems: [] })).toThrow(expect.objectContaining({ field: 'order.lineItems' }));
    expect(() => orderRows({ ...order, lineItems: [{ ...order.lineItems[0], quantity: 0 }] })).toThrow(expect.objectContaining({ field: 'order.lineItems[0].quantity' }));
    expect(() => orderRows({ ...order, financialStatus: 'stolen' as never })).toThrow(expect.objectContaining({ field: 'order.financialStatus' }));
  });
});
