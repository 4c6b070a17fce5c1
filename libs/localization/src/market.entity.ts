import type { Opt } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/**
 * A group of countries sold to in one currency and set of languages (the first is the default). Prices are
 * the shop's, converted with `exchangeRate` and rounded (market.rules.ts `convertPrice`): with `rounding`
 * null, half-up to cents; otherwise up to the next price ending in that fraction (0.99: 18.89 → 18.99). The
 * primary market sells in the shop's currency (rate 1); at most one per shop, and a country is in at most one.
 */
@Entity({ tableName: 'markets' })
@Unique({ properties: ['shopId', 'handle'] })
@Unique({ name: 'markets_primary_key', properties: ['shopId'], where: 'is_primary' })
export class Market extends TenantEntity {
  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'boolean' })
  enabled: Opt<boolean> = true;

  @Property({ type: 'boolean' })
  isPrimary: Opt<boolean> = false;

  /** ISO 3166-1 alpha-2 codes, uppercase. */
  @Property({ type: 'text[]' })
  countries!: string[];

  @Property({ length: 3 })
  currency!: string;

  /** Locales (`en`, `fr`); the first is the market's default language. */
  @Property({ type: 'text[]' })
  languages!: string[];

  /** Units of the market's currency per unit of the shop's. */
  @Property({ type: 'decimal', precision: 20, scale: 10 })
  exchangeRate!: string;

  @Property({ type: 'decimal', precision: 3, scale: 2, nullable: true })
  rounding?: string | null;
}
