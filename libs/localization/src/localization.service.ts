import { Injectable } from '@nestjs/common';
import type { RequestContext } from '@platform/request';
import type { StorefrontLocalization } from './graphql/storefront/localization.type.js';
import { countryView, languageView, marketView } from './graphql/storefront/localization.presenter.js';
import { MarketsService } from './markets.service.js';
import { PresentmentService } from './presentment.service.js';

@Injectable()
export class LocalizationService {
  constructor(
    private readonly markets: MarketsService,
    private readonly presentment: PresentmentService,
  ) {}

  async localization(ctx: RequestContext): Promise<StorefrontLocalization> {
    const [markets, current] = await Promise.all([this.markets.marketsOf(ctx), this.presentment.presentment(ctx)]);
    const locale = this.presentment.language(ctx) ?? (ctx.shop.enabledLanguages[0] ?? 'en').toLowerCase();
    const enabled = markets.filter((m) => m.enabled);
    const availableCountries = enabled.flatMap((m) => m.countries.map((c) => countryView(c, m, ctx.shop.currency, locale)));
    const country = countryView(current.country, current.market, ctx.shop.currency, locale);
    const languageCode = this.presentment.language(ctx) ?? current.market?.defaultLanguage ?? ctx.shop.enabledLanguages[0] ?? 'en';
    return {
      availableCountries: availableCountries.sort((a, b) => a.isoCode.localeCompare(b.isoCode)),
      availableLanguages: country.availableLanguages,
      country,
      language: languageView(languageCode, locale),
      market: current.market ? marketView(current.market) : { id: 'gid://platform/Market/0', handle: 'default' },
    };
  }
}
