import { type RestListing, dropUndefined, filterId, filterIds, filterText, filterTime, filterValue, invalidParameter } from '@platform/rest';
import type { CustomerListFilters, CustomerSort } from '../customer.inputs.js';
import { customerSearchCursor, customerSearchScope, customerSortOf } from '../customer-search.rules.js';

// What the REST customer lists accept: the list and count filters of spec 3, and the search's query and order.

const LIST_FILTERS = ['ids', 'since_id', 'created_at_min', 'created_at_max', 'updated_at_min', 'updated_at_max'] as const;

/** GET customers.json: id order, the filters carried by its page_info. */
export const CUSTOMERS: RestListing = { scope: { connection: 'rest.customers', sortKey: 'ID' }, cursor: ['bigint'], filters: LIST_FILTERS };

/** The search's order without an `order` parameter (the hosted platform's default). */
const DEFAULT_SEARCH_ORDER = 'last_order_date DESC';

/** The list filters as the service takes them; a value it cannot use is 400 `{"errors":{"<parameter>":"Invalid value."}}`. */
export function customerListFilters(filters: Readonly<Record<string, unknown>>): CustomerListFilters {
  const time = (name: string) => filterValue(filters, name, (value) => filterTime(value, name));
  return dropUndefined({
    ids: filterValue(filters, 'ids', (value) => filterIds(value)) ?? undefined,
    sinceId: filterValue(filters, 'since_id', (value) => filterId(value, 'since_id')),
    createdAtMin: time('created_at_min'),
    createdAtMax: time('created_at_max'),
    updatedAtMin: time('updated_at_min'),
    updatedAtMax: time('updated_at_max'),
  });
}

/**
 * The search's listing and sort. `query` and `order` are its filters (a page_info carries them on), and its cursors
 * are those of the sort: the order is read from the query, or from the page_info the client walks with.
 */
export function customerSearchListing(query: Readonly<Record<string, unknown>>): { listing: RestListing; sort: CustomerSort } {
  const order = orderOfPageInfo(query.page_info) ?? filterText(query, 'order') ?? DEFAULT_SEARCH_ORDER;
  const sort = customerSortOf(order);
  if (!sort) throw invalidParameter('order');
  return { listing: { scope: customerSearchScope(sort.key), cursor: customerSearchCursor(sort.key), filters: ['query', 'order'] }, sort };
}

// A page_info is base64url JSON `[direction, filters, cursor]` (@platform/rest checks all of it); only its order is
// read here, to choose the listing that checks it.
function orderOfPageInfo(pageInfo: unknown): string | undefined {
  if (typeof pageInfo !== 'string' || pageInfo.length > 65_536) return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(pageInfo, 'base64url').toString('utf8'));
    const order = Array.isArray(decoded) ? (decoded[1] as Record<string, unknown> | null)?.order : undefined;
    return typeof order === 'string' ? order : undefined;
  } catch {
    return undefined;
  }
}
