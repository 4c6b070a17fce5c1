import { type KeysetPlan, childrenPageSql } from '@platform/graphql';

// Reads of orders (storefront and admin), in one reviewable place. Each is scoped by shop_id ($1).

export const ORDER_COLUMNS = `o.id, o.customer_id as "customerId", o.name, o.number, o.email,
  o.financial_status as "financialStatus", o.fulfillment_status as "fulfillmentStatus", o.currency,
  o.presentment_currency as "presentmentCurrency", o.subtotal_price as "subtotalPrice", o.total_discounts as "totalDiscounts",
  o.total_shipping as "totalShipping", o.total_tax as "totalTax", o.total_price as "totalPrice",
  o.shipping_lines as "shippingLines", o.billing_address as "billingAddress", o.shipping_address as "shippingAddress",
  o.note, o.test, o.created_at as "createdAt", o.updated_at as "updatedAt",
  o.processed_at as "processedAt", o.closed_at as "closedAt", o.cancelled_at as "cancelledAt", o.cancel_reason as "cancelReason"`;

/**
 * The same page of the orders of each customer `$2`, `$3` rows each (`childrenPageSql`): the sort value the cursor
 * needs, the keyset plan's condition and order. Served by the (shop_id, customer_id) index.
 */
export function ordersOfCustomersSql(keyset: KeysetPlan, sortExpression: string): string {
  return childrenPageSql({
    columns: `${ORDER_COLUMNS}, (${sortExpression})::text as "sortValue"`,
    from: 'orders o where o.shop_id = $1 and o.customer_id = any($2::bigint[])',
    parentColumn: 'o.customer_id',
    keyset,
  });
}

/**
 * A page of a customer's orders ($3), $2 rows: the sort value, the cursor condition (its values after $3) and the
 * order come from the paging kit's keyset plan; `where` narrows them (a status). Served by the (shop_id, customer_id) index.
 */
export function ordersOfCustomerSql(sortExpression: string, after: string, orderBy: string, where = ''): string {
  return `select ${ORDER_COLUMNS}, (${sortExpression})::text as "sortValue" from orders o
    where o.shop_id = $1 and o.customer_id = $3${where ? ` and ${where}` : ''}${after ? ` and ${after}` : ''}
    order by ${orderBy} limit $2`;
}

/** The orders `$2`, in no particular order. */
export const ORDERS_BY_IDS = `select ${ORDER_COLUMNS} from orders o where o.shop_id = $1 and o.id = any($2::bigint[])`;

/**
 * Every line of the orders `$2`, in order then line order, with the units successful fulfillments shipped and
 * refunds gave back (summed by correlated reads on their line_item_id indexes).
 */
export const LINE_ITEMS_OF_ORDERS = `select l.id, l.order_id as "orderId", l.product_id as "productId", l.variant_id as "variantId",
  l.title, l.variant_title as "variantTitle", l.quantity, l.price, l.sku, l.vendor, l.grams,
  l.requires_shipping as "requiresShipping", l.taxable, l.gift_card as "giftCard", l.total_discount as "totalDiscount",
  (select coalesce(sum(fl.quantity), 0)::int from order_fulfillment_line_items fl join order_fulfillments f on f.id = fl.fulfillment_id
    where fl.line_item_id = l.id and f.status = 'success') as "fulfilledQuantity",
  (select coalesce(sum(rl.quantity), 0)::int from refund_line_items rl where rl.line_item_id = l.id) as "refundedQuantity"
  from order_line_items l where l.shop_id = $1 and l.order_id = any($2::bigint[]) order by l.order_id, l.id`;
