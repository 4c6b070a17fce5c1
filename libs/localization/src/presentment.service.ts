import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { type MarketRead, MarketsService, type TranslatableResourceType, TranslationsService, convertPrice } from '@platform/content';
import { inContextOf } from '@platform/graphql';
import { type MoneyV2, moneyV2 } from '@platform/money';
import { type RequestContext, requestScoped } from '@platform/request';

/** How prices are shown to this buyer: the market of their @inContext country, or the shop's currency. */
export interface Presentment {
  country: string;
  currencyCode: string;
  market: MarketRead | null;
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
    private readonly translations: TranslationsService,
  ) {}

  presentment(ctx: RequestContext): Promise<Presentment> {
    return requestScoped(ctx, 'localization:presentment', async () => {
      const country = inContextOf(ctx).country ?? ctx.shop.enabledCountries[0] ?? 'US';
      const market = await this.markets.marketForCountry(ctx.shop.id, country);
      const converted = market !== null && market.currency !== ctx.shop.currency;
      const currencyCode = converted ? market.currency : ctx.shop.currency;
      return {
        country,
        currencyCode,
        market,
        money: (amount: string) => moneyV2(converted ? convertPrice(amount, market) : amount, currencyCode),
      };
    });
  }

  /** The requested language when it differs from the shop's own (null: show the stored text). */
  language(ctx: RequestContext): string | null {
    const language = inContextOf(ctx).language;
    if (!language) return null;
    const primary = (ctx.shop.enabledLanguages[0] ?? 'EN').toUpperCase();
    return language.toUpperCase() === primary ? null : language.toLowerCase().replace('_', '-');
  }

  /** A translated field of a resource in the requested language, or `fallback`; batched per request. */
  async translated(ctx: RequestContext, resourceType: TranslatableResourceType, id: number, key: string, fallback: string): Promise<string> {
    const locale = this.language(ctx);
    if (!locale) return fallback;
    const loader = requestScoped(ctx, `localization:translations:${resourceType}`, () =>
      new DataLoader<number, Record<string, string>>((ids) => this.translations.translationsFor(ctx.shop.id, resourceType, ids, locale)),
    );
    return (await loader.load(id))[key] ?? fallback;
  }
}
