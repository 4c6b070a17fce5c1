import { ORDER_COLUMNS } from './order.sql.js';

// The admin's reads of customers' orders. Each is scoped by shop_id ($1).

/** Columns of a page of orders per customer (`childrenPageSql`), with the sort value the cursor needs. */
export const ORDERS_OF_CUSTOMERS_COLUMNS = (sortExpression: string) => `${ORDER_COLUMNS}, (${sortExpression})::text as "sortValue"`;

/** The orders of the customers `$2`; served by the (shop_id, customer_id) index. */
export const ORDERS_OF_CUSTOMERS_FROM = `orders o where o.shop_id = $1 and o.customer_id = any($2::bigint[])`;

