import { toGlobalId } from '@platform/graphql';
import { Decimal, moneyV2 } from '@platform/money';
import type { OrderLineItemRecord, OrderRecord } from '../../order.records.js';
import type { AdminLineItem, AdminMoneyBag, AdminOrder } from './order.type.js';

// Records to admin views. Orders are kept in one currency (no conversion yet), so both sides of a MoneyBag
// are the order's amount; orders are not edited or refunded yet, so current totals are the original ones.

function bag(amount: string, currency: string): AdminMoneyBag {
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
    currencyCode: record.currency,
    presentmentCurrencyCode: record.currency,
    displayFinancialStatus: record.financialStatus.toUpperCase(),
    displayFulfillmentStatus: FULFILLMENT_STATUS[record.fulfillmentStatus],
    subtotalPriceSet: bag(record.subtotalPrice, record.currency),
    totalTaxSet: bag(record.totalTax, record.currency),
    totalPriceSet: bag(record.totalPrice, record.currency),
    currentTotalPriceSet: bag(record.totalPrice, record.currency),
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
    record,
  };
}
