import type { PaymentFee } from '@platform/config';
import { Decimal } from '@platform/money';
import { OPERATOR_BOOKING_TYPES, type LedgerAdjustmentInput, type OperatorBookingType } from './ledger.inputs.js';
import type { PayoutStatus } from './ledger.records.js';
import { type PaymentsError, PaymentsErrors } from './payments.errors.js';

// The ledger's arithmetic and transitions, pure: fees, nets, payout sums, what an operator may book and when a
// payout may change status.

/** A signed amount with at most two places (adjustments and reserves go both ways). */
const SIGNED_MONEY = /^-?\d{1,18}(?:\.\d{1,2})?$/;
const CURRENCY = /^[A-Z]{3}$/;
export const MAX_REASON_LENGTH = 255;

/**
 * The fee of a charge: `percent` of the amount, rounded half-even to the cent (so rounding errors cancel over
 * many charges instead of drifting up), plus the fixed part. Exact: Decimal throughout, never a float.
 */
export function chargeFee(amount: string, fee: PaymentFee): string {
  const rated = new Decimal(amount).times(fee.percent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
  return rated.plus(fee.fixed).toFixed(2);
}

/** net = amount − fee, exactly (the table checks the same). */
export function netOf(amount: Decimal.Value, fee: Decimal.Value): string {
  return new Decimal(amount).minus(fee).toFixed(2);
}

/** The sum of nets, two places. */
export function sumOf(values: readonly Decimal.Value[]): string {
  return values.reduce<Decimal>((sum, value) => sum.plus(value), new Decimal(0)).toFixed(2);
}

/**
 * What a payout of these pending nets pays: their sum, or null when it is not above zero. A balance at or
 * below zero stays where it is until charges bring it back (the hosted platform debits it instead; we wait).
 */
export function payoutAmountOf(nets: readonly Decimal.Value[]): string | null {
  const sum = sumOf(nets);
  return new Decimal(sum).greaterThan(0) ? sum : null;
}

/** The fee of the plan, or the standard plan's when the shop's plan has none configured. */
export function feeOfPlan(fees: Readonly<Record<string, PaymentFee>>, plan: string): PaymentFee {
  const fee = fees[plan] ?? fees.standard;
  if (!fee) throw new Error(`no payment fee configured for plan ${plan} nor for standard`);
  return fee;
}

/** An operator booking read and checked: the problems of each field, or the booking with its amount normalised. */
export function operatorBookingOf(input: LedgerAdjustmentInput): { booking: Required<Omit<LedgerAdjustmentInput, 'processedAt'>> & { type: OperatorBookingType }; problems: PaymentsError[] } {
  const problems: PaymentsError[] = [];
  const type = input.type ?? 'adjustment';
  if (!(OPERATOR_BOOKING_TYPES as readonly string[]).includes(type)) {
    problems.push(PaymentsErrors.INVALID(`Type must be one of ${OPERATOR_BOOKING_TYPES.join(', ')}`, { field: 'type' }));
  }
  const amountOk = typeof input.amount === 'string' && SIGNED_MONEY.test(input.amount) && !new Decimal(input.amount).isZero();
  if (!amountOk) problems.push(PaymentsErrors.INVALID('Amount must be a non-zero decimal with at most two places', { field: 'amount' }));
  if (typeof input.currency !== 'string' || !CURRENCY.test(input.currency)) {
    problems.push(PaymentsErrors.INVALID('Currency must be an ISO 4217 code such as USD', { field: 'currency' }));
  }
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (reason === '') problems.push(PaymentsErrors.BLANK("Reason can't be blank", { field: 'reason' }));
  else if (reason.length > MAX_REASON_LENGTH) problems.push(PaymentsErrors.TOO_LONG(`Reason is too long (maximum is ${MAX_REASON_LENGTH} characters)`, { field: 'reason' }));
  else if (reason.includes('\u0000')) problems.push(PaymentsErrors.INVALID('Reason must not contain NUL bytes', { field: 'reason' }));
  return {
    booking: { type: type as OperatorBookingType, amount: amountOk ? new Decimal(input.amount).toFixed(2) : input.amount, currency: input.currency, reason, test: input.test ?? false },
    problems,
  };
}

/**
 * Where a payout may go from where it is. A scheduled payout is paid (its date passed, or an operator says so),
 * fails (the bank refused it) or is canceled; a paid one can still fail (the bank returns it); failed and
 * canceled are final.
 */
const NEXT: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  scheduled: ['pending', 'in_transit', 'paid', 'failed', 'canceled', 'action_required'],
  pending: ['in_transit', 'paid', 'failed', 'canceled', 'action_required'],
  action_required: ['scheduled', 'pending', 'failed', 'canceled'],
  in_transit: ['paid', 'failed'],
  paid: ['failed'],
  failed: [],
  canceled: [],
};

export function canMovePayout(from: PayoutStatus, to: PayoutStatus): boolean {
  return NEXT[from].includes(to);
}

/** The transaction a payout status books: money back on the balance when it failed or was canceled. */
export function returnTypeOf(status: PayoutStatus): 'payout_failure' | 'payout_cancellation' | null {
  return status === 'failed' ? 'payout_failure' : status === 'canceled' ? 'payout_cancellation' : null;
}

/** A payout's day: the UTC date of the run that issued it. */
export function payoutDateOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}
