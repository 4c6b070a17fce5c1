import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { SqlPool, type SqlStatement, preparedSql } from '@platform/database';
import { type KeysetPlan, type ListPage, type PageRequest, cutPage, keysetPlan } from '@platform/paging';
import { SqlParams } from '@platform/sql';
import { searchSql } from '@platform/search-syntax';
import { type RequestContext, requestScoped } from '@platform/request';
import { type OrderTotals, currentTotals } from './current-totals.rules.js';
import { ORDER_SEARCH, ORDER_STATUS_CONDITIONS, orderSearchScope, orderSortSpec } from './order-search.rules.js';
import type {
  FulfillmentRecord,
  OrderDetailRecord,
  OrderLineItemRecord,
  OrderListFilters,
  OrderRecord,
  OrderSortKey,
  OrderTransactionRecord,
  RefundRecord,
} from './order.records.js';
import { FULFILLMENTS_OF_ORDERS, LINE_ITEMS_OF_ORDERS, REFUNDS_OF_ORDERS, TRANSACTIONS_OF_ORDERS, orderCountSql, orderPageSql } from './order.sql.js';
import { OrdersService } from './orders.service.js';
import { EXISTING_ORDERS } from './metafield-owners.sql.js';

type OrderRow = OrderRecord & { sortValue?: string };
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

const REST_LIST = { connection: 'rest.orders', sortKey: 'ID' };
const BY_ID = orderSortSpec('ID', null);

const statements = {
  lineItems: preparedSql(LINE_ITEMS_OF_ORDERS),
  refunds: preparedSql(REFUNDS_OF_ORDERS),
  fulfillments: preparedSql(FULFILLMENTS_OF_ORDERS),
  transactions: preparedSql(TRANSACTIONS_OF_ORDERS),
};

// The REST financial_status filter's values as stored statuses (unpaid: authorized or partially paid).
const FINANCIAL: Record<string, string[] | null> = {
  unpaid: ['authorized', 'partially_paid'],
  any: null,
};
const FULFILLMENT: Record<string, string[] | null> = {
  shipped: ['fulfilled'],
  partial: ['partial'],
  unshipped: ['unfulfilled'],
  unfulfilled: ['unfulfilled', 'partial'],
  any: null,
};

/**
 * The merchant's reads of orders (REST and admin GraphQL): filtered lists, search with the hosted syntax, counts,
 * and what an order shows of its own context (lines, refunds, fulfillments, transactions), each read for every
 * order of a page in one statement, so a page costs the same statements whatever its size.
 */
@Injectable()
export class OrderDirectoryService {
  constructor(
    private readonly sql: SqlPool,
    private readonly orders: OrdersService,
  ) {}

  /** One order of the shop, or null. Orders asked for in the same tick of a request share one read. */
  async order(ctx: RequestContext, id: number): Promise<OrderRecord | null> {
    const [order] = await this.orders.ordersByIds(ctx, [id]);
    return order ?? null;
  }

  /** Which of `ids` are orders of ctx's shop (the metafields' owner registry asks), in one statement. */
  async existingIds(ctx: RequestContext, ids: readonly number[]): Promise<number[]> {
    return (await this.sql.rows<{ id: number }>(ctx, EXISTING_ORDERS, [ctx.shop.id, ids])).map((row) => row.id);
  }

  /** REST list: id order, the filters of spec 3. */
  async list(ctx: RequestContext, filters: OrderListFilters, page: PageRequest): Promise<ListPage<OrderRecord>> {
    // $1 shop, $2 limit; the filters and the cursor add theirs.
    const params = new SqlParams(2);
    const where = listConditions(filters, params);
    const keyset = keysetPlan(REST_LIST, BY_ID, page, 'o.id', params);
    const text = orderPageSql(BY_ID.expression, [...where, keyset.after].filter(Boolean), keyset.orderBy);
    return this.page(ctx, preparedSql(text), params, page, keyset);
  }

  /** REST count: the list's filters. */
  async count(ctx: RequestContext, filters: OrderListFilters): Promise<number> {
    const params = new SqlParams(1);
    const [row] = await this.sql.rows<{ n: number }>(ctx, preparedSql(orderCountSql(listConditions(filters, params))), [ctx.shop.id, ...params.values]);
    return row!.n;
  }

  /**
   * Admin GraphQL `orders(query:, sortKey:, reverse:)`: the hosted search syntax (ORDER_SEARCH), sorted by `sortKey`
   * with ties broken by id. Cursors belong to the sort key (`orderSearchScope`).
   */
  async search(ctx: RequestContext, query: string | null, sortKey: OrderSortKey, page: PageRequest): Promise<ListPage<OrderRecord>> {
    // $1 shop, $2 limit; the filter, the rank (when the sort uses it) and the cursor add theirs.
    const params = new SqlParams(2);
    const search = searchSql(ORDER_SEARCH, query, params);
    const spec = orderSortSpec(sortKey, search.rankQuery);
    const keyset = keysetPlan(orderSearchScope(sortKey), spec, page, 'o.id', params);
    const text = orderPageSql(spec.expression, [search.where && `(${search.where})`, keyset.after].filter(Boolean), keyset.orderBy);
    // Filtered shapes vary without bound, so only unfiltered searches become prepared statements.
    return this.page(ctx, search.where ? { text } : preparedSql(text), params, page, keyset);
  }

  /** `ordersCount(query:)`. */
  async searchCount(ctx: RequestContext, query: string | null): Promise<number> {
    const params = new SqlParams(1);
    const { where } = searchSql(ORDER_SEARCH, query, params);
    const text = orderCountSql(where ? [`(${where})`] : []);
    const [row] = await this.sql.rows<{ n: number }>(ctx, where ? { text } : preparedSql(text), [ctx.shop.id, ...params.values]);
    return row!.n;
  }

  /** Orders with their lines, refunds and fulfillments (the REST object): three statements for any number of orders. */
  async details(ctx: RequestContext, orders: readonly OrderRecord[]): Promise<OrderDetailRecord[]> {
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const [lines, refunds, fulfillments] = await Promise.all([
      this.sql.rows<OrderLineItemRecord>(ctx, statements.lineItems, [ctx.shop.id, ids]),
      this.sql.rows<Json<RefundRecord>>(ctx, statements.refunds, [ctx.shop.id, ids]),
      this.sql.rows<Json<FulfillmentRecord>>(ctx, statements.fulfillments, [ctx.shop.id, ids]),
    ]);
    const linesOf = groupBy(lines);
    const refundsOf = groupBy(refunds.map(refundRecord));
    const fulfillmentsOf = groupBy(fulfillments.map(fulfillmentRecord));
    return orders.map((o) => ({ ...o, lineItems: linesOf.get(o.id) ?? [], refunds: refundsOf.get(o.id) ?? [], fulfillments: fulfillmentsOf.get(o.id) ?? [] }));
  }

  /** An order's refunds, oldest first (admin `Order.refunds`); every order of a request shares one statement. */
  refunds(ctx: RequestContext, orderId: number): Promise<RefundRecord[]> {
    return this.childLoader(ctx, 'refunds', async (ids) => (await this.sql.rows<Json<RefundRecord>>(ctx, statements.refunds, [ctx.shop.id, ids])).map(refundRecord)).load(orderId);
  }

  /** An order's totals after its refunds (the `current*` fields of both schemas), read with its refunds. */
  async currentTotals(ctx: RequestContext, order: OrderRecord): Promise<OrderTotals> {
    return currentTotals(order, await this.refunds(ctx, order.id));
  }

  /** An order's transactions, oldest first (admin `Order.transactions`); one statement for every order of a request. */
  transactions(ctx: RequestContext, orderId: number): Promise<OrderTransactionRecord[]> {
    return this.childLoader(ctx, 'transactions', (ids) => this.sql.rows<OrderTransactionRecord>(ctx, statements.transactions, [ctx.shop.id, ids])).load(orderId);
  }

  /** An order's fulfillments, oldest first (admin `Order.fulfillments`); one statement for every order of a request. */
  fulfillments(ctx: RequestContext, orderId: number): Promise<FulfillmentRecord[]> {
    return this.childLoader(ctx, 'fulfillments', async (ids) => (await this.sql.rows<Json<FulfillmentRecord>>(ctx, statements.fulfillments, [ctx.shop.id, ids])).map(fulfillmentRecord)).load(orderId);
  }

  private childLoader<T extends { orderId: number }>(ctx: RequestContext, name: string, read: (orderIds: number[]) => Promise<T[]>): DataLoader<number, T[]> {
    return requestScoped(ctx, `orders:directory:${name}`, () =>
      new DataLoader<number, T[]>(
        async (ids) => {
          const byOrder = groupBy(await read([...ids]));
          return ids.map((id) => byOrder.get(id) ?? []);
        },
        // Batching only: a write later in the same request (a refund) must be seen by the next read.
        { cache: false },
      ),
    );
  }

  private async page(ctx: RequestContext, statement: SqlStatement, params: SqlParams, page: PageRequest, keyset: KeysetPlan): Promise<ListPage<OrderRecord>> {
    const rows = await this.sql.rows<OrderRow>(ctx, statement, [ctx.shop.id, page.size + 1, ...params.values]);
    return cutPage(rows, page, (row) => keyset.cursorOf(row), withoutSortValue);
  }
}

function withoutSortValue(row: OrderRow): OrderRecord {
  const { sortValue: _sortValue, ...order } = row;
  return order;
}

function refundRecord(row: Json<RefundRecord>): RefundRecord {
  return {
    ...row,
    processedAt: new Date(row.processedAt),
    createdAt: new Date(row.createdAt),
    transactions: (row.transactions as unknown as Json<OrderTransactionRecord>[]).map((t) => ({ ...t, processedAt: new Date(t.processedAt), createdAt: new Date(t.createdAt) })),
  };
}

function fulfillmentRecord(row: Json<FulfillmentRecord>): FulfillmentRecord {
  return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

function groupBy<T extends { orderId: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(row.orderId);
    if (list) list.push(row);
    else groups.set(row.orderId, [row]);
  }
  return groups;
}

// The REST list's filters as conditions on `o`, their values added to `params` (values were checked by the controller).
function listConditions(filters: OrderListFilters, params: SqlParams): string[] {
  const where: string[] = [];
  const status = ORDER_STATUS_CONDITIONS[filters.status];
  if (status) where.push(status);
  if (filters.financialStatus !== undefined) {
    const values = Object.hasOwn(FINANCIAL, filters.financialStatus) ? FINANCIAL[filters.financialStatus] : [filters.financialStatus];
    if (values) where.push(`o.financial_status = any(${params.add(values)}::text[])`);
  }
  if (filters.fulfillmentStatus !== undefined) {
    const values = FULFILLMENT[filters.fulfillmentStatus];
    if (values) where.push(`o.fulfillment_status = any(${params.add(values)}::text[])`);
  }
  if (filters.ids !== undefined) where.push(`o.id = any(${params.add(filters.ids)}::bigint[])`);
  if (filters.sinceId !== undefined) where.push(`o.id > ${params.add(filters.sinceId)}::bigint`);
  const dates = [
    ['created_at', '>=', filters.createdAtMin],
    ['created_at', '<=', filters.createdAtMax],
    ['updated_at', '>=', filters.updatedAtMin],
    ['updated_at', '<=', filters.updatedAtMax],
    ['processed_at', '>=', filters.processedAtMin],
    ['processed_at', '<=', filters.processedAtMax],
  ] as const;
  for (const [column, comparison, date] of dates) {
    if (date !== undefined) where.push(`o.${column} ${comparison} ${params.add(date.toISOString())}::timestamptz`);
  }
  return where;
}

// NUL cannot reach Postgres as text; the rest of the query is the lenient parser's to read.