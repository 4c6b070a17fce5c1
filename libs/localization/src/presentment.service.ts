import { Injectable } from '@nestjs/common';
import { type BuyerPricePair, type BuyerPriceRange, type BuyerPrices, buyerOf } from './buyer-context.js';
import { type MoneyV2, moneyV2 } from '@platform/money';
import { type MaybePromise, type RequestContext, inContextOf, isPromiseLike, requestScoped, whenReady } from '@platform/request';
import { convertPrice } from './market.rules.js';
import type { MarketRecord } from './market.records.js';
import { MarketsService } from './markets.service.js';
import { TranslationsStorefrontService } from './storefront/translations-storefront.service.js';
import type { TranslatableResourceType } from './translation.entity.js';

/**
 * How prices are shown to this buyer: the market of their @inContext country, or the shop's currency; and under
 * @inContext(buyer:) with a company location, that location's catalog prices. Catalog prices (carts included) go
 * through `variantPrice` and `priceRange`; `money` converts an amount that no catalog changes.
 */
export interface Presentment {
  country: string;
  currencyCode: string;
  market: MarketRecord | null;
  money(amount: string): MoneyV2;
  /** A variant's price for this buyer, in the presentment currency (at once, without a B2B catalog). */
  variantPrice(variant: PricedVariant): MaybePromise<MoneyV2>;
  /** A variant's compare-at price for this buyer (null: none). */
  variantCompareAtPrice(variant: PricedVariant): MaybePromise<MoneyV2 | null>;
  /** A product's lowest and highest variant prices for this buyer. */
  priceRange(product: PricedProduct): MaybePromise<PriceRangeV2>;
  /** A product's lowest and highest compare-at prices for this buyer (null: no variant has one). */
  compareAtPriceRange(product: PricedProduct): MaybePromise<PriceRangeV2 | null>;
}

/** A variant's list prices (shop currency), as the catalog stores them. */
export interface PricedVariant {
  id: number;
  price: string;
  compareAtPrice: string | null;
}

/** A product's list price ranges (shop currency), as the catalog stores them. */
export interface PricedProduct {
  id: number;
  minPrice: string;
  maxPrice: string;
  minCompareAtPrice: string | null;
  maxCompareAtPrice: string | null;
}

export interface PriceRangeV2 {
  minVariantPrice: MoneyV2;
  maxVariantPrice: MoneyV2;
}

/**
 * The buyer's context from `@inContext`: the market of their country (currency, converted prices) and
 * the language of translated content. Computed once per request.
 */
@Injectable()
export class PresentmentService {
  constructor(
    private readonly markets: MarketsService,
    private readonly translations: TranslationsStorefrontService,
  ) {}

  presentment(ctx: RequestContext): MaybePromise<Presentment> {
    // Once per request, and synchronous once known (the shop's markets are usually cached): every price
    // field of a page reads it, and a promise per field is measurable (docs/performance.md).
    const slot = requestScoped(ctx, 'localization:presentment', () => {
      const held: { ready?: Presentment; pending?: Promise<Presentment> } = {};
      const country = inContextOf(ctx).country ?? ctx.shop.enabledCountries[0] ?? 'US';
      const value = this.forCountry(ctx, country);
      if (isPromiseLike(value)) held.pending = value.then((ready) => (held.ready = ready));
      else held.ready = value;
      return held;
    });
    return slot.ready ?? slot.pending!;
  }

  /**
   * How prices are shown to this buyer in `country`, whatever the request's @inContext says: a cart keeps the
   * currency of the country it was created for, and re-prices only when its buyer's country changes.
   */
  forCountry(ctx: RequestContext, country: string): MaybePromise<Presentment> {
    // The buyer was checked before execution (companies' hook): reading it here costs nothing.
    const prices = buyerOf(ctx)?.prices ?? null;
    return whenReady(this.markets.marketForCountry(ctx, country), (market) => presentmentFor(ctx, country, market, prices));
  }

  /** The requested language when it differs from the shop's own (null: show the stored text). */
  language(ctx: RequestContext): string | null {
    return this.translations.locale(ctx);
  }

  /** A translated field of a resource in the requested language, or `fallback`; batched per request. */
  translated(ctx: RequestContext, resourceType: TranslatableResourceType, id: number, key: string, fallback: string): MaybePromise<string> {
    return this.translations.translated(ctx, resourceType, id, key, fallback);
  }
}

// B2B catalog prices are in the shop's currency, like list prices: the market's conversion applies after them.
// Without a catalog every price is converted at once, as before buyers existed (the hot path: no promise, no lookup).
function presentmentFor(ctx: RequestContext, country: string, market: MarketRecord | null, prices: BuyerPrices | null): Presentment {
  const converted = market !== null && market.currency !== ctx.shop.currency;
  const currencyCode = converted ? market.currency : ctx.shop.currency;
  const money = (amount: string) => moneyV2(converted ? convertPrice(amount, market) : amount, currencyCode);
  const orNull = (amount: string | null) => (amount === null ? null : money(amount));
  const range = (min: string, max: string): PriceRangeV2 => ({ minVariantPrice: money(min), maxVariantPrice: money(max) });
  const compareAtRange = (r: BuyerPriceRange) => (r.minCompareAtPrice === null || r.maxCompareAtPrice === null ? null : range(r.minCompareAtPrice, r.maxCompareAtPrice));
  if (!prices) {
    return {
      country,
      currencyCode,
      market,
      money,
      variantPrice: (v) => money(v.price),
      variantCompareAtPrice: (v) => orNull(v.compareAtPrice),
      priceRange: (p) => range(p.minPrice, p.maxPrice),
      compareAtPriceRange: compareAtRange,
    };
  }
  const variant = (v: PricedVariant): MaybePromise<BuyerPricePair> => prices.variant(v.id, { price: v.price, compareAtPrice: v.compareAtPrice });
  const product = (p: PricedProduct): MaybePromise<BuyerPriceRange> =>
    prices.productRange(p.id, { minPrice: p.minPrice, maxPrice: p.maxPrice, minCompareAtPrice: p.minCompareAtPrice, maxCompareAtPrice: p.maxCompareAtPrice });
  return {
    country,
    currencyCode,
    market,
    money,
    variantPrice: (v) => whenReady(variant(v), (pair) => money(pair.price)),
    variantCompareAtPrice: (v) => whenReady(variant(v), (pair) => orNull(pair.compareAtPrice)),
    priceRange: (p) => whenReady(product(p), (r) => range(r.minPrice, r.maxPrice)),
    compareAtPriceRange: (p) => whenReady(product(p), compareAtRange),
  };
}
