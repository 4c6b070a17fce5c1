import { toGlobalId } from '@platform/ids';
import { Decimal, moneyV2 } from '@platform/money';
import type { OrderLineItemRecord, OrderRecord } from '../../order.records.js';
import { customAttributesOf } from '../custom-attributes.js';
import type { StorefrontOrder, StorefrontOrderLineItem } from './order.type.js';

// Records to storefront views: plain objects with every scalar field ready, and the record for the
// field resolvers of nested lists.

// Orders are not edited, so only refunds make the current totals (resolved with the order's refunds) differ from
// the original ones; a line's current quantity leaves out the units refunds gave back, as admin's does.
export function orderView(record: OrderRecord): StorefrontOrder {
  const money = (amount: string) => moneyV2(amount, record.currency);
  return {
    __typename: 'Order',
    id: toGlobalId('Order', record.id),
    name: record.name,
    orderNumber: record.number,
    processedAt: record.processedAt,
    canceledAt: record.cancelledAt,
    email: record.email,
    phone: null,
    currencyCode: record.currency,
    financialStatus: record.financialStatus.toUpperCase(),
    fulfillmentStatus: FULFILLMENT_STATUS[record.fulfillmentStatus],
    edited: false,
    originalTotalPrice: money(record.totalPrice),
    totalPrice: money(record.totalPrice),
    subtotalPrice: money(record.subtotalPrice),
    totalTax: money(record.totalTax),
    totalShippingPrice: money(record.totalShipping),
    record,
  };
}

const FULFILLMENT_STATUS: Record<OrderRecord['fulfillmentStatus'], string> = {
  unfulfilled: 'UNFULFILLED',
  partial: 'PARTIALLY_FULFILLED',
  fulfilled: 'FULFILLED',
  restocked: 'RESTOCKED',
};

export function orderLineItemView(record: OrderLineItemRecord, currency: string): StorefrontOrderLineItem {
  const total = moneyV2(new Decimal(record.price).times(record.quantity).toFixed(2), currency);
  return {
    title: record.title,
    quantity: record.quantity,
    currentQuantity: record.quantity - record.refundedQuantity,
    originalTotalPrice: total,
    discountedTotalPrice: total,
    customAttributes: customAttributesOf(record.properties),
    record,
  };
}
