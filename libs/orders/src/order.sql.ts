import { type KeysetPlan, childrenPageSql } from '@platform/paging';
import { tagsAfterSql } from '@platform/tags';

// Reads of orders (storefront and admin), in one reviewable place. Each is scoped by shop_id ($1).

export const ORDER_COLUMNS = `o.id, o.customer_id as "customerId", o.name, o.number, o.email,
  o.financial_status as "financialStatus", o.fulfillment_status as "fulfillmentStatus", o.currency,
  o.presentment_currency as "presentmentCurrency", o.subtotal_price as "subtotalPrice", o.total_discounts as "totalDiscounts",
  o.total_shipping as "totalShipping", o.total_tax as "totalTax", o.total_price as "totalPrice",
  o.shipping_lines as "shippingLines", o.billing_address as "billingAddress", o.shipping_address as "shippingAddress",
  o.note, o.tags, o.test, o.created_at as "createdAt", o.updated_at as "updatedAt",
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

const TAGS_AFTER = tagsAfterSql('o.tags', '$3::text[]', '$4::text[]');

/**
 * The order `$2` with tags `$3` added and `$4` removed (tagsAfter's rule), when it keeps at most `$5`, and its
 * updated_at: one statement, which reads the row as it updates it, so two changes at once both count. No row when
 * the shop has no such order or the tags would be too many.
 */
export const CHANGE_ORDER_TAGS = `update orders o set tags = ${TAGS_AFTER}, updated_at = now()
  where o.shop_id = $1 and o.id = $2 and cardinality(${TAGS_AFTER}) <= $5 returning ${ORDER_COLUMNS}`;

/** Whether the shop has the order `$2`. */
export const ORDER_EXISTS = 'select 1 from orders o where o.shop_id = $1 and o.id = $2';

// A line with the units successful fulfillments shipped and refunds gave back (correlated reads on their
// line_item_id indexes).
const LINE_ITEM_COLUMNS = `l.id, l.order_id as "orderId", l.product_id as "productId", l.variant_id as "variantId",
  l.title, l.variant_title as "variantTitle", l.quantity, l.price, l.sku, l.vendor, l.grams,
  l.requires_shipping as "requiresShipping", l.taxable, l.gift_card as "giftCard", l.total_discount as "totalDiscount", l.properties,
  (select coalesce(sum(fl.quantity), 0)::int from order_fulfillment_line_items fl join order_fulfillments f on f.id = fl.fulfillment_id
    where fl.line_item_id = l.id and f.status = 'success') as "fulfilledQuantity",
  (select coalesce(sum(rl.quantity), 0)::int from refund_line_items rl where rl.line_item_id = l.id) as "refundedQuantity"`;

/** Every line of the orders `$2`, in order then line order (the REST order shows them all). */
export const LINE_ITEMS_OF_ORDERS = `select ${LINE_ITEM_COLUMNS}
  from order_line_items l where l.shop_id = $1 and l.order_id = any($2::bigint[]) order by l.order_id, l.id`;

/** The same page of the lines of each order `$2`, `$3` rows each (`childrenPageSql`), in line order. */
export function lineItemsPageSql(keyset: KeysetPlan): string {
  return childrenPageSql({
    columns: `${LINE_ITEM_COLUMNS}, l.id::text as "sortValue"`,
    from: 'order_line_items l where l.shop_id = $1 and l.order_id = any($2::bigint[])',
    parentColumn: 'l.order_id',
    keyset,
  });
}

// Money and times inside json are text: a json number would reach JavaScript as a float.
const TRANSACTION_JSON = `json_build_object('id', t.id, 'orderId', t.order_id, 'kind', t.kind, 'status', t.status, 'amount', t.amount::text,
  'currency', t.currency, 'gateway', t.gateway, 'test', t.test, 'parentId', t.parent_id, 'refundId', t.refund_id,
  'processedAt', t.processed_at, 'createdAt', t.created_at, 'errorCode', t.error_code, 'message', t.message)`;

/** The refunds of the orders `$2`, oldest first, each with its lines (and what their units cost before discounts) and its transactions (json). */
export const REFUNDS_OF_ORDERS = `select r.id, r.order_id as "orderId", r.note, r.restock, r.shipping::text as shipping,
  r.processed_at as "processedAt", r.created_at as "createdAt",
  coalesce((select json_agg(json_build_object('id', rl.id, 'refundId', rl.refund_id, 'lineItemId', rl.line_item_id, 'quantity', rl.quantity,
      'restockType', rl.restock_type, 'subtotal', rl.subtotal::text, 'totalTax', rl.total_tax::text,
      'originalSubtotal', (l.price * rl.quantity)::numeric(20, 2)::text) order by rl.id)
    from refund_line_items rl join order_line_items l on l.id = rl.line_item_id where rl.refund_id = r.id), '[]') as "lineItems",
  coalesce((select json_agg(${TRANSACTION_JSON} order by t.id) from order_transactions t where t.refund_id = r.id), '[]') as transactions
  from refunds r where r.shop_id = $1 and r.order_id = any($2::bigint[]) order by r.order_id, r.id`;

/** The fulfillments of the orders `$2`, oldest first, each with its lines (json). */
export const FULFILLMENTS_OF_ORDERS = `select f.id, f.order_id as "orderId", f.status, f.name, f.tracking_company as "trackingCompany",
  f.tracking_number as "trackingNumber", f.tracking_url as "trackingUrl", f.created_at as "createdAt", f.updated_at as "updatedAt",
  coalesce((select json_agg(json_build_object('lineItemId', fl.line_item_id, 'quantity', fl.quantity) order by fl.id)
    from order_fulfillment_line_items fl where fl.fulfillment_id = f.id), '[]') as "lineItems"
  from order_fulfillments f where f.shop_id = $1 and f.order_id = any($2::bigint[]) order by f.order_id, f.id`;

/** The transactions of the orders `$2`, oldest first. */
export const TRANSACTIONS_OF_ORDERS = `select t.id, t.order_id as "orderId", t.kind, t.status, t.amount, t.currency, t.gateway, t.test,
  t.parent_id as "parentId", t.refund_id as "refundId", t.processed_at as "processedAt", t.created_at as "createdAt",
  t.error_code as "errorCode", t.message
  from order_transactions t where t.shop_id = $1 and t.order_id = any($2::bigint[]) order by t.order_id, t.id`;

/** A page of the shop's orders: `$2` rows, the sort value the cursor needs, `where` (filters, keyset) and order. */
export function orderPageSql(sortExpression: string, where: readonly string[], orderBy: string): string {
  return `select ${ORDER_COLUMNS}, (${sortExpression})::text as "sortValue" from orders o
    where o.shop_id = $1${where.map((condition) => ` and ${condition}`).join('')}
    order by ${orderBy} limit $2`;
}

/** How many of the shop's orders meet `where`. */
export function orderCountSql(where: readonly string[]): string {
  return `select count(*)::int as n from orders o where o.shop_id = $1${where.map((condition) => ` and ${condition}`).join('')}`;
}
