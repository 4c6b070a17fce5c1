import type { FinancialStatus, FulfillmentStatus } from './order.entity.js';

/** How a customer's orders can be sorted (the hosted platform's OrderSortKeys). */
export const ORDER_SORT_KEYS = ['PROCESSED_AT', 'TOTAL_PRICE', 'ID', 'RELEVANCE'] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

/** Which of a customer's orders the REST `status` parameter selects (open: neither closed nor cancelled). */
export const ORDER_STATUS_FILTERS = ['open', 'closed', 'cancelled', 'any'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** An order as read models see it: plain values, money as exact decimal strings. */
export interface OrderRecord {
  id: number;
  customerId: number | null;
  name: string;
  number: number;
  email: string | null;
  financialStatus: FinancialStatus;
  fulfillmentStatus: FulfillmentStatus;
  currency: string;
  subtotalPrice: string;
  totalTax: string;
  totalPrice: string;
  processedAt: Date;
  closedAt: Date | null;
  cancelledAt: Date | null;
}

export interface OrderLineItemRecord {
  id: number;
  orderId: number;
  productId: number | null;
  variantId: number | null;
  title: string;
  variantTitle: string | null;
  quantity: number;
  /** Unit price. */
  price: string;
}

/** Ids of an imported order and its line items, in the order given. */
export interface ImportedOrder {
  id: number;
  name: string;
  lineItemIds: number[];
}
