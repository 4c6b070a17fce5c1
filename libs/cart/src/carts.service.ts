import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { hashToken } from '@platform/auth';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { SqlPool } from '@platform/database';
import { PresentmentService } from '@platform/localization';
import { type MaybePromise, type RequestContext, whenReady } from '@platform/request';
import { cartCost } from './cart-cost.rules.js';
import { type CartRow, cartRecord } from './cart-row.js';
import type { CartCost, CartRecord, CartSummary } from './cart.records.js';
import { parseCartId } from './cart.rules.js';
import { CART_BY_TOKEN, COMPLETE_CART, DELETE_EXPIRED } from './cart.sql.js';

const DELETE_BATCH = 1_000;

/**
 * Carts as the rest of the platform sees them: the read of a cart with its lines and exact totals (what a checkout
 * shows and charges), its completion, and the daily removal of expired carts. The storefront's cart mutations are
 * CartsStorefrontService's.
 */
@Injectable()
export class CartsService {
  constructor(
    private readonly sql: SqlPool,
    private readonly presentment: PresentmentService,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and expiries are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  /** Days a cart lives after its last change. */
  get expiryDays(): number {
    return this.config.cartExpiryDays;
  }

  /** The cart a global id names (token and key), or null: malformed, unknown, of another shop, expired or a wrong key. */
  async cartById(ctx: RequestContext, cartId: string): Promise<CartRecord | null> {
    const parsed = parseCartId(cartId);
    return parsed ? this.cart(ctx, parsed.token, parsed.key) : null;
  }

  /** The cart of this shop with that token and key, completed or not; null when there is none or it expired. */
  async cart(ctx: RequestContext, token: string, key: string): Promise<CartRecord | null> {
    const [row] = await this.sql.rows<CartRow>(ctx, CART_BY_TOKEN, [ctx.shop.id, token, hashToken(key)]);
    return row ? cartRecord(row, key) : null;
  }

  /** The cart's exact money in its currency; fixed discount amounts convert as the storefront converts prices for its country. */
  cost(ctx: RequestContext, cart: CartRecord): MaybePromise<CartCost> {
    return whenReady(this.presentment.forCountry(ctx, cart.countryCode), ({ money }) => cartCost(cart, this.now(), (amount) => money(amount).amount));
  }

  /** Where the buyer pays: the hosted checkout of the cart, on the origin the client called. */
  checkoutUrl(ctx: RequestContext, cart: Pick<CartRecord, 'token' | 'key'>): string {
    return `${ctx.origin}/cart/c/${cart.token}?key=${cart.key}`;
  }

  /** A checkout's read: the cart with its lines, cost and checkout URL (null as for `cart`). */
  async summary(ctx: RequestContext, token: string, key: string): Promise<CartSummary | null> {
    const cart = await this.cart(ctx, token, key);
    return cart && { cart, cost: await this.cost(ctx, cart), checkoutUrl: this.checkoutUrl(ctx, cart) };
  }

  /**
   * Marks the cart completed (it takes no more changes) and counts a use of `appliedCode`. True only for the call
   * that completed it, so a second payment of the same cart can tell. Call it with `inTransaction(ctx, em)` to
   * commit with the order.
   */
  async complete(ctx: RequestContext, cartId: number, appliedCode: string | null): Promise<boolean> {
    const rows = await this.sql.rows(ctx, COMPLETE_CART, [ctx.shop.id, cartId, appliedCode ?? '']);
    return rows.length > 0;
  }

  /** Deletes the shop's expired carts (their lines go with them); returns how many. */
  async deleteExpired(ctx: RequestContext): Promise<number> {
    let deleted = 0;
    for (;;) {
      const batch = await this.sql.run(ctx, DELETE_EXPIRED, [ctx.shop.id, DELETE_BATCH]);
      deleted += batch;
      if (batch < DELETE_BATCH) return deleted;
    }
  }
}
