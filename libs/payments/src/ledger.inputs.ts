import type { TransactionPayoutStatus } from './ledger.records.js';
import type { PayoutStatus } from './ledger.records.js';

/** A charge or refund of an order, as the orders context reports it (values frozen when it happened). */
export interface OrderMoneyMovement {
  orderId: number;
  /** The order transaction (sale, capture or refund) that moved the money: the ledger's source. */
  transactionId: number;
  /** Exact decimal string, positive. */
  amount: string;
  currency: string;
  test: boolean;
  processedAt: Date;
}

/** The kinds of booking an operator makes by hand. */
export const OPERATOR_BOOKING_TYPES = ['adjustment', 'reserve'] as const;
export type OperatorBookingType = (typeof OPERATOR_BOOKING_TYPES)[number];

/** An operator's adjustment or reserve (`platform ledger:adjust`). */
export interface LedgerAdjustmentInput {
  type?: string;
  /** Signed exact decimal string: positive credits the merchant, negative debits. */
  amount: string;
  currency: string;
  reason: string;
  /** Defaults to now. */
  processedAt?: Date;
  test?: boolean;
}

/** Filters of the balance transactions list (REST and admin GraphQL). */
export interface BalanceTransactionFilters {
  payoutId?: number;
  /** Only transactions with a greater id. */
  sinceId?: number;
  /** Only transactions with a smaller id. */
  lastId?: number;
  payoutStatus?: TransactionPayoutStatus;
  test?: boolean;
}

/** Filters of the payouts list. Dates are `YYYY-MM-DD`. */
export interface PayoutFilters {
  sinceId?: number;
  lastId?: number;
  dateMin?: string;
  dateMax?: string;
  date?: string;
  status?: PayoutStatus;
}

/** What an operator may set a payout to by hand (`platform payouts:set-status`). */
export const OPERATOR_PAYOUT_STATUSES = ['paid', 'failed', 'canceled'] as const;
export type OperatorPayoutStatus = (typeof OPERATOR_PAYOUT_STATUSES)[number];
