import { Decimal } from '@platform/money';
import type { RequestContext } from '@platform/request';
import type { NewOrder, NewOrderLineItem } from '../order.inputs.js';
import type { ImportedOrder } from '../order.records.js';
import { OrderLineItem } from '../order-line-item.entity.js';
import { Order } from '../order.entity.js';
import { lineItemsSubtotal, orderRows } from '../order.rules.js';

/** What a test says about the order it needs; the rest gets valid defaults, and totals add up unless given. */
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
    totalPrice: new Decimal(subtotalPrice).plus(totalTax).toFixed(2),
    ...traits,
    number,
    lineItems,
    subtotalPrice,
    totalTax,
  });
  return ctx.em.transactional(async (em) => {
    const order = em.create(Order, { shopId: ctx.shop.id, ...rows.order });
    await em.flush();
    const lines = rows.lineItems.map((l) => em.create(OrderLineItem, { shopId: ctx.shop.id, orderId: order.id, ...l }));
    await em.flush();
    return { id: order.id, name: order.name, lineItemIds: lines.map((l) => l.id) };
  });
}
