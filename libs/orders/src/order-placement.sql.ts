// The order placement's SQL (`?` parameters, the transaction's connection).

/** Holds the shop's order numbering until the transaction ends: placements of one shop take numbers one at a time. */
export const ORDER_NUMBER_LOCK = `select pg_advisory_xact_lock(hashtextextended('orders.number', ?::bigint))::text as locked`;

/** The shop's next order number: #1001 for its first order. */
export const NEXT_ORDER_NUMBER = `select (coalesce(max(number), 1000) + 1)::int as next from orders where shop_id = ?`;

/** The order a cart was paid with. */
export const ORDER_OF_CART = `select id::int, name, number, email, currency, total_price::text as "totalPrice", customer_id::int as "customerId",
    processed_at as "processedAt" from orders where shop_id = ? and cart_token = ?`;
