import type { Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

// `unlisted` (from API version 2025-10): sellable and reachable by handle or id, but absent from lists and search.
export const PRODUCT_STATUSES = ['active', 'draft', 'archived', 'unlisted'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A product; its options, variants and images are rows of their own that point at it by product_id. */
@Entity({ tableName: 'products' })
@Unique({ properties: ['shopId', 'handle'] })
@Index({ properties: ['shopId', 'id'] })
export class Product extends TenantEntity {
  @Property({ type: 'text' })
  handle!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  descriptionHtml: Opt<string> = '';

  @Property({ type: 'text' })
  vendor: Opt<string> = '';

  @Property({ type: 'text' })
  productType: Opt<string> = '';

  @Property({ type: 'text[]' })
  tags: Opt<string[]> = [];

  @Enum({ items: () => PRODUCT_STATUSES })
  status: Opt<ProductStatus> = 'active';

  // Null while unpublished; the storefront shows active products whose published_at has passed.
  @Property({ type: 'datetime', nullable: true })
  publishedAt?: Date | null;

  // The search-engine title and description; null means the title and the description's text.
  @Property({ type: 'text', nullable: true })
  seoTitle?: string | null;

  @Property({ type: 'text', nullable: true })
  seoDescription?: string | null;

  // Aggregates of the variants, kept by CatalogService on every variant write (sorting and priceRange).
  @Property({ type: 'decimal', precision: 20, scale: 2 })
  minPrice: Opt<string> = '0.00';

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  maxPrice: Opt<string> = '0.00';

  @Property({ type: 'decimal', precision: 20, scale: 2, nullable: true })
  minCompareAtPrice?: string | null;

  @Property({ type: 'decimal', precision: 20, scale: 2, nullable: true })
  maxCompareAtPrice?: string | null;

  @Property()
  availableForSale: Opt<boolean> = false;

  @Property()
  totalInventory: Opt<number> = 0;
}
