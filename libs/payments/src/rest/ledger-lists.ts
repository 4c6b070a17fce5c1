import { type RestListOptions, type RestListing, filterChoice, filterDay, filterId } from '@platform/rest';
import type { BalanceTransactionFilters, PayoutFilters } from '../ledger.inputs.js';
import { PAYOUT_STATUSES, TRANSACTION_PAYOUT_STATUSES } from '../ledger.records.js';
import { transactionScope, payoutScope } from '../ledger-search.rules.js';

// What the REST ledger lists accept: spec 0's balance transaction filters and the hosted payout filters. Both lists
// are newest first, so their keysets walk (processed_at desc, id desc) and (date desc, id desc).

/** GET platform_payments/balance/transactions.json. */
export const BALANCE_TRANSACTIONS: RestListing = {
  scope: transactionScope('rest', 'PROCESSED_AT'),
  cursor: ['timestamptz', 'bigint'],
  filters: ['payout_id', 'since_id', 'last_id', 'payout_status', 'test'],
};

/** GET platform_payments/payouts.json. */
export const PAYOUTS: RestListing = {
  scope: payoutScope('rest'),
  cursor: ['text', 'bigint'],
  filters: ['since_id', 'last_id', 'date_min', 'date_max', 'date', 'status'],
};

type FilterDocs = NonNullable<RestListOptions['filters']>;
const id = { type: 'integer', format: 'int64', minimum: 1 } as FilterDocs[string]['schema'];
const day = { type: 'string', format: 'date', example: '2026-11-24' } as FilterDocs[string]['schema'];

/** How the OpenAPI document shows the filters the shared vocabulary does not know. */
export const TRANSACTION_FILTER_DOCS = {
  payout_id: { description: 'Only the transactions of this payout', schema: id },
  since_id: { description: 'Only transactions with a greater id', schema: id },
  last_id: { description: 'Only transactions with a smaller id', schema: id },
  payout_status: { description: 'Only transactions whose payout has this status (pending: not yet in a payout)', schema: { type: 'string', enum: [...TRANSACTION_PAYOUT_STATUSES] } },
  test: { description: 'Only test-mode (true) or live (false) transactions', schema: { type: 'boolean' } },
} satisfies FilterDocs;

export const PAYOUT_FILTER_DOCS = {
  since_id: { description: 'Only payouts with a greater id', schema: id },
  last_id: { description: 'Only payouts with a smaller id', schema: id },
  date_min: { description: 'Only payouts dated on or after this day', schema: day },
  date_max: { description: 'Only payouts dated on or before this day', schema: day },
  date: { description: 'Only payouts dated on this day', schema: day },
  status: { description: 'Only payouts with this status', schema: { type: 'string', enum: [...PAYOUT_STATUSES] } },
} satisfies FilterDocs;

/** The transaction filters as the service takes them; a value it cannot use is 400 naming the parameter. */
export function transactionFilters(filters: Readonly<Record<string, string>>): BalanceTransactionFilters {
  const result: BalanceTransactionFilters = {};
  if (filters.payout_id !== undefined) result.payoutId = filterId(filters.payout_id, 'payout_id');
  if (filters.since_id !== undefined) result.sinceId = filterId(filters.since_id, 'since_id');
  if (filters.last_id !== undefined) result.lastId = filterId(filters.last_id, 'last_id');
  if (filters.payout_status !== undefined) result.payoutStatus = filterChoice(filters.payout_status, TRANSACTION_PAYOUT_STATUSES, 'payout_status');
  if (filters.test !== undefined) result.test = filterChoice(filters.test, ['true', 'false'], 'test') === 'true';
  return result;
}

export function payoutFilters(filters: Readonly<Record<string, string>>): PayoutFilters {
  const result: PayoutFilters = {};
  if (filters.since_id !== undefined) result.sinceId = filterId(filters.since_id, 'since_id');
  if (filters.last_id !== undefined) result.lastId = filterId(filters.last_id, 'last_id');
  if (filters.date_min !== undefined) result.dateMin = filterDay(filters.date_min, 'date_min');
  if (filters.date_max !== undefined) result.dateMax = filterDay(filters.date_max, 'date_max');
  if (filters.date !== undefined) result.date = filterDay(filters.date, 'date');
  if (filters.status !== undefined) result.status = filterChoice(filters.status, PAYOUT_STATUSES, 'status');
  return result;
}
