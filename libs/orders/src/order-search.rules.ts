import type { CursorScope, SortSpec } from '@platform/paging';
import { type SearchTerm, type Searchable, type SqlParam, dateCompare, idCompare, textContains, textEquals } from '@platform/search-syntax';
import type { OrderSortKey } from './order.records.js';

// Bare words match the order's name and number, its email (split into words) and its note.
const ORDER_TEXT = `to_tsvector('english', concat_ws(' ', o.name, o.number::text,
  regexp_replace(coalesce(o.email, ''), '[^[:alnum:]]+', ' ', 'g'), o.note))`;

// `NOT` of a condition on a column that may be null would drop the row (not null is null): every term is true or false.
const total = (condition: string) => (condition === 'false' ? condition : `coalesce(${condition}, false)`);

// The hosted search's fulfillment_status values as stored statuses.
const FULFILLMENT_VALUES: Record<string, string[]> = {
  shipped: ['fulfilled'],
  fulfilled: ['fulfilled'],
  partial: ['partial'],
  unshipped: ['unfulfilled'],
  unfulfilled: ['unfulfilled', 'partial'],
  restocked: ['restocked'],
};

// The REST and search `status`: open (neither closed nor cancelled), closed, cancelled.
export const ORDER_STATUS_CONDITIONS: Record<string, string> = {
  open: 'o.closed_at is null and o.cancelled_at is null',
  closed: 'o.closed_at is not null',
  cancelled: 'o.cancelled_at is not null',
  any: '',
};

/**
 * How the hosted search syntax filters orders (aliased `o`): `name` (equal, `#` optional, `*` for a prefix), `email`
 * (contains), `financial_status`, `fulfillment_status` (shipped, partial, unshipped, unfulfilled, fulfilled),
 * `status` (open, closed, cancelled), `cancel_reason`, `customer_id`, `id`, `sku` (any line's), `gateway` (any
 * transaction's), `test`, `created_at`, `updated_at`, `processed_at`. Bare words and unknown fields match the text.
 */
export const ORDER_SEARCH: Searchable = {
  vector: ORDER_TEXT,
  term(field, term, param) {
    switch (field) {
      case 'name':
        return nameEquals(term, param);
      case 'email':
        return total(textContains('o.email', term, param));
      case 'financial_status':
        return `o.financial_status = lower(${param(term.value)})`;
      case 'fulfillment_status': {
        const values = FULFILLMENT_VALUES[term.value.toLowerCase()];
        return values ? `o.fulfillment_status = any(${param(values)}::text[])` : 'false';
      }
      case 'status': {
        const condition = ORDER_STATUS_CONDITIONS[term.value.toLowerCase()];
        return condition === undefined ? 'false' : condition || 'true';
      }
      case 'cancel_reason':
        return total(`o.cancel_reason = lower(${param(term.value)})`);
      case 'customer_id':
        return total(idCompare('o.customer_id', term, param));
      case 'id':
        return idCompare('o.id', term, param);
      case 'sku':
        return `exists (select 1 from order_line_items sl where sl.order_id = o.id and sl.shop_id = o.shop_id and ${total(textEquals('sl.sku', term, param))})`;
      case 'gateway':
        return `exists (select 1 from order_transactions gt where gt.order_id = o.id and gt.shop_id = o.shop_id and lower(gt.gateway) = lower(${param(term.value)}))`;
      case 'test':
        return `o.test = ${param(term.value.toLowerCase() === 'true')}`;
      case 'created_at':
      case 'updated_at':
      case 'processed_at':
        return dateCompare(`o.${field}`, term, param);
      default:
        return undefined;
    }
  },
};

// `name:1001` and `name:#1001` both find `#1001`.
function nameEquals(term: SearchTerm, param: SqlParam): string {
  const name = term.value.startsWith('#') ? term.value : `#${term.value}`;
  return textEquals('o.name', { ...term, value: name }, param);
}

const BY_ID: SortSpec = { expression: 'o.id', cast: 'bigint', descending: false };

/** The order of an orders list (the hosted OrderSortKeys); RELEVANCE ranks by the query's bare words, id order without. */
export function orderSortSpec(key: OrderSortKey, rankQuery: (() => string) | null): SortSpec {
  switch (key) {
    case 'CREATED_AT':
      return { expression: 'o.created_at', cast: 'timestamptz', descending: false };
    case 'UPDATED_AT':
      return { expression: 'o.updated_at', cast: 'timestamptz', descending: false };
    case 'PROCESSED_AT':
      return { expression: 'o.processed_at', cast: 'timestamptz', descending: false };
    case 'TOTAL_PRICE':
      return { expression: 'o.total_price', cast: 'numeric', descending: false };
    case 'ORDER_NUMBER':
      return { expression: 'o.number', cast: 'integer', descending: false };
    case 'FINANCIAL_STATUS':
      return { expression: 'o.financial_status', cast: 'text', descending: false };
    case 'FULFILLMENT_STATUS':
      return { expression: 'o.fulfillment_status', cast: 'text', descending: false };
    case 'RELEVANCE':
      return rankQuery ? { expression: `ts_rank(${ORDER_TEXT}, ${rankQuery()})`, cast: 'real', descending: true } : BY_ID;
    case 'ID':
      return BY_ID;
  }
}

/** The cursor scope of the orders search sorted by `key`: a cursor of one sort is refused by another. */
export function orderSearchScope(key: OrderSortKey): CursorScope {
  return { connection: 'orders', sortKey: key };
}
