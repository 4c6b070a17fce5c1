import { countryName, languageName } from '@platform/locale';
import { toGlobalId } from '@platform/ids';
import type { StorefrontCountry, StorefrontCurrency, StorefrontLanguage, StorefrontMarket } from './localization.type.js';
import type { MarketRecord } from '../../market.records.js';

export function currencyView(code: string, locale: string): StorefrontCurrency {
  const names = new Intl.DisplayNames([locale], { type: 'currency' });
  const symbol = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;
  return { isoCode: code, name: names.of(code) ?? code, symbol };
}

export function languageView(code: string, locale: string): StorefrontLanguage {
  const isoCode = code.toUpperCase().replace('-', '_');
  return { isoCode, name: languageName(isoCode, locale), endonymName: languageName(isoCode, isoCode.toLowerCase().replace('_', '-')) };
}

export function marketView(market: MarketRecord): StorefrontMarket {
  return { id: toGlobalId('Market', market.id), handle: market.handle };
}

export function countryView(code: string, market: MarketRecord | null, shopCurrency: string, locale: string): StorefrontCountry {
  const languages = market?.languages.length ? market.languages : ['en'];
  return {
    isoCode: code,
    name: countryName(code, locale),
    currency: currencyView(market?.currency ?? shopCurrency, locale),
    availableLanguages: languages.map((l) => languageView(l, locale)),
    market: market && marketView(market),
  };
}
