import fc from 'fast-check';
import { Decimal } from '@platform/money';
import {
  type PaymentTransaction,
  type RefundRequest,
  type RefundableOrder,
  allocate,
  cancellationRefund,
  checkRefund,
  lineRefundMoney,
  paidAmount,
  refundableAmount,
  refundableByPayment,
  refundableQuantities,
  refundedAmount,
  suggestedRefund,
} from './refund.rules.js';

const sale = (id: number, amount: string, extra: Partial<PaymentTransaction> = {}): PaymentTransaction => ({
  id,
  kind: 'sale',
  status: 'success',
  amount,
  parentId: null,
  gateway: 'manual',
  ...extra,
});
const refund = (id: number, amount: string, parentId: number | null): PaymentTransaction => ({ ...sale(id, amount), kind: 'refund', parentId });

// Two tees at 10.00 with 1.60 tax, a mug at 5.50 with 0.44 tax and a 1.00 discount, 4.00 shipping (30.54), and
// 37.54 paid in two payments (a failed sale and an authorization do not count).
const order: RefundableOrder = {
  currency: 'USD',
  lines: [
    { id: 1, variantId: 11, quantity: 2, refundedQuantity: 0, price: '10.00', discount: '0.00', tax: '1.60' },
    { id: 2, variantId: null, quantity: 1, refundedQuantity: 0, price: '5.50', discount: '1.00', tax: '0.44' },
  ],
  shipping: '4.00',
  shippingRefunded: '0.00',
  refunds: 0,
  transactions: [sale(100, '30.00'), sale(101, '7.54'), { ...sale(102, '9.99'), status: 'failure' }, { ...sale(103, '5.00'), kind: 'authorization' }],
};
const none: RefundRequest = { lines: [], transactions: [] };

it('refuses a refund of an order that holds the most refunds it can', () => {
  const request: RefundRequest = { lines: [], transactions: [{ amount: '1.00', kind: 'refund', parentId: 100 }] };
  expect(checkRefund({ ...order, refunds: 99 }, request).problems).toEqual([]);
  expect(checkRefund({ ...order, refunds: 100 }, request).problems.map((p) => [p.code, p.field, p.message])).toEqual([
    ['INVALID', 'orderId', 'The order already has 100 refunds, the most it can hold'],
  ]);
  const full = { ...order, transactions: [...order.transactions, ...Array.from({ length: 246 }, (_, i) => ({ ...sale(200 + i, '0.00'), kind: 'authorization' }))] };
  expect(full.transactions).toHaveLength(250);
  expect(checkRefund(full, request).problems.map((p) => [p.code, p.field])).toEqual([['INVALID', 'transactions']]);
});
const problemsOf = (request: RefundRequest, of: RefundableOrder = order) =>
  checkRefund(of, request).problems.map((p) => ({ code: p.code, field: p.field ?? null, message: p.message }));

describe('what an order can refund', () => {
  it('counts successful sales and captures as paid, successful refunds as refunded', () => {
    const refunded = { ...order, transactions: [...order.transactions, refund(104, '2.00', 100), { ...refund(105, '3.00', 100), status: 'failure' }] };
    expect(paidAmount(refunded)).toBe('37.54');
    expect(refundedAmount(refunded)).toBe('2.00');
    expect(refundableAmount(refunded)).toBe('35.54');
    expect(refundableByPayment(refunded).map((p) => [p.id, p.remaining.toFixed(2)])).toEqual([
      [100, '28.00'],
      [101, '7.54'],
    ]);
  });

  it('takes refunds naming no payment off the oldest payments', () => {
    const orphaned = { ...order, transactions: [...order.transactions, refund(104, '31.00', null)] };
    expect(refundableByPayment(orphaned).map((p) => p.remaining.toFixed(2))).toEqual(['0.00', '6.54']);
    expect(refundableAmount(orphaned)).toBe('6.54');
  });

  it('never answers less than nothing', () => {
    expect(refundableAmount({ transactions: [sale(1, '5.00'), refund(2, '6.00', 1)] })).toBe('0.00');
  });

  it('leaves each line its units bought less those refunded', () => {
    expect(refundableQuantities({ lines: [{ ...order.lines[0]!, refundedQuantity: 1 }, order.lines[1]!] })).toEqual(
      new Map([
        [1, 1],
        [2, 1],
      ]),
    );
  });

  it.each([
    // [units before, units now, subtotal, tax]
    [0, 1, '10.00', '0.80'],
    [1, 1, '10.00', '0.80'],
    [0, 2, '20.00', '1.60'],
  ])('a tee line after %i refunded, %i more: %s and %s tax', (before, units, subtotal, totalTax) => {
    expect(lineRefundMoney(order.lines[0]!, before, units)).toEqual({ subtotal, totalTax });
  });

  it('splits a line in pieces that add up to its subtotal and tax exactly', () => {
    const line = { id: 1, variantId: null, quantity: 3, refundedQuantity: 0, price: '3.33', discount: '0.01', tax: '1.00' };
    const parts = [lineRefundMoney(line, 0, 1), lineRefundMoney(line, 1, 1), lineRefundMoney(line, 2, 1)];
    expect(parts).toEqual([
      { subtotal: '3.33', totalTax: '0.33' },
      { subtotal: '3.32', totalTax: '0.34' },
      { subtotal: '3.33', totalTax: '0.33' },
    ]);
  });

  it.each([
    ['1.00', ['1', '1', '1'], ['0.34', '0.33', '0.33']],
    ['0.02', ['5', '0', '5'], ['0.01', '0.00', '0.01']],
    ['3.00', ['0', '0'], ['3.00', '0.00']],
    ['10.00', [], []],
  ])('allocates %s over %j as %j', (total, weights, parts) => {
    expect(allocate(total, weights)).toEqual(parts);
  });
});

describe('the suggested refund', () => {
  it('gives back the lines with their tax and the shipping, from the oldest payment first', () => {
    const suggested = suggestedRefund(order, [{ lineItemId: 1, quantity: 2, restockType: 'return' }, { lineItemId: 2, quantity: 1, restockType: 'no_restock' }], '4.00');
    expect(suggested.total).toBe('30.54');
    expect(suggested.transactions).toEqual([
      { parentId: 100, amount: '30.00', gateway: 'manual' },
      { parentId: 101, amount: '0.54', gateway: 'manual' },
    ]);
    expect(suggested.lines.map((l) => [l.subtotal, l.totalTax])).toEqual([
      ['20.00', '1.60'],
      ['4.50', '0.44'],
    ]);
  });

  it('suggests no more than the order has left', () => {
    const refunded = { ...order, transactions: [...order.transactions, refund(104, '37.00', null)] };
    expect(suggestedRefund(refunded, [{ lineItemId: 1, quantity: 1, restockType: 'no_restock' }], '0.00').total).toBe('0.54');
  });
});

describe('the refund of a cancellation', () => {
  const partly = {
    ...order,
    lines: [{ ...order.lines[0]!, refundedQuantity: 1 }, order.lines[1]!],
    shippingRefunded: '1.00',
    transactions: [...order.transactions, refund(104, '10.80', 100)],
  };

  it('gives back every unit left, the shipping left and all the money left', () => {
    expect(cancellationRefund(partly, { refund: true, restock: true })).toEqual({
      lines: [
        { lineItemId: 1, variantId: 11, quantity: 1, restockType: 'cancel', subtotal: '10.00', totalTax: '0.80' },
        { lineItemId: 2, variantId: null, quantity: 1, restockType: 'cancel', subtotal: '4.50', totalTax: '0.44' },
      ],
      shipping: '3.00',
      transactions: [
        { parentId: 100, amount: '19.20', gateway: 'manual' },
        { parentId: 101, amount: '7.54', gateway: 'manual' },
      ],
      total: '26.74',
    });
  });

  it('restocks without money, refunds without restock, and makes nothing when neither is asked or nothing is left', () => {
    const restockOnly = cancellationRefund(partly, { refund: false, restock: true })!;
    expect([restockOnly.total, restockOnly.shipping, restockOnly.lines.map((l) => l.restockType)]).toEqual(['0.00', '0.00', ['cancel', 'cancel']]);
    expect(cancellationRefund(partly, { refund: true, restock: false })!.lines.map((l) => l.restockType)).toEqual(['no_restock', 'no_restock']);
    expect(cancellationRefund(partly, { refund: false, restock: false })).toBeNull();
    const spent = { ...order, lines: order.lines.map((l) => ({ ...l, refundedQuantity: l.quantity })), shippingRefunded: '4.00', transactions: [...order.transactions, refund(104, '37.54', null)] };
    expect(cancellationRefund(spent, { refund: true, restock: true })).toBeNull();
  });
});

describe('checkRefund', () => {
  it('plans lines, shipping and transactions that fit', () => {
    const { plan, problems } = checkRefund(order, {
      lines: [{ lineItemId: 1, quantity: 1, restockType: 'return' }],
      shipping: { amount: '1.5' },
      transactions: [{ amount: '12.30', kind: 'refund', parentId: 100, gateway: null }],
      currency: 'usd',
    });
    expect(problems).toEqual([]);
    expect(plan).toEqual({
      lines: [{ lineItemId: 1, variantId: 11, quantity: 1, restockType: 'return', subtotal: '10.00', totalTax: '0.80' }],
      shipping: '1.50',
      transactions: [{ parentId: 100, amount: '12.30', gateway: 'manual' }],
      total: '12.30',
    });
  });

  it('spreads a transaction naming no payment over the payments, oldest first', () => {
    const { plan } = checkRefund(order, { lines: [], transactions: [{ amount: '31', kind: 'refund', parentId: null, gateway: 'cash' }] });
    expect(plan!.transactions).toEqual([
      { parentId: 100, amount: '30.00', gateway: 'cash' },
      { parentId: 101, amount: '1.00', gateway: 'cash' },
    ]);
  });

  it('refunds all the shipping left with fullRefund, and lines with no money', () => {
    const shipped = { ...order, shippingRefunded: '1.25' };
    expect(checkRefund(shipped, { ...none, shipping: { fullRefund: true, amount: '99' } }).plan!.shipping).toBe('2.75');
    expect(checkRefund(order, { ...none, lines: [{ lineItemId: 2, quantity: 1, restockType: 'cancel' }] }).plan!.total).toBe('0.00');
  });

  it.each<[string, RefundRequest, { code: string; field: string | null; message: string }[]]>([
    ['an empty refund', none, [{ code: 'BLANK', field: null, message: 'Refund must include line items, shipping or transactions' }]],
    [
      'a line of another order',
      { ...none, lines: [{ lineItemId: 99, quantity: 1, restockType: 'no_restock' }] },
      [{ code: 'NOT_FOUND', field: 'refundLineItems[0].lineItemId', message: 'Line item does not exist' }],
    ],
    [
      'a line twice',
      {
        ...none,
        lines: [
          { lineItemId: 1, quantity: 1, restockType: 'no_restock' },
          { lineItemId: 1, quantity: 1, restockType: 'no_restock' },
        ],
      },
      [{ code: 'INVALID', field: 'refundLineItems[1].lineItemId', message: 'Line item can only be refunded once in a refund' }],
    ],
    [
      'more units than are left',
      { ...none, lines: [{ lineItemId: 1, quantity: 3, restockType: 'no_restock' }] },
      [{ code: 'EXCEEDS_REFUNDABLE', field: 'refundLineItems[0].quantity', message: 'Quantity cannot be more than the 2 not yet refunded' }],
    ],
    [
      'no units',
      { ...none, lines: [{ lineItemId: 1, quantity: 0, restockType: 'no_restock' }] },
      [{ code: 'INVALID', field: 'refundLineItems[0].quantity', message: 'Quantity must be greater than 0' }],
    ],
    [
      'the legacy restock type',
      { ...none, lines: [{ lineItemId: 1, quantity: 1, restockType: 'legacy_restock' }] },
      [{ code: 'INVALID', field: 'refundLineItems[0].restockType', message: 'Restock type must be NO_RESTOCK, CANCEL or RETURN' }],
    ],
    [
      'more shipping than is left',
      { ...none, shipping: { amount: '4.01' } },
      [{ code: 'EXCEEDS_REFUNDABLE', field: 'shipping.shippingRefundAmount.amount', message: 'Amount cannot be more than the 4.00 of shipping not yet refunded' }],
    ],
    [
      'a shipping amount that is not money',
      { ...none, shipping: { amount: '-1' } },
      [{ code: 'INVALID', field: 'shipping.shippingRefundAmount.amount', message: 'Amount must be a non-negative amount with at most two decimals' }],
    ],
    [
      'another currency',
      { ...none, currency: 'EUR', transactions: [{ amount: '1', kind: 'refund', parentId: 100 }] },
      [{ code: 'INVALID', field: 'currency', message: "Currency must be the order's currency (USD)" }],
    ],
    [
      'a transaction of another kind',
      { ...none, transactions: [{ amount: '1', kind: 'sale', parentId: 100 }] },
      [{ code: 'INVALID', field: 'transactions[0].kind', message: 'Kind must be REFUND' }],
    ],
    [
      'an amount of three decimals, of zero',
      {
        ...none,
        transactions: [
          { amount: '1.001', kind: 'refund', parentId: 100 },
          { amount: '0', kind: 'refund', parentId: 100 },
        ],
      },
      [
        { code: 'INVALID', field: 'transactions[0].amount', message: 'Amount must be a non-negative amount with at most two decimals' },
        { code: 'INVALID', field: 'transactions[1].amount', message: 'Amount must be greater than 0' },
      ],
    ],
    [
      'an unknown parent, a failed one',
      {
        ...none,
        transactions: [
          { amount: '1', kind: 'refund', parentId: 999 },
          { amount: '1', kind: 'refund', parentId: 102 },
        ],
      },
      [
        { code: 'NOT_FOUND', field: 'transactions[0].parentId', message: 'Parent transaction does not exist' },
        { code: 'INVALID', field: 'transactions[1].parentId', message: 'Parent transaction must be a successful sale or capture' },
      ],
    ],
    [
      'more than the payment has left',
      { ...none, transactions: [{ amount: '7.55', kind: 'refund', parentId: 101 }] },
      [{ code: 'EXCEEDS_REFUNDABLE', field: 'transactions[0].amount', message: 'Amount cannot be more than the 7.54 this transaction can still refund' }],
    ],
    [
      'two that together exceed a payment',
      {
        ...none,
        transactions: [
          { amount: '5', kind: 'refund', parentId: 101 },
          { amount: '3', kind: 'refund', parentId: 101 },
        ],
      },
      [{ code: 'EXCEEDS_REFUNDABLE', field: 'transactions[1].amount', message: 'Amount cannot be more than the 2.54 this transaction can still refund' }],
    ],
    [
      'more than the order has left',
      { ...none, transactions: [{ amount: '37.55', kind: 'refund', parentId: null }] },
      [{ code: 'EXCEEDS_REFUNDABLE', field: 'transactions[0].amount', message: 'Amount cannot be more than the 37.54 the order can still refund' }],
    ],
  ])('refuses %s', (_case, request, problems) => {
    expect(problemsOf(request)).toEqual(problems);
    expect(checkRefund(order, request).plan).toBeNull();
  });

  it('refuses more lines than a refund may name', () => {
    const lines = Array.from({ length: 251 }, () => ({ lineItemId: 1, quantity: 1, restockType: 'no_restock' as const }));
    expect(problemsOf({ ...none, lines })).toEqual([{ code: 'INVALID', field: 'refundLineItems', message: "Refund line items can't be more than 250" }]);
  });
});

// Random orders and random refunds against them, applied one after another as the service does.
describe('refund arithmetic (properties)', () => {
  const cents = fc.integer({ min: 1, max: 500_000 }).map((c) => new Decimal(c).dividedBy(100).toFixed(2));
  const orders = fc
    .record({
      payments: fc.array(cents, { minLength: 1, maxLength: 4 }),
      lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 7 }), price: cents, tax: cents }), { minLength: 1, maxLength: 4 }),
    })
    .map(({ payments, lines }): RefundableOrder => ({
      currency: 'USD',
      lines: lines.map((l, i) => ({ id: i + 1, variantId: null, quantity: l.quantity, refundedQuantity: 0, price: l.price, discount: '0.00', tax: l.tax })),
      shipping: '0.00',
      shippingRefunded: '0.00',
      refunds: 0,
      transactions: payments.map((amount, i) => sale(100 + i, amount)),
    }));
  const asks = fc.array(
    fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }), parent: fc.integer({ min: -1, max: 4 }), line: fc.integer({ min: 1, max: 4 }), units: fc.integer({ min: 0, max: 8 }) }),
    { maxLength: 12 },
  );

  it('never refunds more than was paid, nor more than a payment took, and sums exactly', () => {
    fc.assert(
      fc.property(orders, asks, (start, steps) => {
        let current = start;
        let nextId = 1000;
        for (const step of steps) {
          const amount = new Decimal(step.amount).dividedBy(100).toFixed(2);
          const parentId = step.parent < 0 ? null : 100 + step.parent;
          const lines = step.units === 0 ? [] : [{ lineItemId: step.line, quantity: step.units, restockType: 'no_restock' as const }];
          const { plan } = checkRefund(current, { lines, transactions: [{ amount, kind: 'refund', parentId }] });
          if (!plan) continue;
          // What the plan gives back is exactly what was asked, spread over payments.
          expect(plan.total).toBe(amount);
          expect(plan.transactions.reduce((s, t) => s.plus(t.amount), new Decimal(0)).toFixed(2)).toBe(amount);
          current = {
            ...current,
            lines: current.lines.map((l) => ({ ...l, refundedQuantity: l.refundedQuantity + (plan.lines.find((p) => p.lineItemId === l.id)?.quantity ?? 0) })),
            transactions: [...current.transactions, ...plan.transactions.map((t) => refund(nextId++, t.amount, t.parentId))],
          };
          expect(new Decimal(refundedAmount(current)).lessThanOrEqualTo(paidAmount(current))).toBe(true);
          for (const payment of refundableByPayment(current)) expect(payment.remaining.isNegative()).toBe(false);
          for (const line of current.lines) expect(line.refundedQuantity).toBeLessThanOrEqual(line.quantity);
        }
      }),
      { seed: 20_261_124, numRuns: 2000 },
    );
  });

  it('refunding every unit of a line in any pieces adds up to its subtotal and tax', () => {
    const pieces = fc.integer({ min: 1, max: 12 }).chain((quantity) =>
      fc.tuple(fc.constant(quantity), cents, cents, fc.array(fc.integer({ min: 1, max: quantity }), { minLength: 1, maxLength: quantity })),
    );
    fc.assert(
      fc.property(pieces, ([quantity, price, tax, cuts]) => {
        const line = { id: 1, variantId: null, quantity, refundedQuantity: 0, price, discount: '0.00', tax };
        let before = 0;
        let subtotal = new Decimal(0);
        let totalTax = new Decimal(0);
        for (const cut of [...cuts, quantity]) {
          const units = Math.min(cut, quantity - before);
          if (units === 0) continue;
          const part = lineRefundMoney(line, before, units);
          subtotal = subtotal.plus(part.subtotal);
          totalTax = totalTax.plus(part.totalTax);
          before += units;
        }
        expect(subtotal.toFixed(2)).toBe(new Decimal(price).times(quantity).toFixed(2));
        expect(totalTax.toFixed(2)).toBe(new Decimal(tax).toFixed(2));
      }),
      { seed: 20_261_124, numRuns: 2000 },
    );
  });

  it('allocates any total over any weights in parts that add up to it', () => {
    fc.assert(
      fc.property(cents, fc.array(fc.integer({ min: 0, max: 10_000 }).map(String), { minLength: 1, maxLength: 10 }), (total, weights) => {
        const parts = allocate(total, weights);
        expect(parts.reduce((s, p) => s.plus(p), new Decimal(0)).toFixed(2)).toBe(total);
        for (const p of parts) expect(new Decimal(p).isNegative()).toBe(false);
      }),
      { seed: 20_261_124, numRuns: 2000 },
    );
  });
});
