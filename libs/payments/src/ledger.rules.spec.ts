import fc from 'fast-check';
import { Decimal } from '@platform/money';
import { PAYOUT_STATUSES, type PayoutStatus } from './ledger.records.js';
import { canMovePayout, chargeFee, feeOfPlan, netOf, operatorBookingOf, payoutAmountOf, payoutDateOf, returnTypeOf, sumOf } from './ledger.rules.js';

const STANDARD = { percent: '2.9', fixed: '0.30' };

describe('chargeFee', () => {
  it.each([
    ['100.00', '3.20'], // 2.90 + 0.30
    ['10.00', '0.59'], // 0.29 + 0.30
    ['0.50', '0.31'], // 0.0145 → 0.01 (half-even) + 0.30
    ['1.50', '0.34'], // 0.0435 → 0.04
    ['12.50', '0.66'], // 0.3625 → 0.36
    ['25.00', '1.02'], // 0.725 → 0.72 (half-even: 2 is even) + 0.30
    ['35.00', '1.32'], // 1.015 → 1.02 (half-even: 1 is odd, goes up) + 0.30
  ])('takes 2.9%% + 0.30 of %s, rounded half-even: %s', (amount, fee) => {
    expect(chargeFee(amount, STANDARD)).toBe(fee);
  });

  it('uses the plan of the shop, the standard plan when its plan has no rate', () => {
    const fees = { standard: STANDARD, plus: { percent: '2.4', fixed: '0.30' } };
    expect(chargeFee('100.00', feeOfPlan(fees, 'plus'))).toBe('2.70');
    expect(feeOfPlan(fees, 'enterprise')).toBe(STANDARD);
  });

  it('is exact for any amount: fee has two places and net = amount − fee to the cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (cents) => {
        const amount = new Decimal(cents.toString()).dividedBy(100).toFixed(2);
        const fee = chargeFee(amount, STANDARD);
        expect(fee).toMatch(/^\d+\.\d{2}$/);
        expect(new Decimal(netOf(amount, fee)).plus(fee).toFixed(2)).toBe(amount);
      }),
    );
  });
});

describe('payoutAmountOf', () => {
  it('pays the sum of the nets when it is above zero, nothing otherwise', () => {
    expect(payoutAmountOf(['10.10', '-0.10', '0.20'])).toBe('10.20');
    expect(payoutAmountOf(['1.00', '-1.00'])).toBeNull();
    expect(payoutAmountOf(['-3.00'])).toBeNull();
    expect(payoutAmountOf([])).toBeNull();
  });

  it('adds exactly where floats would not (0.1 + 0.2)', () => {
    expect(sumOf(['0.10', '0.20'])).toBe('0.30');
    expect(sumOf(Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
  });
});

describe('operatorBookingOf', () => {
  const ok = { amount: '-12.5', currency: 'USD', reason: 'Chargeback fee refund' };

  it('reads an adjustment or a reserve, the amount with two places', () => {
    expect(operatorBookingOf(ok)).toEqual({ booking: { type: 'adjustment', amount: '-12.50', currency: 'USD', reason: 'Chargeback fee refund', test: false }, problems: [] });
    expect(operatorBookingOf({ ...ok, type: 'reserve' }).booking.type).toBe('reserve');
  });

  it.each([
    [{ ...ok, type: 'charge' }, 'type'],
    [{ ...ok, amount: '0' }, 'amount'],
    [{ ...ok, amount: '1.234' }, 'amount'],
    [{ ...ok, amount: '1e3' }, 'amount'],
    [{ ...ok, amount: 'NaN' }, 'amount'],
    [{ ...ok, currency: 'usd' }, 'currency'],
    [{ ...ok, reason: '   ' }, 'reason'],
    [{ ...ok, reason: 'x'.repeat(256) }, 'reason'],
    [{ ...ok, reason: 'a\u0000b' }, 'reason'],
  ])('refuses %j on %s', (input, field) => {
    expect(operatorBookingOf(input).problems.map((p) => p.field)).toEqual([field]);
  });
});

describe('payout transitions', () => {
  // Every pair, so a new status or transition is a deliberate change of this table.
  const allowed: Record<PayoutStatus, PayoutStatus[]> = {
    scheduled: ['pending', 'in_transit', 'paid', 'failed', 'canceled', 'action_required'],
    pending: ['in_transit', 'paid', 'failed', 'canceled', 'action_required'],
    action_required: ['scheduled', 'pending', 'failed', 'canceled'],
    in_transit: ['paid', 'failed'],
    paid: ['failed'],
    failed: [],
    canceled: [],
  };

  it.each(PAYOUT_STATUSES.flatMap((from) => PAYOUT_STATUSES.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    expect(canMovePayout(from, to)).toBe(allowed[from].includes(to));
  });

  it('returns the money of a failed or canceled payout with its own type', () => {
    expect(returnTypeOf('failed')).toBe('payout_failure');
    expect(returnTypeOf('canceled')).toBe('payout_cancellation');
    expect(returnTypeOf('paid')).toBeNull();
  });

  it('dates a payout by the UTC day of its run', () => {
    expect(payoutDateOf(new Date('2026-11-24T23:59:59-05:00'))).toBe('2026-11-25');
  });
});

// The ledger as a pure model: random operations, then the invariants the database version must also keep
// (test/integration/payments/ledger.property.spec.ts runs the same kinds of sequence on Postgres).
describe('ledger model invariants', () => {
  interface Row { net: string; payout: number | null; type: string }
  interface Payout { id: number; amount: string; status: PayoutStatus }

  const op = fc.oneof(
    fc.record({ kind: fc.constant('charge' as const), cents: fc.integer({ min: 1, max: 1_000_000 }) }),
    fc.record({ kind: fc.constant('refund' as const), cents: fc.integer({ min: 1, max: 500_000 }) }),
    fc.record({ kind: fc.constant('adjustment' as const), cents: fc.integer({ min: -100_000, max: 100_000 }).filter((c) => c !== 0) }),
    fc.record({ kind: fc.constant('payout' as const) }),
    fc.record({ kind: fc.constant('fail' as const), pick: fc.nat() }),
  );

  it('keeps balance = Σ pending nets, payout = Σ its nets, each row in one payout at most', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const rows: Row[] = [];
        const payouts: Payout[] = [];
        let balance = new Decimal(0);
        const money = (cents: number) => new Decimal(cents).dividedBy(100).toFixed(2);
        const book = (type: string, amount: string, fee: string, payout: number | null = null) => {
          rows.push({ type, net: netOf(amount, fee), payout });
          if (payout === null) balance = balance.plus(netOf(amount, fee));
        };
        for (const o of ops) {
          if (o.kind === 'charge') book('charge', money(o.cents), chargeFee(money(o.cents), STANDARD));
          else if (o.kind === 'refund') book('refund', `-${money(o.cents)}`, '0.00');
          else if (o.kind === 'adjustment') book('adjustment', money(o.cents), '0.00');
          else if (o.kind === 'payout') {
            const pending = rows.filter((r) => r.payout === null);
            const amount = payoutAmountOf(pending.map((r) => r.net));
            if (amount === null) continue;
            const payout = { id: payouts.length + 1, amount, status: 'scheduled' as PayoutStatus };
            payouts.push(payout);
            for (const r of pending) r.payout = payout.id;
            balance = balance.minus(amount);
            book('payout', `-${amount}`, '0.00', payout.id);
          } else {
            const payout = payouts.filter((p) => canMovePayout(p.status, 'failed'))[o.pick % Math.max(1, payouts.length)];
            if (!payout) continue;
            payout.status = 'failed';
            book('payout_failure', payout.amount, '0.00');
          }
        }
        expect(balance.toFixed(2)).toBe(sumOf(rows.filter((r) => r.payout === null).map((r) => r.net)));
        for (const p of payouts) {
          expect(sumOf(rows.filter((r) => r.payout === p.id && r.type !== 'payout').map((r) => r.net))).toBe(p.amount);
          expect(sumOf(rows.filter((r) => r.payout === p.id).map((r) => r.net))).toBe('0.00');
        }
      }),
      { numRuns: 5_000 },
    );
  });
});
