import { Injectable } from '@nestjs/common';
import { inContextOf } from '@platform/graphql';
import { type MoneyV2, moneyV2 } from '@platform/money';
import { type MaybePromise, type RequestContext, isPromiseLike, requestScoped, whenReady } from '@platform/request';
import { convertPrice } from './market.rules.js';
import type { MarketRecord } from './market.records.js';
import { MarketsService } from './markets.service.js';
import { TranslationsStorefrontService } from './storefront/translations-storefront.service.js';
import type { TranslatableResourceType } from './translation.entity.js';

/** How prices are shown to this buyer: the market of their @inContext country, or the shop's currency. */
export interface Presentment {
  country: string;
  currencyCode: string;
  market: MarketRecord | null;
  money(amount: string): MoneyV2;
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
      const value = whenReady(this.markets.marketForCountry(ctx, country), (market) => presentmentFor(ctx, country, market));
      if (isPromiseLike(value)) held.pending = value.then((ready) => (held.ready = ready));
      else held.ready = value;
      return held;
    });
    return slot.ready ?? slot.pending!;
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

function presentmentFor(ctx: RequestContext, country: string, market: MarketRecord | null): Presentment {
  const converted = market !== null && market.currency !== ctx.shop.currency;
  const currencyCode = converted ? market.currency : ctx.shop.currency;
  return {
    country,
    currencyCode,
    market,
    money: (amount: string) => moneyV2(converted ? convertPrice(amount, market) : amount, currencyCode),
  };
}
