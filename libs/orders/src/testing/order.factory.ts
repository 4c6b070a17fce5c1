import { Decimal } from '@platform/money';
import type { RequestContext } from '@platform/request';
import type { NewOrder, NewOrderLineItem } from '../order.inputs.js';
import type { ImportedOrder } from '../order.records.js';
import { insertOrders } from '../order-import.js';
import { lineItemsSubtotal, orderRows, orderTotal } from '../order.rules.js';

/**
 * What a test says about the order it needs; the rest gets valid defaults, and totals add up unless given. The
 * financial status brings its transactions and a fulfilled order its fulfillment, as on import.
 */
export interface OrderTraits extends Partial<Omit<NewOrder, 'lineItems'>> {
  lineItems?: NewOrderLineItem[];
}

// Far above the seed's order numbers (#1001…), so factory orders and seeded ones never clash.
let nextNumber = 900_001;

/** An order of ctx's shop with its line items (one line at 10.00 unless told), validated by the import's rules. */
export async function createOrder(ctx: RequestContext, traits: OrderTraits = {}): Promise<ImportedOrder> {
  const number = traits.number ?? nextNumber++;
  const lineItems = traits.lineItems ?? [{ title: 'Factory product', quantity: 1, price: '10.00' }];
  const subtotalPrice = traits.subtotalPrice ?? lineItemsSubtotal(lineItems);
  const totalTax = traits.totalTax ?? '0.00';
  const rows = orderRows({
    name: `#${number}`,
    currency: ctx.shop.currency,
    processedAt: new Date(),
    totalPrice: orderTotal({
      subtotalPrice,
      totalTax,
      totalDiscounts: traits.totalDiscounts ?? '0',
      totalShipping: (traits.shippingLines ?? []).reduce((sum, s) => sum.plus(s.price), new Decimal(0)).toFixed(2),
    }),
    ...traits,
    number,
    lineItems,
    subtotalPrice,
    totalTax,
  });
  // Written as an import writes, without its events: a test that needs the ledger to hear imports `importOrders`.
  return ctx.em.transactional(async (em) => (await insertOrders(em, ctx.shop.id, [rows])).orders[0]);
}
