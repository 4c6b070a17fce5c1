import type { BalanceTransactionRecord } from '../ledger.records.js';

/** The REST balance transaction, keys in the hosted platform's order. */
export function restBalanceTransaction(t: BalanceTransactionRecord) {
  return {
    id: t.id,
    type: t.type,
    test: t.test,
    payout_id: t.payoutId,
    payout_status: t.payoutStatus,
    currency: t.currency,
    amount: t.amount,
    fee: t.fee,
    net: t.net,
    source_id: t.sourceId,
    source_type: t.sourceType,
    source_order_id: t.sourceOrderId,
    source_order_transaction_id: t.sourceOrderTransactionId,
    processed_at: t.processedAt.toISOString(),
    adjustment_order_transactions: t.adjustmentOrderTransactions
      ? t.adjustmentOrderTransactions.map((a) => ({ id: a.id, amount: a.amount, order: { id: a.order.id, name: a.order.name }, fees: a.fees, net: a.net }))
      : null,
    adjustment_reason: t.adjustmentReason,
  };
}
