import type { FinancialStatus, FulfillmentStatus } from './order.entity.js';

export interface NewOrderLineItem {
  productId?: number | null;
  variantId?: number | null;
  title: string;
  variantTitle?: string | null;
  quantity: number;
  /** Unit price, exact decimal string with at most two places. */
  price: string;
}

/** An order to import. Its totals must add up: subtotal = Σ price × quantity, total = subtotal + tax. */
export interface NewOrder {
  customerId?: number | null;
  name: string;
  number: number;
  email?: string | null;
  financialStatus?: FinancialStatus;
  fulfillmentStatus?: FulfillmentStatus;
  currency: string;
  subtotalPrice: string;
  totalTax: string;
  totalPrice: string;
  processedAt: Date;
  closedAt?: Date | null;
  cancelledAt?: Date | null;
  lineItems: NewOrderLineItem[];
}
