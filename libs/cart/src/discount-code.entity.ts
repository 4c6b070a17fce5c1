import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export type DiscountValueType = 'percentage' | 'fixed_amount';

/**
 * A code buyers enter on a cart: a percentage off or a fixed amount off the subtotal (in the shop's currency), from
 * `startsAt` until `endsAt`, above a minimum subtotal, at most `usageLimit` times (completed checkouts count).
 */
@Entity({ tableName: 'discount_codes' })
export class DiscountCode extends TenantEntity {
  @Property()
  code!: string;

  @Property()
  valueType!: DiscountValueType;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  value!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2, nullable: true })
  minimumSubtotal: string | null = null;

  @Property({ type: 'datetime' })
  startsAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  endsAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  usageLimit: number | null = null;

  @Property({ type: 'integer' })
  usageCount = 0;
}
