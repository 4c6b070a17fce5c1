import { Decimal } from '@platform/money';
import { CANCEL_REASONS, type FinancialStatus, type FulfillmentStatus } from './order.entity.js';
import { type OrderError, OrderErrors } from './orders.errors.js';

// Where an order stands after a refund, a close, a reopen or a cancel, and which of those its state allows.

/** Longest staff note a cancellation keeps. */
export const MAX_STAFF_NOTE_LENGTH = 5000;

/** The parts of an order these rules read. */
export interface OrderState {
  financialStatus: FinancialStatus;
  fulfillmentStatus: FulfillmentStatus;
  closedAt?: Date | null;
  cancelledAt?: Date | null;
}

/**
 * The financial status once `refunded` of `paid` went back: unchanged while nothing did, `refunded` once all of it
 * did, else `partially_refunded`. Amounts are exact decimal strings.
 */
export function financialStatusAfterRefund(current: FinancialStatus, paid: string, refunded: string): FinancialStatus {
  const back = new Decimal(refunded);
  if (back.lessThanOrEqualTo(0)) return current;
  return back.greaterThanOrEqualTo(paid) ? 'refunded' : 'partially_refunded';
}

/**
 * The financial status after a cancellation: a payment only authorized is released (`voided`); otherwise what the
 * refunds made it.
 */
export function financialStatusAfterCancel(current: FinancialStatus, paid: string, refunded: string): FinancialStatus {
  if (current === 'authorized' && new Decimal(paid).isZero()) return 'voided';
  return financialStatusAfterRefund(current, paid, refunded);
}

/**
 * The fulfillment status after a refund: an order none of whose goods left becomes `restocked` once every unit
 * was refunded and every refunded unit went back to stock.
 */
export function fulfillmentStatusAfterRefund(current: FulfillmentStatus, units: { bought: number; refunded: number; restocked: number }): FulfillmentStatus {
  if (current !== 'unfulfilled') return current;
  return units.bought > 0 && units.refunded >= units.bought && units.restocked >= units.bought ? 'restocked' : current;
}

/** Closing keeps the first close time: closing a closed order changes nothing. */
export function closedAtAfterClose(order: Pick<OrderState, 'closedAt'>, now: Date): Date {
  return order.closedAt ?? now;
}

/**
 * Problems with cancelling `order` for `reason`: an order is cancelled once, and not once any of it was
 * fulfilled (its goods left; a refund is the way back). Fields are the mutation's arguments.
 */
export function cancelProblems(order: OrderState, reason: string, staffNote: string | null | undefined): OrderError[] {
  const problems: OrderError[] = [];
  if (!(CANCEL_REASONS as readonly string[]).includes(reason)) {
    problems.push(OrderErrors.INVALID(`Reason must be one of ${[...CANCEL_REASONS].sort().map((r) => r.toUpperCase()).join(', ')}`, { field: 'reason' }));
  }
  if (staffNote && staffNote.length > MAX_STAFF_NOTE_LENGTH) {
    problems.push(OrderErrors.INVALID(`Staff note is too long (maximum is ${MAX_STAFF_NOTE_LENGTH} characters)`, { field: 'staffNote' }));
  }
  if (order.cancelledAt) {
    problems.push(OrderErrors.INVALID_STATE('Order has already been cancelled', { field: 'orderId' }));
  } else if (order.fulfillmentStatus === 'fulfilled' || order.fulfillmentStatus === 'partial') {
    problems.push(OrderErrors.INVALID_STATE('Order cannot be cancelled once it has fulfilled items', { field: 'orderId' }));
  }
  return problems;
}

/** Cancelling closes the order too (the hosted platform archives it), keeping an earlier close time. */
export function stateAfterCancel(order: OrderState, now: Date): Pick<OrderState, 'cancelledAt' | 'closedAt'> {
  return { cancelledAt: now, closedAt: order.closedAt ?? now };
}
