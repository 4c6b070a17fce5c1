import { type CustomerDetailRecord, restCustomerAddress } from '@platform/customers';
import { toGlobalId } from '@platform/graphql';
import type { OrderLineItemRecord, OrderRecord } from '../order.records.js';

// The REST `order` of a customer's orders, keys in the hosted platform's order (id and global id first, then
// alphabetical, nested objects last). One currency per order: shop and presentment money are the same amounts.

/** REST `order`, with its lines and its customer. */
export function restOrder(order: OrderRecord, lines: readonly OrderLineItemRecord[], customer: CustomerDetailRecord) {
  const money = (amount: string) => moneySet(amount, order.currency);
  return {
    id: order.id,
    admin_graphql_api_id: toGlobalId('Order', order.id),
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    closed_at: order.closedAt?.toISOString() ?? null,
    // Orders are recorded when they are processed (imports keep the original time).
    created_at: order.processedAt.toISOString(),
    currency: order.currency,
    email: order.email,
    financial_status: order.financialStatus,
    fulfillment_status: order.fulfillmentStatus === 'unfulfilled' ? null : order.fulfillmentStatus,
    name: order.name,
    order_number: order.number,
    presentment_currency: order.currency,
    processed_at: order.processedAt.toISOString(),
    subtotal_price: order.subtotalPrice,
    subtotal_price_set: money(order.subtotalPrice),
    total_price: order.totalPrice,
    total_price_set: money(order.totalPrice),
    total_tax: order.totalTax,
    total_tax_set: money(order.totalTax),
    customer: restOrderCustomer(customer),
    fulfillments: [],
    line_items: lines.map((line) => restLineItem(line, order.currency)),
    refunds: [],
    shipping_lines: [],
  };
}

function restLineItem(line: OrderLineItemRecord, currency: string) {
  return {
    id: line.id,
    admin_graphql_api_id: toGlobalId('LineItem', line.id),
    price: line.price,
    price_set: moneySet(line.price, currency),
    product_id: line.productId,
    quantity: line.quantity,
    title: line.title,
    variant_id: line.variantId,
    variant_title: line.variantTitle,
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
    default_address: c.defaultAddress && restCustomerAddress(c.defaultAddress),
  };
}

function moneySet(amount: string, currency: string) {
  return { shop_money: { amount, currency_code: currency }, presentment_money: { amount, currency_code: currency } };
}
