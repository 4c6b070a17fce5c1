import { randomBytes } from 'node:crypto';
import { hashToken } from '@platform/auth';
import type { RequestContext } from '@platform/request';
import { CartLine } from '../cart-line.entity.js';
import { Cart, type CartAttribute } from '../cart.entity.js';
import { cartGid } from '../cart.rules.js';

export interface CartTraits {
  currency?: string;
  countryCode?: string;
  discountCodes?: string[];
  /** Lines as stored: variant, units, unit price in the cart's currency, attributes (sorted by key). */
  lines?: { variantId: number; quantity: number; price: string; compareAtPrice?: string | null; attributes?: CartAttribute[] }[];
  expiresAt?: Date;
  completedAt?: Date | null;
}

export interface CreatedCart {
  id: number;
  token: string;
  key: string;
  /** The global id a buyer sends as `cartId`. */
  gid: string;
}

/** A cart of the shop as cartCreate writes it; an `expiresAt` in the past makes an expired one. */
export async function createCart(ctx: RequestContext, traits: CartTraits = {}): Promise<CreatedCart> {
  const token = randomBytes(16).toString('hex');
  const key = randomBytes(16).toString('hex');
  const cart = ctx.em.create(Cart, {
    shopId: ctx.shop.id,
    token,
    keyHash: hashToken(key),
    currency: traits.currency ?? ctx.shop.currency,
    countryCode: traits.countryCode ?? 'US',
    attributes: [],
    discountCodes: traits.discountCodes ?? [],
    completedAt: traits.completedAt ?? null,
    expiresAt: traits.expiresAt ?? new Date(Date.now() + 10 * 24 * 3600 * 1000),
  });
  await ctx.em.flush();
  for (const line of traits.lines ?? []) {
    ctx.em.create(CartLine, {
      shopId: ctx.shop.id,
      cartId: cart.id,
      variantId: line.variantId,
      attributes: line.attributes ?? [],
      quantity: line.quantity,
      price: line.price,
      compareAtPrice: line.compareAtPrice ?? null,
    });
  }
  await ctx.em.flush();
  return { id: cart.id, token, key, gid: cartGid(token, key) };
}
