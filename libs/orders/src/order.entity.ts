import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Address } from '@platform/contact';
import { TenantEntity } from '@platform/database';

export const FINANCIAL_STATUSES = ['pending', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded', 'voided'] as const;
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number];

export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled', 'restocked'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

// `staff` (a staff error) is the admin GraphQL's sixth reason (migration 20261126000400).
export const CANCEL_REASONS = ['customer', 'fraud', 'inventory', 'declined', 'other', 'staff'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** A shipping method charged on the order; `price` is an exact decimal string. */
export interface OrderShippingLine {
  title: string;
  code: string | null;
  price: string;
}

/**
 * An order. Totals are exact decimal strings: subtotal = Σ line price × quantity, shipping = Σ shipping lines,
 * total = subtotal − discounts + shipping + tax. Open while closed_at is null; cancelled orders carry cancelled_at.
 */
@Entity({ tableName: 'orders' })
@Unique({ properties: ['shopId', 'name'] })
@Unique({ properties: ['shopId', 'number'] })
@Unique({ properties: ['shopId', 'cartToken'] })
@Index({ properties: ['shopId', 'id'] })
@Index({ properties: ['shopId', 'customerId'] })
// The admin lists' sort keys and filters, each ending with the keyset's id tie-break.
@Index({ name: 'orders_shop_id_created_at_index', properties: ['shopId', 'createdAt', 'id'] })
@Index({ name: 'orders_shop_id_updated_at_index', properties: ['shopId', 'updatedAt', 'id'] })
@Index({ name: 'orders_shop_id_processed_at_index', properties: ['shopId', 'processedAt', 'id'] })
@Index({ name: 'orders_shop_id_total_price_index', properties: ['shopId', 'totalPrice', 'id'] })
@Index({ name: 'orders_shop_id_financial_status_index', properties: ['shopId', 'financialStatus', 'id'] })
@Index({ name: 'orders_shop_id_fulfillment_status_index', properties: ['shopId', 'fulfillmentStatus', 'id'] })
@Index({ name: 'orders_shop_id_open_index', properties: ['shopId', 'id'], where: 'closed_at is null and cancelled_at is null' })
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

  /** The currency the buyer paid in; the shop's currency unless the order says otherwise. */
  @Property({ length: 3 })
  presentmentCurrency!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  subtotalPrice!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  totalTax!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  totalDiscounts: Opt<string> = '0.00';

  /** Σ shipping lines' prices. */
  @Property({ type: 'decimal', precision: 20, scale: 2 })
  totalShipping: Opt<string> = '0.00';

  @Property({ type: 'json' })
  shippingLines: Opt<OrderShippingLine[]> = [];

  /** A copy of the address (`@platform/contact`'s) made when the order is placed: it outlives the customer's address book. */
  @Property({ type: 'json', nullable: true })
  billingAddress?: Address | null;

  @Property({ type: 'json', nullable: true })
  shippingAddress?: Address | null;

  @Property({ type: 'text', nullable: true })
  note?: string | null;

  /** The merchant's tags (`tagsAdd`/`tagsRemove`): one of each, case-insensitively, at most 250 of 255 characters. */
  @Property({ type: 'text[]' })
  tags: Opt<string[]> = [];

  /** Placed with a test gateway: kept apart from real money (the ledger marks its transactions test too). */
  @Property({ type: 'boolean' })
  test: Opt<boolean> = false;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  totalPrice!: string;

  @Property({ type: 'datetime' })
  processedAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  closedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  cancelledAt?: Date | null;

  @Enum({ items: () => CANCEL_REASONS, nullable: true })
  cancelReason?: CancelReason | null;

  /** The cart the hosted checkout placed it from (one order per cart); null for imported orders. */
  @Property({ type: 'text', nullable: true })
  cartToken?: string | null;

  /** The visitor's consent (analytics, preferences, marketing, saleOfData) the checkout URL carried, when it did. */
  @Property({ type: 'json', nullable: true })
  visitorConsent?: Record<string, boolean> | null;
}
