import { BigIntType } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** One variant in a cart, at the price the buyer was shown in the cart's currency; one line per variant. */
@Entity({ tableName: 'cart_lines' })
@Unique({ properties: ['cartId', 'variantId'] })
export class CartLine extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  cartId!: number;

  @Property({ type: new BigIntType('number') })
  variantId!: number;

  @Property()
  quantity!: number;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  price!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2, nullable: true })
  compareAtPrice: string | null = null;
}
