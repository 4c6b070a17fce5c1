import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { CACHE_FILL_NOTE, READ_CACHE_TTL_MS, ReadThroughCache, insertRows } from '@platform/database';
import { Decimal } from '@platform/money';
import { type MaybePromise, type RequestContext, whenReady } from '@platform/request';
import { taken } from './localization.errors.js';
import { Market } from './market.entity.js';
import { checkMarketSet, marketRow } from './market.rules.js';
import type { NewMarket } from './market.inputs.js';
import type { ImportedMarket, MarketRecord } from './market.records.js';

/** Markets: the countries a shop sells to, with their currency, languages and price conversion. */
@Injectable()
export class MarketsService {
  // Every storefront price needs the buyer's market: a shop's few markets are cached briefly.
  private readonly byShop: ReadThroughCache<number, MarketRecord[]>;

  constructor(@Optional() @Inject(CLOCK) clock: Clock = systemClock) {
    this.byShop = new ReadThroughCache(READ_CACHE_TTL_MS, undefined, clock);
  }

  /** Creates markets in one transaction; refuses a handle taken, a country already in a market, or a second primary market. */
  async importMarkets(ctx: RequestContext, markets: NewMarket[]): Promise<ImportedMarket[]> {
    if (markets.length === 0) return [];
    const rows = markets.map((m, i) => marketRow(m, `markets[${i}]`));
    try {
      return await ctx.em.transactional(async (em) => {
        const existing = await em.find(Market, {}, { fields: ['handle', 'isPrimary', 'countries'], disableIdentityMap: true });
        checkMarketSet(rows, existing);
        const ids = await insertRows(em, Market, rows.map((r) => ({ shopId: ctx.shop.id, ...r })));
        return rows.map((r, i) => ({ id: ids[i], handle: r.handle }));
      });
    } catch (error) {
      // A market written meanwhile by another import: checkMarketSet could not see it.
      if (error instanceof UniqueConstraintViolationException) throw taken('handle');
      throw error;
    } finally {
      this.byShop.invalidate(ctx.shop.id);
    }
  }

  /** Every market of the shop, the primary first, then by id. */
  marketsOf(ctx: RequestContext): MaybePromise<MarketRecord[]> {
    return this.byShop.get(ctx.shop.id, async () => {
      const rows = await ctx.em.find(Market, {}, { orderBy: { isPrimary: 'desc', id: 'asc' }, disableIdentityMap: true, comments: CACHE_FILL_NOTE });
      return rows.map(marketRead);
    });
  }

  /**
   * The enabled market that sells to `countryCode`; a country in no enabled market gets the primary market
   * (prices in the shop's currency). Null only for a shop without markets.
   */
  marketForCountry(ctx: RequestContext, countryCode: string): MaybePromise<MarketRecord | null> {
    const country = countryCode.trim().toUpperCase();
    // A country belongs to at most one market (checkMarketSet).
    return whenReady(this.marketsOf(ctx), (markets) => markets.find((m) => m.enabled && m.countries.includes(country)) ?? markets.find((m) => m.primary) ?? null);
  }
}

function marketRead(r: Market): MarketRecord {
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
