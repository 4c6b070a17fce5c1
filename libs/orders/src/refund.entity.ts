import { BigIntType, type Opt } from '@mikro-orm/core';
import { Check, Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** Money and goods given back on an order: its lines (refund_line_items) and the `refund` transactions paying it. */
@Check({ name: 'refunds_shipping_check', expression: 'shipping >= 0' })
@Entity({ tableName: 'refunds' })
@Index({ name: 'refunds_order_id_index', properties: ['orderId', 'id'] })
export class Refund extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  orderId!: number;

  @Property({ type: 'text', nullable: true })
  note?: string | null;

  /** Whether the refunded goods went back to stock. */
  @Property({ type: 'boolean' })
  restock: Opt<boolean> = false;

  /** The shipping it gave back (migration 20261126000400), so shipping is refunded at most once. */
  @Property({ type: 'decimal', precision: 20, scale: 2 })
  shipping: Opt<string> = '0.00';

  @Property({ type: 'datetime' })
  processedAt!: Date;
}
