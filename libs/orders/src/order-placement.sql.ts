import { preparedSql } from '@platform/database';

// The order placement's SQL, run in the checkout's transaction.

/** Holds the shop's order numbering until the transaction ends: placements of one shop take numbers one at a time. */
export const ORDER_NUMBER_LOCK = preparedSql(`select pg_advisory_xact_lock(hashtextextended('orders.number', $1::bigint))::text as locked`);

/** The shop's next order number: #1001 for its first order. */
export const NEXT_ORDER_NUMBER = preparedSql(`select (coalesce(max(number), 1000) + 1)::int as next from orders where shop_id = $1`);

/** The order a cart was paid with. */
export const ORDER_OF_CART = preparedSql(`select id::int, name, number, email, currency, total_price::text as "totalPrice", customer_id::int as "customerId",
    processed_at as "processedAt" from orders where shop_id = $1 and cart_token = $2`);
