import { Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { forkForShop } from '@platform/database';
import { insertRows } from '@platform/database';
import { type CursorValue, type ListPage, type PageRequest, cursorCodec, cutPage, pageOfList, walksDescending } from '@platform/graphql';
import { type RequestContext, requestScoped } from '@platform/request';
import type { ImportedOrder, NewOrder } from './order-import.types.js';
import { OrderLineItem } from './order-line-item.entity.js';
import type { OrderLineItemRecord, OrderRecord, OrderSortKey } from './order-records.js';
import { Order } from './order.entity.js';
import { orderRows } from './order.rules.js';
import { OrderErrors } from './orders.errors.js';

type SortProperty = 'id' | 'processedAt' | 'totalPrice';

// By id alone, or by a value: its type in cursors (checked by the codec), the value the query compares a
// cursor's with, and an order's value.
type OrderSort =
  | { property: 'id' }
  | { property: Exclude<SortProperty, 'id'>; type: 'timestamptz' | 'numeric'; parse: (value: CursorValue) => unknown; cursorValue: (order: OrderRecord) => CursorValue };

const BY_ID: OrderSort = { property: 'id' };
const LINE_ITEMS = { connection: 'order.lineItems', sortKey: 'ID' };

// No `query` argument yet, so RELEVANCE has nothing to rank by and keeps the id order.
const ORDER_SORTS: Record<OrderSortKey, OrderSort> = {
  ID: BY_ID,
  RELEVANCE: BY_ID,
  PROCESSED_AT: { property: 'processedAt', type: 'timestamptz', parse: (v) => new Date(v as string), cursorValue: (o) => o.processedAt.toISOString() },
  TOTAL_PRICE: { property: 'totalPrice', type: 'numeric', parse: String, cursorValue: (o) => o.totalPrice },
};

@Injectable()
export class OrdersService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Creates orders with their line items in one transaction, with multi-row inserts (bulk import and seeding).
   * Customer, product and variant ids are the caller's to resolve; this context does not read their tables.
   */
  async importOrders(shopId: number, orders: NewOrder[]): Promise<ImportedOrder[]> {
    if (orders.length === 0) return [];
    const prepared = orders.map((o, i) => orderRows(o, `orders[${i}]`));
    try {
      return await forkForShop(this.em, shopId).transactional(async (em) => {
        const ids = await insertRows(em, Order, prepared.map((o) => ({ shopId, ...o.order })));
        const lineIds = await insertRows(
          em,
          OrderLineItem,
          prepared.flatMap((o, i) => o.lineItems.map((l) => ({ shopId, orderId: ids[i], ...l }))),
        );
        let l = 0;
        return prepared.map((o, i) => ({ id: ids[i], name: o.order.name, lineItemIds: o.lineItems.map(() => lineIds[l++]) }));
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw OrderErrors.TAKEN('has already been taken', { field: 'name' });
      }
      throw error;
    }
  }

  /** One keyset page of a customer's orders (no OFFSET), sorted by `sortKey` with ties broken by id. */
  async ordersOfCustomer(ctx: RequestContext, customerId: number, page: PageRequest, sortKey: OrderSortKey): Promise<ListPage<OrderRecord>> {
    const sort = ORDER_SORTS[sortKey];
    const scope = { connection: 'customer.orders', sortKey };
    const codec = sort.property === 'id' ? cursorCodec(scope, ['bigint']) : cursorCodec(scope, [sort.type, 'bigint']);
    const position = codec.positionOf(page);
    const descending = walksDescending(page);
    const direction = descending ? 'desc' : 'asc';
    let where: FilterQuery<Order> = { customerId };
    if (position) {
      const after = sort.property === 'id' ? afterId(position[0] as number, descending) : afterValue(sort.property, sort.parse(position[0]), position[1] as number, descending);
      where = { $and: [{ customerId }, after] };
    }
    const rows = await ctx.em.find(Order, where, {
      orderBy: { [sort.property]: direction, id: direction },
      limit: page.size + 1,
      disableIdentityMap: true,
    });
    return cutPage(rows.map(orderRecord), page, (o) => codec.encode(sort.property === 'id' ? [o.id] : [sort.cursorValue(o), o.id]));
  }

  /**
   * One page of an order's line items. Every order asking for the same page in a request shares one
   * statement (a per-request DataLoader), so a list of orders costs one query for all their lines.
   */
  lineItemsOfOrder(ctx: RequestContext, orderId: number, page: PageRequest): Promise<ListPage<OrderLineItemRecord>> {
    return requestScoped(ctx, `orders:lineItems:${JSON.stringify(page)}`, () =>
      new DataLoader<number, ListPage<OrderLineItemRecord>>(async (orderIds) => {
        const rows = await ctx.em.find(OrderLineItem, { orderId: { $in: [...orderIds] } }, { orderBy: { orderId: 'asc', id: 'asc' }, disableIdentityMap: true });
        const byOrder = new Map<number, OrderLineItemRecord[]>();
        for (const row of rows) {
          const list = byOrder.get(row.orderId);
          if (list) list.push(lineItemRecord(row));
          else byOrder.set(row.orderId, [lineItemRecord(row)]);
        }
        return orderIds.map((id) => pageOfList(byOrder.get(id) ?? [], page, LINE_ITEMS, (l) => l.id));
      }),
    ).load(orderId);
  }
}

function afterId(id: number, descending: boolean): FilterQuery<Order> {
  return { id: { [descending ? '$lt' : '$gt']: id } };
}

function afterValue(property: SortProperty, value: unknown, id: number, descending: boolean): FilterQuery<Order> {
  const past = descending ? '$lt' : '$gt';
  return { $or: [{ [property]: { [past]: value } }, { [property]: value, id: { [past]: id } }] } as FilterQuery<Order>;
}

function orderRecord(o: Order): OrderRecord {
  return {
    id: o.id,
    customerId: o.customerId ?? null,
    name: o.name,
    number: o.number,
    email: o.email ?? null,
    financialStatus: o.financialStatus,
    fulfillmentStatus: o.fulfillmentStatus,
    currency: o.currency,
    subtotalPrice: o.subtotalPrice,
    totalTax: o.totalTax,
    totalPrice: o.totalPrice,
    processedAt: o.processedAt,
    closedAt: o.closedAt ?? null,
    cancelledAt: o.cancelledAt ?? null,
  };
}

function lineItemRecord(l: OrderLineItem): OrderLineItemRecord {
  return {
    id: l.id,
    orderId: l.orderId,
    productId: l.productId ?? null,
    variantId: l.variantId ?? null,
    title: l.title,
    variantTitle: l.variantTitle ?? null,
    quantity: l.quantity,
    price: l.price,
  };
}
