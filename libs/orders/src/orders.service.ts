import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { SqlPool, preparedSql } from '@platform/database';
import { DomainEvents } from '@platform/events';
import { isRecordId } from '@platform/ids';
import { type KeysetRow, type ListPage, type PageRequest, type SortSpec, cutPage, keysetPlan, pageKey, toListPage } from '@platform/paging';
import { SqlParams } from '@platform/sql';
import { MAX_TAGS } from '@platform/errors';
import { type RequestContext, requestScoped } from '@platform/request';
import { type TagError, checkedTags, tooManyTags } from '@platform/tags';
import type { NewOrder } from './order.inputs.js';
import { OrderPaid } from './events/order-paid.event.js';
import { OrderRefunded } from './events/order-refunded.event.js';
import { insertOrders } from './order-import.js';
import type { ImportedOrder, OrderLineItemRecord, OrderRecord, OrderSortKey, OrderStatusFilter } from './order.records.js';
import { CHANGE_ORDER_TAGS, ORDERS_BY_IDS, ORDER_EXISTS, lineItemsPageSql, ordersOfCustomerSql, ordersOfCustomersSql } from './order.sql.js';
import { isPayment, isRefundPayment, orderRows } from './order.rules.js';
import { ORDER_STATUS_CONDITIONS, orderSortSpec } from './order-search.rules.js';
import { type OrderError, OrderErrors, orderNotFound } from './orders.errors.js';

const LINE_ITEMS = { connection: 'order.lineItems', sortKey: 'ID' };
const BY_ID: SortSpec = orderSortSpec('ID', null);
const BY_LINE_ID: SortSpec = { expression: 'l.id', cast: 'bigint', descending: false };

const REST_CUSTOMER_ORDERS = { connection: 'rest.customer.orders', sortKey: 'ID' };

const ordersByIds = preparedSql(ORDERS_BY_IDS);
const changeOrderTags = preparedSql(CHANGE_ORDER_TAGS);
const orderExists = preparedSql(ORDER_EXISTS);

/** An order after a change of its tags, or null with the problems (NOT_FOUND; the tag rules' INVALID, TOO_LONG). */
export interface OrderTagsResult {
  order: OrderRecord | null;
  problems: (OrderError | TagError)[];
}

/** Orders: imports (ctx.em, one transaction), the reads of a customer's orders, storefront and admin, and tags (SQL pool). */
@Injectable()
export class OrdersService {
  constructor(
    private readonly sql: SqlPool,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Creates orders with their line items, transactions, refunds and fulfillments in one transaction, with multi-row
   * inserts (bulk import and seeding), publishing OrderPaid for each successful sale or capture and OrderRefunded for
   * each successful refund transaction. Customer, product and variant ids are the caller's to resolve; this context
   * does not read their tables.
   */
  async importOrders(ctx: RequestContext, orders: NewOrder[]): Promise<ImportedOrder[]> {
    if (orders.length === 0) return [];
    const shopId = ctx.shop.id;
    const prepared = orders.map((o, i) => orderRows(o, `orders[${i}]`));
    try {
      return await ctx.em.transactional(async (em) => {
        const written = await insertOrders(em, shopId, prepared);
        // The ledger hears of imported money too, once the orders are committed.
        for (const t of written.transactions) {
          const at = t.processedAt.toISOString();
          if (isPayment(t)) this.events.publish(ctx, new OrderPaid(t.orderId, t.id, t.amount, t.currency, t.test, at));
          else if (isRefundPayment(t) && t.refundId !== null) this.events.publish(ctx, new OrderRefunded(t.orderId, t.refundId, t.id, t.amount, t.currency, t.test, at));
        }
        return written.orders;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw OrderErrors.TAKEN('has already been taken', { field: 'name' });
      }
      throw error;
    }
  }

  /**
   * One keyset page of a customer's orders, sorted by `sortKey` with ties broken by id (`Customer.orders` on both
   * GraphQL surfaces). Every customer of a request asking the same page shares one statement (a per-request
   * DataLoader), so a page of customers costs one read of their orders.
   */
  async ordersOfCustomer(ctx: RequestContext, customerId: number, page: PageRequest, sortKey: OrderSortKey): Promise<ListPage<OrderRecord>> {
    return requestScoped(ctx, `orders:ofCustomers:${sortKey}:${pageKey(page)}`, () => {
      // $1 shop, $2 customer ids, $3 rows per customer; the cursor adds its values.
      const params = new SqlParams(3);
      const sort = orderSortSpec(sortKey, null);
      const keyset = keysetPlan({ connection: 'customer.orders', sortKey }, sort, page, 'o.id', params);
      const statement = preparedSql(ordersOfCustomersSql(keyset, sort.expression));
      return new DataLoader<number, ListPage<OrderRecord>>(async (customerIds) => {
        const rows = await this.sql.rows<OrderRecord & KeysetRow & { parentId: number }>(ctx, statement, [ctx.shop.id, customerIds, page.size + 1, ...params.values]);
        const byCustomer = new Map<number, (OrderRecord & KeysetRow)[]>();
        for (const row of rows) {
          const list = byCustomer.get(row.parentId);
          if (list) list.push(row);
          else byCustomer.set(row.parentId, [row]);
        }
        return customerIds.map((id) => toListPage(byCustomer.get(id) ?? [], page, keyset));
      });
    }).load(customerId);
  }

  /**
   * The REST `GET /customers/:id/orders.json` list: a customer's orders with the `status` asked (open: neither
   * closed nor cancelled; closed; cancelled; any), in id order, keyset-paged under the REST list's own scope.
   */
  async ordersOfCustomerForRest(ctx: RequestContext, customerId: number, status: OrderStatusFilter, page: PageRequest): Promise<ListPage<OrderRecord>> {
    // $1 shop, $2 limit, $3 customer; the cursor adds its value.
    const params = new SqlParams(3);
    const keyset = keysetPlan(REST_CUSTOMER_ORDERS, BY_ID, page, 'o.id', params);
    const statement = preparedSql(ordersOfCustomerSql(BY_ID.expression, keyset.after, keyset.orderBy, ORDER_STATUS_CONDITIONS[status]));
    const rows = await this.sql.rows<OrderRecord & KeysetRow>(ctx, statement, [ctx.shop.id, page.size + 1, customerId, ...params.values]);
    return cutPage(rows, page, (row) => keyset.cursorOf(row), withoutSortValue);
  }

  /**
   * tagsAdd / tagsRemove on an order (the Order registration of the TaggableRegistry): the tags given are checked
   * (split on commas, trimmed, one of each, within the limits), then added or removed in one statement under the
   * shop, which also sets updated_at. More than 250 tags after adding is refused; an id the shop does not have is
   * NOT_FOUND, whatever the tags.
   */
  async changeTags(ctx: RequestContext, id: number, add: readonly string[], remove: readonly string[]): Promise<OrderTagsResult> {
    if (!isRecordId(id)) return { order: null, problems: [orderNotFound()] };
    const problems: (OrderError | TagError)[] = [];
    const adding = checkedTags(problems, 'tags', add);
    const removing = checkedTags(problems, 'tags', remove);
    if (adding && removing) {
      const [order] = await this.sql.rows<OrderRecord>(ctx, changeOrderTags, [ctx.shop.id, id, adding, removing, MAX_TAGS]);
      if (order) return { order, problems: [] };
      problems.push(tooManyTags());
    }
    // Refused: an order the shop does not have is not found rather than refused for its tags.
    const found = await this.sql.rows(ctx, orderExists, [ctx.shop.id, id]);
    return { order: null, problems: found.length > 0 ? problems : [orderNotFound()] };
  }

  /**
   * Orders by id (a customer's `lastOrder`), in the order asked, null where the shop has none. Every call of a
   * request in the same tick shares one statement, so a page of customers costs one read of their last orders.
   */
  async ordersByIds(ctx: RequestContext, ids: readonly number[]): Promise<(OrderRecord | null)[]> {
    const loader = requestScoped(ctx, 'orders:byId', () =>
      new DataLoader<number, OrderRecord | null>(
        async (batch) => {
          const valid = [...new Set(batch.filter(Number.isSafeInteger))];
          const rows = valid.length === 0 ? [] : await this.sql.rows<OrderRecord>(ctx, ordersByIds, [ctx.shop.id, valid]);
          const found = new Map(rows.map((row) => [row.id, row]));
          return batch.map((id) => found.get(id) ?? null);
        },
        // Batching only: an order changed later in the request is read anew.
        { cache: false },
      ),
    );
    const found = await loader.loadMany(ids);
    return found.map((order) => {
      if (order instanceof Error) throw order;
      return order;
    });
  }

  /**
   * One page of an order's line items, in line order. Every order asking for the same page in a request shares one
   * statement (`childrenPageSql` batched by a per-request DataLoader), so a list of orders costs one query for all
   * their lines.
   */
  lineItemsOfOrder(ctx: RequestContext, orderId: number, page: PageRequest): Promise<ListPage<OrderLineItemRecord>> {
    return requestScoped(ctx, `orders:lineItems:${pageKey(page)}`, () => {
      // $1 shop, $2 order ids, $3 rows per order; the cursor adds its value.
      const params = new SqlParams(3);
      const keyset = keysetPlan(LINE_ITEMS, BY_LINE_ID, page, 'l.id', params);
      const statement = preparedSql(lineItemsPageSql(keyset));
      return new DataLoader<number, ListPage<OrderLineItemRecord>>(async (orderIds) => {
        const rows = await this.sql.rows<OrderLineItemRecord & KeysetRow & { parentId: number; rn: number }>(ctx, statement, [ctx.shop.id, orderIds, page.size + 1, ...params.values]);
        const byOrder = new Map<number, (OrderLineItemRecord & KeysetRow)[]>();
        for (const { parentId, rn: _rn, ...row } of rows) {
          const list = byOrder.get(parentId);
          if (list) list.push(row);
          else byOrder.set(parentId, [row]);
        }
        return orderIds.map((id) => toListPage(byOrder.get(id) ?? [], page, keyset));
      });
    }).load(orderId);
  }
}

function withoutSortValue(row: OrderRecord & KeysetRow): OrderRecord {
  const { sortValue: _sortValue, ...order } = row;
  return order;
}
