import { Injectable } from '@nestjs/common';
import { CatalogStorefrontService, type ImageRecord, smallImageUrl } from '@platform/catalog';
import { CustomersService } from '@platform/customers';
import { OrderPlacementService, type PlacedOrder, type VisitorConsent } from '@platform/orders';
import { type RequestContext, inTransaction } from '@platform/request';
import type { CartSummary } from './cart.records.js';
import { CartsService } from './carts.service.js';
import { type CheckoutForm, type CheckoutLine, orderLineItems, totalStillShown } from './checkout.rules.js';
import { type WalletInstrument, WalletPaymentHandler } from './payment-handler/wallet-handler.js';

/** A cart at its checkout: still to pay (with its lines as shown), or paid (its order). */
export type CheckoutState = { paid: false; summary: CartSummary; lines: CheckoutLine[] } | { paid: true; order: PlacedOrder };

/** What paying answers: the order (placed now or by an earlier payment of the same cart), or why nothing was paid. */
export type PaymentResult =
  | { order: PlacedOrder; problems?: undefined }
  | { problems: string[]; reason: 'declined' | 'changed' | 'unavailable'; state: CheckoutState };

/**
 * The hosted checkout's use cases: read a cart with what its lines are, and pay it with the test wallet. Paying
 * completes the cart, places the order (orders context) and adds it to the customer's stats (customers context) in
 * one transaction; the cart's completion happens once, so a second payment of the cart answers the first's order.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly carts: CartsService,
    private readonly catalog: CatalogStorefrontService,
    private readonly orders: OrderPlacementService,
    private readonly customers: CustomersService,
    private readonly wallet: WalletPaymentHandler,
  ) {}

  /** The checkout of a cart (null: no such cart for this key, another shop's, or expired). */
  async checkout(ctx: RequestContext, token: string, key: string): Promise<CheckoutState | null> {
    const summary = await this.carts.summary(ctx, token, key);
    if (!summary) return null;
    if (summary.cart.completedAt !== null) {
      const order = await this.orders.orderOfCart(ctx, token);
      return order ? { paid: true, order } : null;
    }
    return { paid: false, summary, lines: await this.lines(ctx, summary) };
  }

  /**
   * Pays the cart with a checked instrument: the order, or the problems (nothing written). `consent` is what the
   * checkout URL carried, recorded on the order.
   */
  async pay(ctx: RequestContext, token: string, key: string, form: CheckoutForm, instrument: WalletInstrument, consent: VisitorConsent | null): Promise<PaymentResult | null> {
    const before = await this.checkout(ctx, token, key);
    if (!before) return null;
    if (before.paid) return { order: before.order };
    const charge = this.wallet.charge(instrument);
    if (!charge.approved) return { problems: ['Your payment was declined. Try another wallet token.'], reason: 'declined', state: before };
    const cartId = before.summary.cart.id;
    const customerId = before.summary.cart.customerId ?? (await this.customers.findByEmails(ctx, [form.email]))[0]?.id ?? null;

    const outcome = await ctx.em.transactional(async (em): Promise<PaymentResult | 'paid-before'> => {
      const tx = inTransaction(ctx, em);
      // Completing takes the cart's row lock: a concurrent payment waits here, then finds the cart completed; cart
      // mutations wait too and then refuse the completed cart, so the lines read below are the ones paid for.
      if (!(await this.carts.complete(tx, cartId, before.summary.cost.appliedCode))) return 'paid-before';
      const summary = await this.carts.summary(ctx, token, key);
      const state: CheckoutState = { paid: false, summary: summary!, lines: summary ? await this.lines(ctx, summary) : [] };
      const fail = (reason: 'changed' | 'unavailable', message: string) => {
        throw new PaymentRefused({ problems: [message], reason, state });
      };
      if (!summary || !totalStillShown(summary.cost, form.expectedTotal) || summary.cost.appliedCode !== before.summary.cost.appliedCode) {
        fail('changed', 'Your cart changed since this page was shown. Review the new total and pay again.');
      }
      if (summary!.cart.lines.length === 0) fail('unavailable', 'Your cart is empty.');
      if (state.lines.some((l) => l.title === null)) fail('unavailable', 'An item in your cart is no longer available. Remove it from your cart and try again.');
      const { cart, cost } = summary!;
      const order = await this.orders.placeOrder(tx, {
        cartToken: token,
        customerId,
        email: form.email,
        currency: cart.currency,
        lineItems: orderLineItems(state.lines),
        subtotalPrice: cost.subtotal,
        totalDiscounts: cost.discount,
        totalTax: cost.tax,
        totalPrice: cost.total,
        shippingAddress: form.address,
        billingAddress: form.address,
        note: cart.note,
        gateway: charge.gateway,
        test: true,
        visitorConsent: consent,
      });
      if (customerId !== null) {
        await this.customers.addOrderStats(tx, [
          { customerId, ordersCount: 1, amountSpent: order.totalPrice, lastOrder: { id: order.id, name: order.name, processedAt: order.processedAt, currency: order.currency, paid: true } },
        ]);
      }
      return { order };
    }).catch((error: unknown) => {
      if (error instanceof PaymentRefused) return error.result;
      throw error;
    });
    if (outcome !== 'paid-before') return outcome;
    // Another payment of this cart committed first: its order is the answer.
    const order = await this.orders.orderOfCart(ctx, token);
    return order ? { order } : null;
  }

  // The catalog's names of the cart's variants (three batched reads whatever the number of lines); a variant the
  // storefront no longer sells has no title.
  private async lines(ctx: RequestContext, summary: CartSummary): Promise<CheckoutLine[]> {
    const variants = await Promise.all(summary.cart.lines.map((l) => this.catalog.variant(ctx, l.variantId)));
    const [details, products, images] = await Promise.all([
      Promise.all(variants.map((v) => (v ? this.catalog.variantDetail(ctx, v) : null))),
      Promise.all(variants.map((v) => (v ? this.catalog.product(ctx, v.productId) : null))),
      Promise.all(variants.map((v) => (v ? this.catalog.featuredImage(ctx, v.productId) : null))),
    ]);
    return summary.cart.lines.map((line, i) => {
      const product = products[i];
      const detail = details[i];
      return {
        line,
        productId: product?.id ?? null,
        title: product?.title ?? null,
        // A product's only variant is its "Default Title": an order line names no variant then.
        variantTitle: detail && detail.title !== 'Default Title' ? detail.title : null,
        sku: detail?.sku ?? null,
        vendor: product?.vendor || null,
        total: summary.cost.lineTotals.get(line.id) ?? '0.00',
        image: lineImage(images[i] ?? null, product?.title ?? '', ctx.origin),
      };
    });
  }
}

// A line's picture: its product's featured image, as a small variant of a kept file.
function lineImage(image: ImageRecord | null, title: string, origin: string): CheckoutLine['image'] {
  const url = image && smallImageUrl(image, origin, 64);
  return url ? { url, alt: image.alt ?? title } : null;
}

// Rolls the payment's transaction back (the cart stays open) and carries what the page shows.
class PaymentRefused extends Error {
  constructor(readonly result: PaymentResult) {
    super('payment refused');
  }
}
