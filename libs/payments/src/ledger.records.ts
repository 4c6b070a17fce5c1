/** The types the hosted platform documents; the column takes any lowercase word, for the ones it adds later. */
export const BALANCE_TRANSACTION_TYPES = ['charge', 'refund', 'dispute', 'reserve', 'adjustment', 'credit', 'debit', 'payout', 'payout_failure', 'payout_cancellation'] as const;
export type BalanceTransactionType = (typeof BALANCE_TRANSACTION_TYPES)[number];

export const PAYOUT_STATUSES = ['scheduled', 'pending', 'in_transit', 'paid', 'failed', 'canceled', 'action_required'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A transaction's payout status: `pending` until a payout takes it, then its payout's status. */
export const TRANSACTION_PAYOUT_STATUSES = ['pending', 'scheduled', 'in_transit', 'paid', 'failed', 'canceled', 'action_required'] as const;
export type TransactionPayoutStatus = (typeof TRANSACTION_PAYOUT_STATUSES)[number];

/** An order transaction an adjustment concerns (REST `adjustment_order_transactions`). */
export interface AdjustmentOrderTransaction {
  id: number;
  amount: string;
  fees: string;
  net: string;
  order: { id: number; name: string | null };
}

/** One movement of money in the payments account. Money is exact decimal strings with two places. */
export interface BalanceTransactionRecord {
  id: number;
  type: string;
  test: boolean;
  payoutId: number | null;
  payoutStatus: TransactionPayoutStatus;
  currency: string;
  amount: string;
  fee: string;
  net: string;
  sourceId: number | null;
  sourceType: string | null;
  sourceOrderId: number | null;
  sourceOrderTransactionId: number | null;
  processedAt: Date;
  adjustmentReason: string | null;
  adjustmentOrderTransactions: AdjustmentOrderTransaction[] | null;
}

/** Money moved from the balance to the merchant's bank account (or back, when negative). */
export interface PayoutRecord {
  id: number;
  status: PayoutStatus;
  currency: string;
  amount: string;
  /** The day it was issued, `YYYY-MM-DD` (UTC). */
  date: string;
  /** When its run issued it: it holds the live transactions processed by then. */
  issuedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** What the balance holds in one currency: the nets of live transactions no payout has taken. */
export interface BalanceRecord {
  amount: string;
  currency: string;
}

/** What one payout run did for a shop. */
export interface PayoutRunRecord {
  /** Payouts the run created (one per currency whose pending nets sum above zero). */
  created: PayoutRecord[];
  /** Scheduled payouts whose date had passed, now paid. */
  paid: PayoutRecord[];
}
