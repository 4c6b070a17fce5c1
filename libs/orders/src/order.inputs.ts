import type { Address } from '@platform/contact';
import type { CancelReason, FinancialStatus, FulfillmentStatus, OrderShippingLine } from './order.entity.js';
import type { FulfillmentState } from './order-fulfillment.entity.js';
import type { OrderLineProperty } from './order-line-item.entity.js';
import type { RestockType } from './refund-line-item.entity.js';
import type { TransactionKind, TransactionStatus } from './order-transaction.entity.js';

export interface NewOrderLineItem {
  productId?: number | null;
  variantId?: number | null;
  title: string;
  variantTitle?: string | null;
  quantity: number;
  /** Unit price, exact decimal string with at most two places. */
  price: string;
  sku?: string | null;
  vendor?: string | null;
  grams?: number;
  requiresShipping?: boolean;
  taxable?: boolean;
  giftCard?: boolean;
  /** Discount on the whole line, exact decimal string. */
  totalDiscount?: string;
  /** What the buyer attached to the line (a cart line's attributes), in order. */
  properties?: OrderLineProperty[];
}

/** A payment of an imported order. `parent` is the index, in the order's transactions, of the one it settles. */
export interface NewOrderTransaction {
  kind: TransactionKind;
  status?: TransactionStatus;
  /** Exact decimal string. */
  amount: string;
  gateway?: string;
  parent?: number | null;
  processedAt?: Date;
  errorCode?: string | null;
  message?: string | null;
}

/** Units of an order line given back; `line` is the index of the line in the order's `lineItems`. */
export interface NewRefundLineItem {
  line: number;
  quantity: number;
  restockType?: RestockType;
}

/**
 * A refund of an imported order. Its line subtotals and taxes are the lines' share of what they were sold for; its
 * `refund` transaction returns `amount` (default: those subtotals plus taxes) against the order's successful sale.
 */
export interface NewRefund {
  note?: string | null;
  restock?: boolean;
  processedAt: Date;
  lineItems?: NewRefundLineItem[];
  /** Exact decimal string: the money returned. */
  amount?: string;
  gateway?: string;
}

/** A shipment of an imported order; `line` is the index of the line in the order's `lineItems`. */
export interface NewFulfillment {
  status?: FulfillmentState;
  trackingCompany?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  createdAt?: Date;
  lineItems: { line: number; quantity: number }[];
}

/**
 * An order to import. Its totals must add up: subtotal = Σ price × quantity, total = subtotal − discounts +
 * shipping (Σ shipping lines) + tax. Without `transactions` the financial status gives them (paid: one successful
 * sale of the total; authorized: an authorization; voided: an authorization and its void); without `fulfillments`
 * a fulfilled order gets one shipping every unit.
 */
export interface NewOrder {
  customerId?: number | null;
  name: string;
  number: number;
  email?: string | null;
  financialStatus?: FinancialStatus;
  fulfillmentStatus?: FulfillmentStatus;
  currency: string;
  presentmentCurrency?: string;
  subtotalPrice: string;
  totalDiscounts?: string;
  totalTax: string;
  totalPrice: string;
  shippingLines?: OrderShippingLine[];
  billingAddress?: Address | null;
  shippingAddress?: Address | null;
  note?: string | null;
  test?: boolean;
  processedAt: Date;
  closedAt?: Date | null;
  cancelledAt?: Date | null;
  cancelReason?: CancelReason | null;
  lineItems: NewOrderLineItem[];
  transactions?: NewOrderTransaction[];
  refunds?: NewRefund[];
  fulfillments?: NewFulfillment[];
}
