import type { ShopSnapshot } from '@platform/tenancy';
import type { StorefrontShop } from './shop.type.js';

/** The storefront shop; `origin` is the scheme and host the buyer used (URLs follow the request). */
export function storefrontShop(shop: ShopSnapshot, origin: string): StorefrontShop {
  const url = new URL(origin);
  const symbol = new Intl.NumberFormat('en', { style: 'currency', currency: shop.currency }).formatToParts(0).find((p) => p.type === 'currency')?.value;
  return {
    id: `gid://platform/Shop/${shop.id}`,
    name: shop.name,
    description: null,
    primaryDomain: { host: url.host, sslEnabled: url.protocol === 'https:', url: origin },
    moneyFormat: symbol && symbol !== shop.currency ? `${symbol}{{amount}}` : `{{amount}} ${shop.currency}`,
    shipsToCountries: [...shop.enabledCountries],
    paymentSettings: {
      currencyCode: shop.currency,
      countryCode: shop.enabledCountries[0] ?? 'US',
      enabledPresentmentCurrencies: [shop.currency],
    },
  };
}
