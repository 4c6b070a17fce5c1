import { BigIntType } from '@mikro-orm/core';
import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';
import { CATALOG_ADJUSTMENT_TYPES, type CatalogAdjustmentType } from './company.records.js';

/**
 * The prices a company location's buyers see: every list price adjusted by a percentage, except the variants
 * with a fixed price (`CompanyCatalogPrice`). Amounts are in the shop's currency, like list prices.
 */
@Entity({ tableName: 'company_catalogs' })
@Index({ properties: ['shopId', 'id'] })
export class CompanyCatalog extends TenantEntity {
  @Property({ type: 'text' })
  title!: string;

  @Enum({ items: () => CATALOG_ADJUSTMENT_TYPES })
  adjustmentType!: CatalogAdjustmentType;

  /** Exact decimal text: the percentage (0 to 100 for a decrease). */
  @Property({ type: 'decimal', precision: 7, scale: 2 })
  adjustmentValue!: string;
}

/** A variant's fixed price in a catalog, instead of the adjusted list price. */
@Entity({ tableName: 'company_catalog_prices' })
export class CompanyCatalogPrice extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  catalogId!: number;

  @Property({ type: new BigIntType('number') })
  variantId!: number;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  price!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2, nullable: true })
  compareAtPrice?: string | null;
}
