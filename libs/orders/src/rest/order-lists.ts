import { type RestListing, type RestQueryParameter, dropUndefined, filterChoice, filterId, filterIds, filterTime, filterValue } from '@platform/rest';
import { ORDER_STATUS_FILTERS, type OrderListFilters, REST_FINANCIAL_FILTERS, REST_FULFILLMENT_FILTERS } from '../order.records.js';

// What the REST order lists accept: spec 3's list and count filters, read into the service's filters.

const LIST_FILTERS = [
  'ids',
  'since_id',
  'status',
  'financial_status',
  'fulfillment_status',
  'created_at_min',
  'created_at_max',
  'updated_at_min',
  'updated_at_max',
  'processed_at_min',
  'processed_at_max',
] as const;

/** GET orders.json: id order, the filters carried by its page_info. */
export const ORDERS: RestListing = { scope: { connection: 'rest.orders', sortKey: 'ID' }, cursor: ['bigint'], filters: LIST_FILTERS };

const TIME = 'ISO 8601: a date, or a date and time with an optional offset (none is UTC)';

/** How the OpenAPI document shows the filters the shared vocabulary does not know. */
export const ORDER_FILTER_DOCS: Readonly<Record<string, Partial<RestQueryParameter>>> = {
  status: { description: 'Which orders: open (the default: neither closed nor cancelled), closed, cancelled or any', schema: { type: 'string', enum: [...ORDER_STATUS_FILTERS], default: 'open' } },
  financial_status: { description: 'Only orders with this financial status (unpaid: authorized or partially paid; any)', schema: { type: 'string', enum: [...REST_FINANCIAL_FILTERS] } },
  fulfillment_status: {
    description: 'Only orders shipped (fulfilled), partial, unshipped, unfulfilled (unshipped or partial) or any',
    schema: { type: 'string', enum: [...REST_FULFILLMENT_FILTERS] },
  },
  processed_at_min: { description: `Only orders processed at or after this time (${TIME})`, schema: { type: 'string', example: '2024-01-01T00:00:00-05:00' } },
  processed_at_max: { description: `Only orders processed at or before this time (${TIME})`, schema: { type: 'string', example: '2024-12-31' } },
};

/** The list filters as the service takes them; a value it cannot use is 400 `{"errors":{"<parameter>":"Invalid value."}}`. */
export function orderListFilters(filters: Readonly<Record<string, unknown>>): OrderListFilters {
  const choice = <T extends string>(name: string, values: readonly T[]) => filterValue(filters, name, (value) => filterChoice(value, values, name));
  const time = (name: string) => filterValue(filters, name, (value) => filterTime(value, name));
  return dropUndefined({
    status: choice('status', ORDER_STATUS_FILTERS) ?? 'open',
    financialStatus: choice('financial_status', REST_FINANCIAL_FILTERS),
    fulfillmentStatus: choice('fulfillment_status', REST_FULFILLMENT_FILTERS),
    ids: filterValue(filters, 'ids', (value) => filterIds(value)) ?? undefined,
    sinceId: filterValue(filters, 'since_id', (value) => filterId(value, 'since_id')),
    createdAtMin: time('created_at_min'),
    createdAtMax: time('created_at_max'),
    updatedAtMin: time('updated_at_min'),
    updatedAtMax: time('updated_at_max'),
    processedAtMin: time('processed_at_min'),
    processedAtMax: time('processed_at_max'),
  });
}
