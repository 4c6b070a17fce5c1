import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A purchasable version of a product. Money is an exact decimal string (numeric in SQL). */
@Entity({ tableName: 'product_variants' })
@Index({ properties: ['productId', 'position'] })
@Index({ properties: ['shopId', 'sku'] })
export class ProductVariant extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  productId!: number;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text', nullable: true })
  sku?: string | null;

  @Property({ type: 'text', nullable: true })
  barcode?: string | null;

  @Property({ type: 'boolean' })
  taxable: Opt<boolean> = true;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  price!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2, nullable: true })
  compareAtPrice?: string | null;

  // Values of the product's options at positions 1..3 (the REST shape; selectedOptions joins them to option names).
  @Property({ type: 'text', nullable: true })
  option1?: string | null;

  @Property({ type: 'text', nullable: true })
  option2?: string | null;

  @Property({ type: 'text', nullable: true })
  option3?: string | null;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'integer' })
  inventoryQuantity: Opt<number> = 0;

  @Property({ type: 'boolean' })
  availableForSale: Opt<boolean> = true;

  // Its inventory item: whether stock is counted (an untracked variant is always for sale), shipping, unit cost.
  @Property({ type: 'boolean' })
  tracked: Opt<boolean> = false;

  @Property({ type: 'boolean' })
  requiresShipping: Opt<boolean> = true;

  @Property({ type: 'decimal', precision: 20, scale: 2, nullable: true })
  unitCost?: string | null;

  // Its image, one of its product's (an image has many variants, a variant at most one image).
  @Property({ type: new BigIntType('number'), nullable: true })
  imageId?: number | null;
}
