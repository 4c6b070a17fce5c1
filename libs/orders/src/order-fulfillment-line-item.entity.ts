import { BigIntType } from '@mikro-orm/core';
import { Check, Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

/** Units of one order line a fulfillment shipped. */
@Check({ name: 'order_fulfillment_line_items_quantity_check', expression: 'quantity > 0' })
@Entity({ tableName: 'order_fulfillment_line_items' })
@Index({ name: 'order_fulfillment_line_items_fulfillment_id_index', properties: ['fulfillmentId', 'id'] })
@Index({ name: 'order_fulfillment_line_items_line_item_id_index', properties: ['lineItemId'] })
export class OrderFulfillmentLineItem extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  fulfillmentId!: number;

  @Property({ type: new BigIntType('number') })
  lineItemId!: number;

  @Property({ type: 'integer' })
  quantity!: number;
}
