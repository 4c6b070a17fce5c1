import { BigIntType, type Opt } from '@mikro-orm/core';
import { Check, Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const RESTOCK_TYPES = ['no_restock', 'cancel', 'return'] as const;
export type RestockType = (typeof RESTOCK_TYPES)[number];

/** Units of one order line a refund gives back, with the money they were sold for (subtotal and tax, exact). */
@Check({ name: 'refund_line_items_quantity_check', expression: 'quantity > 0' })
@Entity({ tableName: 'refund_line_items' })
@Index({ name: 'refund_line_items_refund_id_index', properties: ['refundId', 'id'] })
@Index({ name: 'refund_line_items_line_item_id_index', properties: ['lineItemId'] })
export class RefundLineItem extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  refundId!: number;

  @Property({ type: new BigIntType('number') })
  lineItemId!: number;

  @Property({ type: 'integer' })
  quantity!: number;

  @Enum({ items: () => RESTOCK_TYPES })
  restockType: Opt<RestockType> = 'no_restock';

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  subtotal!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  totalTax!: string;
}
