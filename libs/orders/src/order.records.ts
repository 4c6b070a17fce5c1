import type { Address } from '@platform/contact';
import type { CancelReason, FinancialStatus, FulfillmentStatus, OrderShippingLine } from './order.entity.js';
import type { FulfillmentState } from './order-fulfillment.entity.js';
import type { OrderLineProperty } from './order-line-item.entity.js';
import type { TransactionKind, TransactionStatus } from './order-transaction.entity.js';
import type { RestockType } from './refund-line-item.entity.js';

export type { CancelReason, FinancialStatus, FulfillmentState, FulfillmentStatus, OrderLineProperty, OrderShippingLine, RestockType, TransactionKind, TransactionStatus };

/** How orders can be sorted (the hosted platform's OrderSortKeys, without those naming another context's data). */
export const ORDER_SORT_KEYS = ['PROCESSED_AT', 'TOTAL_PRICE', 'ID', 'RELEVANCE', 'CREATED_AT', 'UPDATED_AT', 'ORDER_NUMBER', 'FINANCIAL_STATUS', 'FULFILLMENT_STATUS'] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

/** Which orders the REST `status` parameter selects (open: neither closed nor cancelled). */
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
  presentmentCurrency: string;
  subtotalPrice: string;
  totalDiscounts: string;
  totalShipping: string;
  totalTax: string;
  totalPrice: string;
  shippingLines: OrderShippingLine[];
  billingAddress: Address | null;
  shippingAddress: Address | null;
  note: string | null;
  tags: string[];
  test: boolean;
  createdAt: Date;
  updatedAt: Date;
  processedAt: Date;
  closedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: CancelReason | null;
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
  sku: string | null;
  vendor: string | null;
  grams: number;
  requiresShipping: boolean;
  taxable: boolean;
  giftCard: boolean;
  totalDiscount: string;
  /** What the buyer attached to the line. */
  properties: OrderLineProperty[];
  /** Units shipped by successful fulfillments. */
  fulfilledQuantity: number;
  /** Units given back by refunds. */
  refundedQuantity: number;
}

export interface OrderTransactionRecord {
  id: number;
  orderId: number;
  kind: TransactionKind;
  status: TransactionStatus;
  amount: string;
  currency: string;
  gateway: string;
  test: boolean;
  parentId: number | null;
  refundId: number | null;
  processedAt: Date;
  createdAt: Date;
  errorCode: string | null;
  message: string | null;
}

export interface RefundLineItemRecord {
  id: number;
  refundId: number;
  lineItemId: number;
  quantity: number;
  restockType: RestockType;
  /** What the units gave back, after their share of the discounts. */
  subtotal: string;
  totalTax: string;
  /** Their unit price × quantity, before discounts. */
  originalSubtotal: string;
}

/** A refund with its lines and the transactions paying it. */
export interface RefundRecord {
  id: number;
  orderId: number;
  note: string | null;
  restock: boolean;
  /** The shipping it gave back. */
  shipping: string;
  processedAt: Date;
  createdAt: Date;
  lineItems: RefundLineItemRecord[];
  transactions: OrderTransactionRecord[];
}

export interface FulfillmentRecord {
  id: number;
  orderId: number;
  status: FulfillmentState;
  name: string;
  trackingCompany: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  lineItems: { lineItemId: number; quantity: number }[];
}

/** Ids of an imported order and its line items, in the order given. */
export interface ImportedOrder {
  id: number;
  name: string;
  lineItemIds: number[];
}

/** The REST list's `financial_status` (unpaid: authorized or partially paid) and `fulfillment_status` (hosted names). */
export const REST_FINANCIAL_FILTERS = ['authorized', 'pending', 'paid', 'partially_paid', 'refunded', 'voided', 'partially_refunded', 'any', 'unpaid'] as const;
export const REST_FULFILLMENT_FILTERS = ['shipped', 'partial', 'unshipped', 'any', 'unfulfilled'] as const;

/** The REST orders list and count filters, read and checked. */
export interface OrderListFilters {
  status: OrderStatusFilter;
  financialStatus?: (typeof REST_FINANCIAL_FILTERS)[number];
  fulfillmentStatus?: (typeof REST_FULFILLMENT_FILTERS)[number];
  ids?: number[];
  sinceId?: number;
  createdAtMin?: Date;
  createdAtMax?: Date;
  updatedAtMin?: Date;
  updatedAtMax?: Date;
  processedAtMin?: Date;
  processedAtMax?: Date;
}

/** An order with everything its REST object shows of its own context. */
export interface OrderDetailRecord extends OrderRecord {
  lineItems: OrderLineItemRecord[];
  refunds: RefundRecord[];
  fulfillments: FulfillmentRecord[];
}
