import { toGlobalId } from '@platform/ids';
import { Decimal, moneyV2 } from '@platform/money';
import type { OrderLineItemRecord, OrderRecord, OrderTransactionRecord, RefundLineItemRecord, RefundRecord } from '../../order.records.js';
import { customAttributesOf } from '../custom-attributes.js';
import type { AdminLineItem, AdminMoneyBag, AdminOrder, AdminOrderTransaction, AdminRefund, AdminRefundLineItem } from './order.type.js';

// Records to admin views. Orders are kept in one currency (no conversion yet), so both sides of a MoneyBag
// are the order's amount. The current totals are resolved with the order's refunds (OrdersAdminResolver).

export function bag(amount: string, currency: string): AdminMoneyBag {
  const money = moneyV2(amount, currency);
  return { shopMoney: money, presentmentMoney: money };
}

export function adminOrderView(record: OrderRecord): AdminOrder {
  return {
    __typename: 'Order',
    id: toGlobalId('Order', record.id),
    legacyResourceId: String(record.id),
    name: record.name,
    email: record.email,
    processedAt: record.processedAt,
    closedAt: record.closedAt,
    closed: record.closedAt !== null,
    cancelledAt: record.cancelledAt,
    cancelReason: record.cancelReason?.toUpperCase() ?? null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    test: record.test,
    note: record.note,
    tags: record.tags,
    currencyCode: record.currency,
    presentmentCurrencyCode: record.presentmentCurrency,
    displayFinancialStatus: record.financialStatus.toUpperCase(),
    displayFulfillmentStatus: FULFILLMENT_STATUS[record.fulfillmentStatus],
    subtotalPriceSet: bag(record.subtotalPrice, record.currency),
    totalTaxSet: bag(record.totalTax, record.currency),
    totalPriceSet: bag(record.totalPrice, record.currency),
    totalDiscountsSet: bag(record.totalDiscounts, record.currency),
    totalShippingPriceSet: bag(record.totalShipping, record.currency),
    record,
  };
}

const FULFILLMENT_STATUS: Record<OrderRecord['fulfillmentStatus'], string> = {
  unfulfilled: 'UNFULFILLED',
  partial: 'PARTIALLY_FULFILLED',
  fulfilled: 'FULFILLED',
  restocked: 'RESTOCKED',
};

export function adminLineItemView(record: OrderLineItemRecord, currency: string): AdminLineItem {
  return {
    id: toGlobalId('LineItem', record.id),
    title: record.title,
    variantTitle: record.variantTitle,
    quantity: record.quantity,
    originalUnitPriceSet: bag(record.price, currency),
    originalTotalSet: bag(new Decimal(record.price).times(record.quantity).toFixed(2), currency),
    sku: record.sku,
    vendor: record.vendor,
    currentQuantity: record.quantity - record.refundedQuantity,
    unfulfilledQuantity: Math.max(0, record.quantity - record.refundedQuantity - record.fulfilledQuantity),
    requiresShipping: record.requiresShipping,
    taxable: record.taxable,
    customAttributes: customAttributesOf(record.properties),
    record,
  };
}

export function adminTransactionView(record: OrderTransactionRecord): AdminOrderTransaction {
  return {
    id: toGlobalId('OrderTransaction', record.id),
    kind: record.kind.toUpperCase(),
    status: record.status.toUpperCase(),
    amountSet: bag(record.amount, record.currency),
    gateway: record.gateway,
    test: record.test,
    errorCode: record.errorCode,
    processedAt: record.processedAt,
    createdAt: record.createdAt,
    record,
  };
}

/** Σ of the successful refund transactions: the money that went back to the buyer. */
export function refundedAmount(transactions: readonly OrderTransactionRecord[]): string {
  return transactions
    .filter((t) => t.kind === 'refund' && t.status === 'success')
    .reduce((sum, t) => sum.plus(t.amount), new Decimal(0))
    .toFixed(2);
}

export function adminRefundView(record: RefundRecord, currency: string): AdminRefund {
  return {
    id: toGlobalId('Refund', record.id),
    legacyResourceId: String(record.id),
    note: record.note,
    createdAt: record.createdAt,
    totalRefundedSet: bag(refundedAmount(record.transactions), currency),
    record,
    currency,
  };
}

export function adminRefundLineItemView(record: RefundLineItemRecord, currency: string): AdminRefundLineItem {
  return {
    id: toGlobalId('RefundLineItem', record.id),
    quantity: record.quantity,
    restockType: record.restockType.toUpperCase(),
    restocked: record.restockType !== 'no_restock',
    subtotalSet: bag(record.subtotal, currency),
    totalTaxSet: bag(record.totalTax, currency),
    record,
    currency,
  };
}
