import type { CursorScope, CursorValueType, SortSpec } from '@platform/paging';
import { type SearchTerm, type Searchable, type SqlParam, dateCompare, hasTag, idCompare, numericCompare, textContains, textEquals } from '@platform/search-syntax';
import type { CustomerSort, CustomerSortKey } from './customer.inputs.js';

// Bare words match the customer's names, email (split into words, so `jane example` finds jane@example.com) and
// phone digits, stemmed with the configuration the search kit's tsquery uses.
const CUSTOMER_TEXT = `to_tsvector('english', concat_ws(' ', c.first_name, c.last_name,
  regexp_replace(coalesce(c.email, ''), '[^[:alnum:]]+', ' ', 'g'), ltrim(c.phone, '+')))`;

// `NOT` of a condition on a column that may be null would drop the row (not null is null): every term is true or false.
const total = (condition: string) => (condition === 'false' ? condition : `coalesce(${condition}, false)`);

/**
 * How the hosted search syntax filters customers (aliased `c`): `email` (contains), `first_name` and `last_name`
 * (equal, `*` for a prefix), `phone` (contains the digits), `state`, `tag`/`tags`, `tag_not`, `accepts_marketing`,
 * `orders_count` and `total_spent` (numbers, with comparisons), `country` (any address's country or code),
 * `created_at`, `updated_at`, `last_order_date` and `id`. Bare words and unknown fields match the text.
 */
export const CUSTOMER_SEARCH: Searchable = {
  vector: CUSTOMER_TEXT,
  term(field, term, param) {
    switch (field) {
      case 'email':
        return total(textContains('c.email', term, param));
      case 'first_name':
      case 'last_name':
        return total(textEquals(`c.${field}`, term, param));
      case 'phone':
        return phoneContains(term, param);
      case 'state':
        return `c.state = lower(${param(term.value)})`;
      case 'tag':
      case 'tags':
        return hasTag('c.tags', term, param);
      case 'tag_not':
        return `not ${hasTag('c.tags', term, param)}`;
      case 'accepts_marketing':
        return `(c.email_marketing_consent->>'state' = 'subscribed') = ${param(term.value.toLowerCase() === 'true')}`;
      case 'orders_count':
        return numericCompare('c.orders_count', term, param);
      case 'total_spent':
        return numericCompare('c.total_spent', term, param);
      case 'country':
        return inCountry(term, param);
      case 'created_at':
      case 'updated_at':
        return dateCompare(`c.${field}`, term, param);
      case 'last_order_date':
        return total(dateCompare('c.last_order_at', term, param));
      case 'id':
        return idCompare('c.id', term, param);
      default:
        return undefined;
    }
  },
};

// Phones are stored in E.164: `phone:613-555-0123` finds +16135550123.
function phoneContains(term: SearchTerm, param: SqlParam): string {
  const digits = term.value.replace(/\D/g, '');
  return digits ? total(`c.phone like ${param(term.prefix ? `+${digits}%` : `%${digits}%`)}`) : 'false';
}

function inCountry(term: SearchTerm, param: SqlParam): string {
  const value = param(term.value);
  return `exists (select 1 from customer_addresses ca where ca.customer_id = c.id and ca.shop_id = c.shop_id
    and (lower(ca.country) = lower(${value}) or lower(ca.country_code) = lower(${value})))`;
}

const BY_ID: SortSpec = { expression: 'c.id', cast: 'bigint', descending: false };

/**
 * The order of a customers list. Values are never null (keyset comparisons would skip nulls): customers without a
 * name or a default address sort as empty text, those without orders as if their last order were in 1970.
 * NAME is last name, first name; LOCATION the default address' country, city; RELEVANCE ranks by the query's bare
 * words (id order without any).
 */
export function customerSortSpec(key: CustomerSortKey, rankQuery: (() => string) | null): SortSpec {
  switch (key) {
    case 'CREATED_AT':
      return { expression: 'c.created_at', cast: 'timestamptz', descending: false };
    case 'UPDATED_AT':
      return { expression: 'c.updated_at', cast: 'timestamptz', descending: false };
    case 'NAME':
      return { expression: `lower(coalesce(c.last_name, '') || ' ' || coalesce(c.first_name, ''))`, cast: 'text', descending: false };
    case 'LOCATION':
      return { expression: `lower(coalesce(d.country, '') || ' ' || coalesce(d.city, ''))`, cast: 'text', descending: false };
    case 'LAST_ORDER_DATE':
      return { expression: `coalesce(c.last_order_at, 'epoch'::timestamptz)`, cast: 'timestamptz', descending: false };
    case 'ORDERS_COUNT':
      return { expression: 'c.orders_count', cast: 'integer', descending: false };
    case 'TOTAL_SPENT':
      return { expression: 'c.total_spent', cast: 'numeric', descending: false };
    case 'RELEVANCE':
      return rankQuery ? { expression: `ts_rank(${CUSTOMER_TEXT}, ${rankQuery()})`, cast: 'real', descending: true } : BY_ID;
    case 'ID':
      return BY_ID;
  }
}

/** The cursor scope of a search sorted by `key`: a cursor of one sort is refused by another. */
export function customerSearchScope(key: CustomerSortKey): CursorScope {
  return { connection: 'customers', sortKey: key };
}

/**
 * What a search page's cursor holds when sorted by `key` without bare words (what the REST search's `page_info`
 * carries): the id alone in id order, else the sort value and the id.
 */
export function customerSearchCursor(key: CustomerSortKey): CursorValueType[] {
  const sort = customerSortSpec(key, null);
  return sort === BY_ID ? ['bigint'] : [sort.cast, 'bigint'];
}

// The REST search's `order` fields.
const ORDER_FIELDS: Record<string, CustomerSortKey> = {
  id: 'ID',
  created_at: 'CREATED_AT',
  updated_at: 'UPDATED_AT',
  name: 'NAME',
  // Last name, then first name: the sort keys have no order by first name, email or state (those stay 400).
  last_name: 'NAME',
  location: 'LOCATION',
  last_order_date: 'LAST_ORDER_DATE',
  orders_count: 'ORDERS_COUNT',
  total_spent: 'TOTAL_SPENT',
};

/** The REST search's `order` (`last_order_date DESC`, `orders_count asc`, `name`): a sort, or null when unknown. */
export function customerSortOf(order: string): CustomerSort | null {
  const match = order.length > 100 ? null : /^\s*([a-z_]{1,30})(?:\s+(asc|desc))?\s*$/i.exec(order);
  const field = match?.[1]!.toLowerCase();
  if (!match || !field || !Object.hasOwn(ORDER_FIELDS, field)) return null;
  return { key: ORDER_FIELDS[field]!, reverse: match[2]?.toLowerCase() === 'desc' };
}
