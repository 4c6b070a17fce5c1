import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const FULFILLMENT_STATES = ['pending', 'open', 'success', 'cancelled', 'error', 'failure'] as const;
export type FulfillmentState = (typeof FULFILLMENT_STATES)[number];

/** A shipment of some of an order's units, named after the order (`#1001.1`); its lines say which. */
@Entity({ tableName: 'order_fulfillments' })
@Index({ name: 'order_fulfillments_order_id_index', properties: ['orderId', 'id'] })
export class OrderFulfillment extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  orderId!: number;

  @Enum({ items: () => FULFILLMENT_STATES })
  status: Opt<FulfillmentState> = 'success';

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  trackingCompany?: string | null;

  @Property({ type: 'text', nullable: true })
  trackingNumber?: string | null;

  @Property({ type: 'text', nullable: true })
  trackingUrl?: string | null;
}
