import { restAddress, restOrderAddress } from '@platform/contact';
import type { CustomerDetailRecord } from '@platform/customers';
import { toGlobalId } from '@platform/ids';
import type {
  FulfillmentRecord,
  OrderDetailRecord,
  OrderLineItemRecord,
  OrderShippingLine,
  OrderTransactionRecord,
  RefundLineItemRecord,
  RefundRecord,
} from '../order.records.js';

// The REST `order`, keys in the hosted platform's order (id and global id first, then alphabetical, nested objects
// last). Amounts are kept in one currency (docs/decisions.md): shop and presentment money are the same amounts.

type Money = ReturnType<typeof moneySet>;

/** REST `order`, with its lines, refunds, fulfillments and its customer (null for a guest or a deleted customer). */
export function restOrder(order: OrderDetailRecord, customer: CustomerDetailRecord | null) {
  const money = (amount: string) => moneySet(amount, order.currency, order.presentmentCurrency);
  const linesTotal = order.subtotalPrice;
  const lines = new Map(order.lineItems.map((l) => [l.id, l]));
  return {
    id: order.id,
    admin_graphql_api_id: toGlobalId('Order', order.id),
    cancel_reason: order.cancelReason,
    cancelled_at: iso(order.cancelledAt),
    closed_at: iso(order.closedAt),
    created_at: order.createdAt.toISOString(),
    currency: order.currency,
    email: order.email,
    financial_status: order.financialStatus,
    fulfillment_status: restFulfillmentStatus(order.fulfillmentStatus),
    name: order.name,
    note: order.note,
    order_number: order.number,
    presentment_currency: order.presentmentCurrency,
    processed_at: order.processedAt.toISOString(),
    subtotal_price: order.subtotalPrice,
    subtotal_price_set: money(order.subtotalPrice),
    test: order.test,
    total_discounts: order.totalDiscounts,
    total_discounts_set: money(order.totalDiscounts),
    total_line_items_price: linesTotal,
    total_line_items_price_set: money(linesTotal),
    total_price: order.totalPrice,
    total_price_set: money(order.totalPrice),
    total_shipping_price_set: money(order.totalShipping),
    total_tax: order.totalTax,
    total_tax_set: money(order.totalTax),
    updated_at: order.updatedAt.toISOString(),
    billing_address: order.billingAddress && restOrderAddress(order.billingAddress),
    customer: customer && restOrderCustomer(customer),
    fulfillments: order.fulfillments.map((f) => restFulfillment(f, lines, money)),
    line_items: order.lineItems.map((line) => restLineItem(line, money)),
    refunds: order.refunds.map((r) => restRefund(r, lines, money)),
    shipping_address: order.shippingAddress && restOrderAddress(order.shippingAddress),
    shipping_lines: order.shippingLines.map((s) => restShippingLine(s, money)),
  };
}

function restFulfillmentStatus(status: OrderDetailRecord['fulfillmentStatus']) {
  return status === 'unfulfilled' ? null : status;
}

function restLineItem(line: OrderLineItemRecord, money: (amount: string) => Money) {
  const current = line.quantity - line.refundedQuantity;
  return {
    id: line.id,
    admin_graphql_api_id: toGlobalId('LineItem', line.id),
    current_quantity: current,
    fulfillable_quantity: Math.max(0, current - line.fulfilledQuantity),
    fulfillment_status: lineFulfillmentStatus(line),
    gift_card: line.giftCard,
    grams: line.grams,
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    price: line.price,
    price_set: money(line.price),
    product_exists: line.productId !== null,
    product_id: line.productId,
    properties: line.properties,
    quantity: line.quantity,
    requires_shipping: line.requiresShipping,
    sku: line.sku,
    taxable: line.taxable,
    title: line.title,
    total_discount: line.totalDiscount,
    total_discount_set: money(line.totalDiscount),
    variant_id: line.variantId,
    variant_title: line.variantTitle,
    vendor: line.vendor,
  };
}

function lineFulfillmentStatus(line: OrderLineItemRecord): 'fulfilled' | 'partial' | null {
  if (line.fulfilledQuantity === 0) return null;
  return line.fulfilledQuantity >= line.quantity ? 'fulfilled' : 'partial';
}

function restRefund(refund: RefundRecord, lines: Map<number, OrderLineItemRecord>, money: (amount: string) => Money) {
  return {
    id: refund.id,
    admin_graphql_api_id: toGlobalId('Refund', refund.id),
    created_at: refund.createdAt.toISOString(),
    note: refund.note,
    order_id: refund.orderId,
    processed_at: refund.processedAt.toISOString(),
    restock: refund.restock,
    refund_line_items: refund.lineItems.map((l) => restRefundLineItem(l, lines, money)),
    transactions: refund.transactions.map(restTransaction),
  };
}

function restRefundLineItem(line: RefundLineItemRecord, lines: Map<number, OrderLineItemRecord>, money: (amount: string) => Money) {
  const item = lines.get(line.lineItemId);
  return {
    id: line.id,
    line_item_id: line.lineItemId,
    quantity: line.quantity,
    restock_type: line.restockType,
    subtotal: line.subtotal,
    subtotal_set: money(line.subtotal),
    total_tax: line.totalTax,
    total_tax_set: money(line.totalTax),
    line_item: item ? restLineItem(item, money) : null,
  };
}

/** REST `transaction` of an order. */
export function restTransaction(t: OrderTransactionRecord) {
  return {
    id: t.id,
    admin_graphql_api_id: toGlobalId('OrderTransaction', t.id),
    amount: t.amount,
    created_at: t.createdAt.toISOString(),
    currency: t.currency,
    error_code: t.errorCode,
    gateway: t.gateway,
    kind: t.kind,
    message: t.message,
    order_id: t.orderId,
    parent_id: t.parentId,
    processed_at: t.processedAt.toISOString(),
    status: t.status,
    test: t.test,
  };
}

function restFulfillment(f: FulfillmentRecord, lines: Map<number, OrderLineItemRecord>, money: (amount: string) => Money) {
  return {
    id: f.id,
    admin_graphql_api_id: toGlobalId('Fulfillment', f.id),
    created_at: f.createdAt.toISOString(),
    name: f.name,
    order_id: f.orderId,
    status: f.status,
    tracking_company: f.trackingCompany,
    tracking_number: f.trackingNumber,
    tracking_numbers: f.trackingNumber ? [f.trackingNumber] : [],
    tracking_url: f.trackingUrl,
    tracking_urls: f.trackingUrl ? [f.trackingUrl] : [],
    updated_at: f.updatedAt.toISOString(),
    // The order's lines this fulfillment shipped, with the quantity it shipped of each.
    line_items: f.lineItems.flatMap(({ lineItemId, quantity }) => {
      const item = lines.get(lineItemId);
      return item ? [{ ...restLineItem(item, money), quantity }] : [];
    }),
  };
}

function restShippingLine(s: OrderShippingLine, money: (amount: string) => Money) {
  return {
    code: s.code,
    discounted_price: s.price,
    discounted_price_set: money(s.price),
    price: s.price,
    price_set: money(s.price),
    title: s.title,
  };
}

// The order's `customer` is the hosted platform's short form: no counts, totals or address list.
function restOrderCustomer(c: CustomerDetailRecord) {
  return {
    id: c.id,
    email: c.email,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    first_name: c.firstName,
    last_name: c.lastName,
    state: c.state,
    note: c.note,
    verified_email: c.verifiedEmail,
    multipass_identifier: c.multipassIdentifier,
    tax_exempt: c.taxExempt,
    phone: c.phone,
    email_marketing_consent: {
      state: c.emailMarketingConsent.state,
      opt_in_level: c.emailMarketingConsent.optInLevel,
      consent_updated_at: c.emailMarketingConsent.consentUpdatedAt,
    },
    sms_marketing_consent: c.smsMarketingConsent && {
      state: c.smsMarketingConsent.state,
      opt_in_level: c.smsMarketingConsent.optInLevel,
      consent_updated_at: c.smsMarketingConsent.consentUpdatedAt,
      consent_collected_from: c.smsMarketingConsent.consentCollectedFrom,
    },
    tags: c.tags.join(', '),
    currency: c.currency,
    tax_exemptions: c.taxExemptions,
    admin_graphql_api_id: toGlobalId('Customer', c.id),
    default_address: c.defaultAddress && restAddress(c.defaultAddress),
  };
}

function iso(date: Date | null): string | null {
  return date?.toISOString() ?? null;
}

function moneySet(amount: string, currency: string, presentmentCurrency: string) {
  return { shop_money: { amount, currency_code: currency }, presentment_money: { amount, currency_code: presentmentCurrency } };
}

