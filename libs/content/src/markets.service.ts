import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForShop, insertRows } from '@platform/database';
import { Decimal } from '@platform/money';
import { uniqueWithin } from './content.rules.js';
import { Market } from './market.entity.js';
import { checkMarketSet, marketRow } from './market.rules.js';
import type { ImportedMarket, MarketRead, NewMarket } from './market.types.js';
import { taken } from './write-guards.js';

/** Markets: the countries a shop sells to, with their currency, languages and price conversion. */
@Injectable()
export class MarketsService {
  constructor(private readonly em: EntityManager) {}

  /** Creates markets in one transaction; refuses a country already in a market, or a second primary market. */
  async importMarkets(shopId: number, markets: NewMarket[]): Promise<ImportedMarket[]> {
    if (markets.length === 0) return [];
    const rows = markets.map((m, i) => marketRow(m, `markets[${i}]`));
    uniqueWithin(rows, (r) => r.handle, (i) => `markets[${i}].handle`);
    return taken('handle', forkForShop(this.em, shopId).transactional(async (em) => {
      const existing = await em.find(Market, {}, { fields: ['handle', 'isPrimary', 'countries'], disableIdentityMap: true });
      checkMarketSet(rows, existing);
      const ids = await insertRows(em, Market, rows.map((r) => ({ shopId, ...r })));
      return rows.map((r, i) => ({ id: ids[i], handle: r.handle }));
    }));
  }

  /** Every market of the shop, the primary first, then by id. */
  async marketsOf(shopId: number): Promise<MarketRead[]> {
    const rows = await forkForShop(this.em, shopId).find(Market, {}, { orderBy: { isPrimary: 'desc', id: 'asc' }, disableIdentityMap: true });
    return rows.map(marketRead);
  }

  /**
   * The enabled market that sells to `countryCode`; a country in no enabled market gets the primary market
   * (prices in the shop's currency). Null only for a shop without markets.
   */
  async marketForCountry(shopId: number, countryCode: string): Promise<MarketRead | null> {
    const country = countryCode.trim().toUpperCase();
    const rows = await forkForShop(this.em, shopId).find(
      Market,
      { $or: [{ enabled: true, countries: { $overlap: [country] } }, { isPrimary: true }] },
      { orderBy: { isPrimary: 'asc', id: 'asc' }, disableIdentityMap: true },
    );
    const own = rows.find((r) => r.enabled && r.countries.includes(country));
    const chosen = own ?? rows.find((r) => r.isPrimary);
    return chosen ? marketRead(chosen) : null;
  }
}

function marketRead(r: Market): MarketRead {
  return {
    id: r.id,
    handle: r.handle,
    name: r.name,
    primary: r.isPrimary,
    enabled: r.enabled,
    countries: r.countries,
    currency: r.currency,
    languages: r.languages,
    defaultLanguage: r.languages[0],
    exchangeRate: new Decimal(r.exchangeRate).toString(),
    rounding: r.rounding == null ? null : new Decimal(r.rounding).toFixed(2),
  };
}
