import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';
import type { CartAttribute } from './cart.entity.js';

/**
 * One variant with its attributes in a cart, at the price the buyer was shown in the cart's currency; one line per
 * variant and attributes (migration 20261128000100 keys the attributes by their MD5).
 */
@Entity({ tableName: 'cart_lines' })
@Unique({
  name: 'cart_lines_cart_id_variant_id_attributes_unique',
  expression: 'create unique index cart_lines_cart_id_variant_id_attributes_unique on cart_lines (cart_id, variant_id, md5(attributes::text))',
})
export class CartLine extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  cartId!: number;

  @Property({ type: new BigIntType('number') })
  variantId!: number;

  /** Sorted by key (checkLineAttributes), so equal attributes are equal JSON. */
  @Property({ type: 'json' })
  attributes: Opt<CartAttribute[]> = [];

  @Property()
  quantity!: number;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  price!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2, nullable: true })
  compareAtPrice: string | null = null;
}
