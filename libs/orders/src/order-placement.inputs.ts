import type { Address } from '@platform/contact';
import type { NewOrderLineItem } from './order.inputs.js';

/** What a visitor agreed to, as the storefront's `visitorConsent` carries it; absent keys were not asked. */
export interface VisitorConsent {
  analytics?: boolean;
  preferences?: boolean;
  marketing?: boolean;
  saleOfData?: boolean;
}

/**
 * An order a checkout places, paid in full by one successful `sale` of `totalPrice` at `gateway`. Money is exact
 * (decimal strings) in `currency`; the totals must add up as for an import (subtotal − discounts + tax).
 */
export interface PlaceOrderInput {
  /** The cart paid (one order per cart: a second placement of it is refused by the database). */
  cartToken: string;
  customerId: number | null;
  email: string;
  currency: string;
  lineItems: NewOrderLineItem[];
  subtotalPrice: string;
  totalDiscounts: string;
  totalTax: string;
  totalPrice: string;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  note?: string | null;
  gateway: string;
  /** Paid through a test handler: the order and its ledger charge are test money. */
  test: boolean;
  visitorConsent?: VisitorConsent | null;
}
