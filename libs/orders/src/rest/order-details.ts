import type { CustomerDetailRecord, CustomerDirectoryService } from '@platform/customers';
import type { RequestContext } from '@platform/request';
import type { OrderDirectoryService } from '../order-directory.service.js';
import type { OrderRecord } from '../order.records.js';
import { restOrder } from './order.serializer.js';

/**
 * The REST objects of some orders: their lines, refunds and fulfillments (three statements) and their customers
 * (the customers context's reader: two statements), whatever the number of orders. Every order route answers these.
 */
export async function restOrdersOf(
  ctx: RequestContext,
  orders: OrderDirectoryService,
  customers: CustomerDirectoryService,
  records: readonly OrderRecord[],
  // Customers the caller has read already (a customer's orders): not read again.
  known: readonly CustomerDetailRecord[] = [],
) {
  const customerIds = [...new Set(records.flatMap((o) => (o.customerId === null || known.some((c) => c.id === o.customerId) ? [] : [o.customerId])))];
  const [details, found] = await Promise.all([orders.details(ctx, records), customerIds.length === 0 ? [] : customers.customersByIds(ctx, customerIds)]);
  const customerOf = new Map([...known, ...found].flatMap((c) => (c ? [[c.id, c] as const] : [])));
  return new Map(details.map((order) => [order.id, restOrder(order, order.customerId === null ? null : (customerOf.get(order.customerId) ?? null))]));
}
