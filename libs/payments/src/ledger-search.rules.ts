import type { CursorScope, SortSpec } from '@platform/paging';
import { type Searchable, dateCompare, idCompare, numericCompare } from '@platform/search-syntax';
import { TRANSACTION_PAYOUT_STATUSES } from './ledger.records.js';

// How the ledger's lists sort and what `query` filters them by (admin GraphQL), beside the REST filters.

export const TRANSACTION_SORT_KEYS = ['PROCESSED_AT', 'ID', 'AMOUNT', 'FEE', 'NET'] as const;
export type TransactionSortKey = (typeof TRANSACTION_SORT_KEYS)[number];

/** Newest first by processing time (the spec's order), ties by id; the other keys ascend like every admin sort. */
export function transactionSortSpec(key: TransactionSortKey): SortSpec {
  switch (key) {
    case 'PROCESSED_AT':
      return { expression: 't.processed_at', cast: 'timestamptz', descending: true };
    case 'ID':
      return { expression: 't.id', cast: 'bigint', descending: false };
    case 'AMOUNT':
      return { expression: 't.amount', cast: 'numeric', descending: false };
    case 'FEE':
      return { expression: 't.fee', cast: 'numeric', descending: false };
    case 'NET':
      return { expression: 't.net', cast: 'numeric', descending: false };
  }
}

export function transactionScope(surface: 'rest' | 'admin', key: TransactionSortKey): CursorScope {
  return { connection: `${surface}.platform_payments.balance_transactions`, sortKey: key };
}

/** Payouts: newest first by date, ties by id (the hosted REST order). */
export const PAYOUT_SORT: SortSpec = { expression: 'p.date::text', cast: 'text', descending: true };

export function payoutScope(surface: 'rest' | 'admin'): CursorScope {
  return { connection: `${surface}.platform_payments.payouts`, sortKey: 'DATE' };
}

const is = (column: string, value: string, param: (value: unknown) => string) => `${column} = ${param(value)}`;

/**
 * `balanceTransactions(query:)`: `id` (with comparisons: `id:>42` is since_id, `id:<42` last_id), `payout_id`,
 * `payout_status`, `test`, `type` (also `transaction_type`), `currency`, `source_order_id`, `processed_at`
 * (`processed_at:>2026-01-01`), `amount`, `fee`, `net`. Bare words match the type and the adjustment reason.
 */
export const TRANSACTION_SEARCH: Searchable = {
  vector: `to_tsvector('simple', t.type || ' ' || coalesce(t.adjustment_reason, ''))`,
  term(field, term, param) {
    switch (field) {
      case 'id':
        return idCompare('t.id', term, param);
      case 'payout_id':
        return idCompare('t.payout_id', term, param);
      case 'source_order_id':
        return idCompare('t.source_order_id', term, param);
      case 'payout_status': {
        const status = term.value.toLowerCase();
        return (TRANSACTION_PAYOUT_STATUSES as readonly string[]).includes(status) ? is('t.payout_status', status, param) : 'false';
      }
      case 'test':
        return ['true', 'false'].includes(term.value.toLowerCase()) ? `t.test = ${param(term.value.toLowerCase() === 'true')}` : 'false';
      case 'type':
      case 'transaction_type':
        return is('t.type', term.value.toLowerCase(), param);
      case 'currency':
        return is('t.currency', term.value.toUpperCase(), param);
      case 'processed_at':
        return dateCompare('t.processed_at', term, param);
      case 'amount':
      case 'fee':
      case 'net':
        return numericCompare(`t.${field}`, term, param);
      default:
        return undefined;
    }
  },
};

/** `payouts(query:)`: `id` (with comparisons), `status`, `currency`, `date` (`date:>=2026-11-01`). */
export const PAYOUT_SEARCH: Searchable = {
  vector: `to_tsvector('simple', p.status || ' ' || p.currency)`,
  term(field, term, param) {
    switch (field) {
      case 'id':
        return idCompare('p.id', term, param);
      case 'status':
        return is('p.status', term.value.toLowerCase(), param);
      case 'currency':
        return is('p.currency', term.value.toUpperCase(), param);
      case 'date':
        return dateCompare('p.date', term, param);
      default:
        return undefined;
    }
  },
};
