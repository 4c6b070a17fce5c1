import type { BalanceRecord, PayoutRecord } from '../ledger.records.js';

/** The REST payout, keys in the hosted platform's order. */
export function restPayout(p: PayoutRecord) {
  return { id: p.id, status: p.status, date: p.date, currency: p.currency, amount: p.amount };
}

/** One currency of the REST balance. */
export function restBalance(b: BalanceRecord) {
  return { amount: b.amount, currency: b.currency };
}
