import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** A name and value the buyer attached to the line (a cart line's attribute): the REST `properties`. */
export interface OrderLineProperty {
  name: string;
  value: string;
}

/** A line of an order. Title, variant title and price are copied at purchase, so the line outlives the product. */
@Entity({ tableName: 'order_line_items' })
@Index({ properties: ['orderId'] })
export class OrderLineItem extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  orderId!: number;

  // Catalog ids (another context): plain ids, set null in SQL when the product or variant is deleted.
  @Property({ type: new BigIntType('number'), nullable: true })
  productId?: number | null;

  @Property({ type: new BigIntType('number'), nullable: true })
  variantId?: number | null;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text', nullable: true })
  variantTitle?: string | null;

  @Property({ type: 'integer' })
  quantity!: number;

  /** Unit price. */
  @Property({ type: 'decimal', precision: 20, scale: 2 })
  price!: string;

  @Property({ type: 'text', nullable: true })
  sku?: string | null;

  @Property({ type: 'text', nullable: true })
  vendor?: string | null;

  @Property({ type: 'integer' })
  grams: Opt<number> = 0;

  @Property({ type: 'boolean' })
  requiresShipping: Opt<boolean> = true;

  @Property({ type: 'boolean' })
  taxable: Opt<boolean> = true;

  @Property({ type: 'boolean' })
  giftCard: Opt<boolean> = false;

  /** Discounts allocated to the whole line. */
  @Property({ type: 'decimal', precision: 20, scale: 2 })
  totalDiscount: Opt<string> = '0.00';

  @Property({ type: 'json' })
  properties: Opt<OrderLineProperty[]> = [];
}
