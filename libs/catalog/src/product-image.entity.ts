import { BigIntType } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** An image of a product, in display order. `src` is an absolute URL (downloading it is media's job). */
@Entity({ tableName: 'product_images' })
@Index({ properties: ['productId', 'position'] })
export class ProductImage extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  productId!: number;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'text' })
  src!: string;

  @Property({ type: 'text', nullable: true })
  alt?: string | null;

  @Property({ type: 'integer', nullable: true })
  width?: number | null;

  @Property({ type: 'integer', nullable: true })
  height?: number | null;
}
