import { BigIntType, type Opt } from '@mikro-orm/core';
import { Check, Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';

export const TRANSACTION_KINDS = ['sale', 'capture', 'authorization', 'void', 'refund'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const TRANSACTION_STATUSES = ['success', 'failure', 'pending', 'error'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Money moving for an order at a gateway: a sale, an authorization and its capture or void, a refund. Only
 * successful sales, captures and refunds move money (the ledger books them from OrderPaid and OrderRefunded).
 */
@Check({ name: 'order_transactions_amount_check', expression: 'amount >= 0' })
@Entity({ tableName: 'order_transactions' })
@Index({ name: 'order_transactions_order_id_index', properties: ['orderId', 'id'] })
@Index({ name: 'order_transactions_refund_id_index', properties: ['refundId'], where: 'refund_id is not null' })
export class OrderTransaction extends TenantEntity {
  @Property({ type: new BigIntType('number') })
  orderId!: number;

  @Enum({ items: () => TRANSACTION_KINDS })
  kind!: TransactionKind;

  @Enum({ items: () => TRANSACTION_STATUSES })
  status!: TransactionStatus;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  amount!: string;

  @Property({ length: 3 })
  currency!: string;

  @Property({ type: 'text' })
  gateway!: string;

  @Property({ type: 'boolean' })
  test: Opt<boolean> = false;

  /** The transaction this one settles: the authorization of a capture or void, the sale of a refund. */
  @Property({ type: new BigIntType('number'), nullable: true })
  parentId?: number | null;

  /** The refund a `refund` transaction pays out. */
  @Property({ type: new BigIntType('number'), nullable: true })
  refundId?: number | null;

  @Property({ type: 'datetime' })
  processedAt!: Date;

  /** The gateway's standard error code when the transaction failed. */
  @Property({ type: 'text', nullable: true })
  errorCode?: string | null;

  @Property({ type: 'text', nullable: true })
  message?: string | null;
}
