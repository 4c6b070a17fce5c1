import type { FinancialStatus } from './order.entity.js';
import {
  type OrderState,
  cancelProblems,
  closedAtAfterClose,
  financialStatusAfterCancel,
  financialStatusAfterRefund,
  fulfillmentStatusAfterRefund,
  stateAfterCancel,
} from './order-status.rules.js';

const open: OrderState = { financialStatus: 'paid', fulfillmentStatus: 'unfulfilled', closedAt: null, cancelledAt: null };
const now = new Date('2026-11-24T12:00:00Z');
const earlier = new Date('2026-11-01T00:00:00Z');

describe('financial status after a refund', () => {
  it.each<[FinancialStatus, string, string, FinancialStatus]>([
    ['paid', '50.00', '0.00', 'paid'],
    ['paid', '50.00', '0.01', 'partially_refunded'],
    ['paid', '50.00', '49.99', 'partially_refunded'],
    ['paid', '50.00', '50.00', 'refunded'],
    ['partially_refunded', '50.00', '50.00', 'refunded'],
    ['partially_paid', '20.00', '5.00', 'partially_refunded'],
    ['pending', '0.00', '0.00', 'pending'],
  ])('%s, %s paid, %s refunded: %s', (current, paid, refunded, after) => {
    expect(financialStatusAfterRefund(current, paid, refunded)).toBe(after);
  });
});

describe('financial status after a cancellation', () => {
  it.each<[FinancialStatus, string, string, FinancialStatus]>([
    ['authorized', '0.00', '0.00', 'voided'],
    ['pending', '0.00', '0.00', 'pending'],
    ['paid', '50.00', '0.00', 'paid'],
    ['paid', '50.00', '50.00', 'refunded'],
    ['partially_refunded', '50.00', '50.00', 'refunded'],
  ])('%s, %s paid, %s refunded: %s', (current, paid, refunded, after) => {
    expect(financialStatusAfterCancel(current, paid, refunded)).toBe(after);
  });
});

describe('fulfillment status after a refund', () => {
  it.each<[string, OrderState['fulfillmentStatus'], { bought: number; refunded: number; restocked: number }, OrderState['fulfillmentStatus']]>([
    ['every unit refunded and restocked', 'unfulfilled', { bought: 3, refunded: 3, restocked: 3 }, 'restocked'],
    ['a unit left', 'unfulfilled', { bought: 3, refunded: 2, restocked: 2 }, 'unfulfilled'],
    ['a unit refunded without restock', 'unfulfilled', { bought: 3, refunded: 3, restocked: 2 }, 'unfulfilled'],
    ['goods that left', 'fulfilled', { bought: 3, refunded: 3, restocked: 3 }, 'fulfilled'],
    ['nothing bought', 'unfulfilled', { bought: 0, refunded: 0, restocked: 0 }, 'unfulfilled'],
  ])('%s', (_case, current, units, after) => {
    expect(fulfillmentStatusAfterRefund(current, units)).toBe(after);
  });
});

describe('close, open and cancel', () => {
  it('closes an open order now and keeps the close time of a closed one', () => {
    expect(closedAtAfterClose(open, now)).toBe(now);
    expect(closedAtAfterClose({ closedAt: earlier }, now)).toBe(earlier);
  });

  it('cancels and closes, keeping an earlier close time', () => {
    expect(stateAfterCancel(open, now)).toEqual({ cancelledAt: now, closedAt: now });
    expect(stateAfterCancel({ ...open, closedAt: earlier }, now)).toEqual({ cancelledAt: now, closedAt: earlier });
  });

  it.each<[string, OrderState, string, string | null, { code: string; field: string; message: string }[]]>([
    ['an open paid order', open, 'customer', null, []],
    ['a closed order', { ...open, closedAt: earlier }, 'fraud', 'chargeback risk', []],
    ['a restocked order', { ...open, fulfillmentStatus: 'restocked' }, 'other', '', []],
    ['an order cancelled before', { ...open, cancelledAt: earlier }, 'staff', null, [{ code: 'INVALID_STATE', field: 'orderId', message: 'Order has already been cancelled' }]],
    [
      'a fulfilled order',
      { ...open, fulfillmentStatus: 'fulfilled' },
      'customer',
      null,
      [{ code: 'INVALID_STATE', field: 'orderId', message: 'Order cannot be cancelled once it has fulfilled items' }],
    ],
    [
      'a partly fulfilled order',
      { ...open, fulfillmentStatus: 'partial' },
      'customer',
      null,
      [{ code: 'INVALID_STATE', field: 'orderId', message: 'Order cannot be cancelled once it has fulfilled items' }],
    ],
    ['an unknown reason', open, 'bored', null, [{ code: 'INVALID', field: 'reason', message: 'Reason must be one of CUSTOMER, DECLINED, FRAUD, INVENTORY, OTHER, STAFF' }]],
    ['a staff note too long', open, 'other', 'x'.repeat(5001), [{ code: 'INVALID', field: 'staffNote', message: 'Staff note is too long (maximum is 5000 characters)' }]],
  ])('cancelling %s', (_case, order, reason, note, problems) => {
    expect(cancelProblems(order, reason, note).map((p) => ({ code: p.code, field: p.field, message: p.message }))).toEqual(problems);
  });
});
