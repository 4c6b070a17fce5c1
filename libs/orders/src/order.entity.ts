import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const FINANCIAL_STATUSES = ['pending', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'voided'] as const;
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number];

export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled', 'restocked'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/**
 * An order. Totals are exact decimal strings: subtotal = Σ line price × quantity, total = subtotal + tax.
 * Open while closed_at is null; cancelled orders carry cancelled_at.
 */
@Entity({ tableName: 'orders' })
@Unique({ properties: ['shopId', 'name'] })
@Unique({ properties: ['shopId', 'number'] })
@Index({ properties: ['shopId', 'id'] })
@Index({ properties: ['shopId', 'customerId'] })
export class Order extends TenantEntity {
  // Customers are another context: a plain id (the SQL foreign key sets it null when the customer goes).
  @Property({ type: new BigIntType('number'), nullable: true })
  customerId?: number | null;

  /** Shown to buyers, e.g. '#1001'. */
  @Property({ type: 'text' })
  name!: string;

  /** The shop's sequential order number (1001 for '#1001'). */
  @Property({ type: 'integer' })
  number!: number;

  @Property({ type: 'text', nullable: true })
  email?: string | null;

  @Enum({ items: () => FINANCIAL_STATUSES })
  financialStatus: Opt<FinancialStatus> = 'pending';

  @Enum({ items: () => FULFILLMENT_STATUSES })
  fulfillmentStatus: Opt<FulfillmentStatus> = 'unfulfilled';

  @Property({ length: 3 })
  currency!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  subtotalPrice!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  totalTax!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  totalPrice!: string;

  @Property({ type: 'datetime' })
  processedAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  closedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  cancelledAt?: Date | null;
}
