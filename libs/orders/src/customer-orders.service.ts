import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { SqlReader, preparedSql } from '@platform/database';
import { type KeysetRow, type ListPage, type PageRequest, type SortSpec, SqlParams, childrenPageSql, keysetPlan, pageKey, toListPage } from '@platform/graphql';
import { type RequestContext, requestScoped } from '@platform/request';
import type { OrderRecord, OrderSortKey } from './order.records.js';
import { ORDERS_OF_CUSTOMERS_COLUMNS, ORDERS_OF_CUSTOMERS_FROM } from './customer-orders.sql.js';

const BY_ID: SortSpec = { expression: 'o.id', cast: 'bigint', descending: false };

// As the storefront's `Customer.orders` sorts them; no `query` argument, so RELEVANCE keeps the id order.
const ORDER_SORTS: Record<OrderSortKey, SortSpec> = {
  ID: BY_ID,
  RELEVANCE: BY_ID,
  PROCESSED_AT: { expression: 'o.processed_at', cast: 'timestamptz', descending: false },
  TOTAL_PRICE: { expression: 'o.total_price', cast: 'numeric', descending: false },
};

type OrderRow = OrderRecord & KeysetRow & { parentId: number };

/**
 * The orders of a page of customers (admin `Customer.orders`), batched per request: every customer of a page
 * asking the same page of orders shares one statement.
 */
@Injectable()
export class CustomerOrdersService {
  constructor(private readonly sql: SqlReader) {}

  /** One keyset page of a customer's orders, sorted by `sortKey` with ties broken by id. */
  ordersOfCustomer(ctx: RequestContext, customerId: number, page: PageRequest, sortKey: OrderSortKey): Promise<ListPage<OrderRecord>> {
    return requestScoped(ctx, `orders:ofCustomers:${sortKey}:${pageKey(page)}`, () => {
      // $1 shop, $2 customer ids, $3 rows per customer; the cursor adds its values.
      const params = new SqlParams(3);
      const sort = ORDER_SORTS[sortKey];
      const keyset = keysetPlan({ connection: 'customer.orders', sortKey }, sort, page, 'o.id', params);
      const statement = preparedSql(childrenPageSql({ columns: ORDERS_OF_CUSTOMERS_COLUMNS(sort.expression), from: ORDERS_OF_CUSTOMERS_FROM, parentColumn: 'o.customer_id', keyset }));
      return new DataLoader<number, ListPage<OrderRecord>>(async (customerIds) => {
        const rows = await this.sql.rows<OrderRow>(statement, [ctx.shop.id, customerIds, page.size + 1, ...params.values]);
        const byCustomer = new Map<number, OrderRow[]>();
        for (const row of rows) {
          const list = byCustomer.get(row.parentId);
          if (list) list.push(row);
          else byCustomer.set(row.parentId, [row]);
        }
        return customerIds.map((id) => toListPage(byCustomer.get(id) ?? [], page, keyset));
      });
    }).load(customerId);
  }
}
