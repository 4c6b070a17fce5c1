import { Decimal } from '@platform/money';
import { orderTotal } from './order.rules.js';

/** An order's money as placed, or as it stands now. */
export interface OrderTotals {
  subtotalPrice: string;
  totalDiscounts: string;
  totalShipping: string;
  totalTax: string;
  totalPrice: string;
}

/** What a refund gave back of the goods (per line) and of the shipping. */
export interface RefundedParts {
  shipping: string;
  lineItems: readonly { subtotal: string; totalTax: string; originalSubtotal: string }[];
}

/**
 * The order's totals after its refunds (the hosted `current*` fields): the refunded units leave the subtotal at
 * their price, the discounts by the share they carried, the tax by theirs, and refunded shipping leaves the
 * shipping. The total is then what it was less what the refunds gave back of goods, tax and shipping; a refund of
 * money alone (no lines, no shipping) leaves it as it is.
 */
export function currentTotals(order: OrderTotals, refunds: readonly RefundedParts[]): OrderTotals {
  let gross = new Decimal(0);
  let net = new Decimal(0);
  let tax = new Decimal(0);
  let shipping = new Decimal(0);
  for (const refund of refunds) {
    shipping = shipping.plus(refund.shipping);
    for (const line of refund.lineItems) {
      gross = gross.plus(line.originalSubtotal);
      net = net.plus(line.subtotal);
      tax = tax.plus(line.totalTax);
    }
  }
  const current = {
    subtotalPrice: new Decimal(order.subtotalPrice).minus(gross).toFixed(2),
    totalDiscounts: new Decimal(order.totalDiscounts).minus(gross.minus(net)).toFixed(2),
    totalShipping: new Decimal(order.totalShipping).minus(shipping).toFixed(2),
    totalTax: new Decimal(order.totalTax).minus(tax).toFixed(2),
  };
  return { ...current, totalPrice: orderTotal(current) };
}
