import { type MaybePromise, type RequestContext, requestScoped } from '@platform/request';

/** Prices in the shop's currency: a variant's price and compare-at price. */
export interface BuyerPricePair {
  price: string;
  compareAtPrice: string | null;
}

/** A product's price and compare-at ranges in the shop's currency. */
export interface BuyerPriceRange {
  minPrice: string;
  maxPrice: string;
  minCompareAtPrice: string | null;
  maxCompareAtPrice: string | null;
}

/**
 * The prices a B2B buyer sees instead of list prices (their company location's catalog), in the shop's currency
 * (the presentment converts them to the market's like any price). Lookups of one request are batched.
 */
export interface BuyerPrices {
  variant(variantId: number, list: BuyerPricePair): MaybePromise<BuyerPricePair>;
  productRange(productId: number, list: BuyerPriceRange): MaybePromise<BuyerPriceRange>;
}

/**
 * The buyer `@inContext(buyer:)` named, once checked: the customer its access token belongs to and the company
 * location they buy for (null when none was given). `prices` is null when the buyer sees list prices (a customer
 * without a location, or a location without a catalog).
 */
export interface BuyerContext {
  customerId: number;
  companyLocationId: number | null;
  prices: BuyerPrices | null;
}

const BUYER = Symbol('buyer');

/**
 * The request's checked buyer, or null without `@inContext(buyer:)`. Set before execution (the companies context's
 * hook), so resolvers and use cases read it synchronously. It belongs to the request's own ctx: read it before
 * `inTransaction(ctx, em)`, whose context starts a new request scope.
 */
export function buyerOf(ctx: RequestContext): BuyerContext | null {
  return requestScoped<BuyerContext | null>(ctx, BUYER, () => null);
}

/** Records the checked buyer of this request (the hook that checks `@inContext(buyer:)` calls it once). */
export function setBuyerOf(ctx: RequestContext, buyer: BuyerContext): void {
  requestScoped(ctx, BUYER, () => buyer);
}
