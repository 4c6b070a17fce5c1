import { Inject, Injectable, Optional } from '@nestjs/common';
import { CatalogService } from '@platform/catalog';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { SqlPool } from '@platform/database';
import { DomainEvents } from '@platform/events';
import { toGlobalId } from '@platform/ids';
import { type RequestContext, inTransaction } from '@platform/request';
import { OrderPaid } from './events/order-paid.event.js';
import { insertOrders } from './order-import.js';
import type { PlaceOrderInput } from './order-placement.inputs.js';
import type { PlacedOrder } from './order-placement.records.js';
import { isPayment, orderRows } from './order.rules.js';
import { NEXT_ORDER_NUMBER, ORDER_NUMBER_LOCK, ORDER_OF_CART } from './order-placement.sql.js';

/**
 * Orders a checkout places: the shop's next `#1001`-style number (under a per-shop lock), the lines, totals and one
 * successful sale, and OrderPaid in the same transaction (the ledger books its charge). Call it with
 * `inTransaction(ctx, em)` so the order commits or rolls back with the checkout's other writes.
 */
@Injectable()
export class OrderPlacementService {
  constructor(
    private readonly events: DomainEvents,
    private readonly sql: SqlPool,
    private readonly catalog: CatalogService,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and records are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  /** Places the order paid in full; throws an OrderError when its money does not add up (a caller's bug). */
  async placeOrder(ctx: RequestContext, input: PlaceOrderInput): Promise<PlacedOrder> {
    const shopId = ctx.shop.id;
    return ctx.em.transactional(async (em) => {
      const tx = inTransaction(ctx, em);
      // Numbers are taken in order, one placement per shop at a time, until the transaction ends.
      await this.sql.rows(tx, ORDER_NUMBER_LOCK, [shopId]);
      const [{ next }] = await this.sql.rows<{ next: number }>(tx, NEXT_ORDER_NUMBER, [shopId]);
      const processedAt = this.now();
      const prepared = orderRows(
        {
          name: `#${next}`,
          number: next,
          customerId: input.customerId,
          email: input.email,
          financialStatus: 'paid',
          currency: input.currency,
          subtotalPrice: input.subtotalPrice,
          totalDiscounts: input.totalDiscounts,
          totalTax: input.totalTax,
          totalPrice: input.totalPrice,
          shippingAddress: input.shippingAddress,
          billingAddress: input.billingAddress,
          note: input.note ?? null,
          test: input.test,
          processedAt,
          lineItems: input.lineItems,
          transactions: [{ kind: 'sale', amount: input.totalPrice, gateway: input.gateway }],
        },
        'order',
      );
      const row = { ...prepared, order: { ...prepared.order, cartToken: input.cartToken, visitorConsent: input.visitorConsent ?? null } };
      const written = await insertOrders(em, shopId, [row]);
      const order = written.orders[0]!;
      // The paid units leave stock with the order, in its transaction.
      const units = input.lineItems.filter((l) => l.variantId != null).map((l) => ({ variantId: l.variantId!, quantity: l.quantity }));
      await this.catalog.takeStock(tx, units, toGlobalId('Order', order.id));
      for (const t of written.transactions) {
        if (isPayment(t)) this.events.publish(ctx, new OrderPaid(t.orderId, t.id, t.amount, t.currency, t.test, t.processedAt.toISOString()));
      }
      return { id: order.id, name: order.name, number: next, email: prepared.order.email, currency: prepared.order.currency, totalPrice: prepared.order.totalPrice, customerId: input.customerId, processedAt };
    });
  }

  /** The order placed from a cart (what a second payment of the cart shows), or null. */
  async orderOfCart(ctx: RequestContext, cartToken: string): Promise<PlacedOrder | null> {
    const [row] = await this.sql.rows<PlacedOrder>(ctx, ORDER_OF_CART, [ctx.shop.id, cartToken]);
    return row ?? null;
  }
}
