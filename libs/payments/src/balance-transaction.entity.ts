import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';
import type { AdjustmentOrderTransaction, TransactionPayoutStatus } from './ledger.records.js';

/**
 * One movement of money, append-only: a trigger refuses deletes and any update but the payout linkage, and a
 * check holds net = amount − fee (migration 20261126000300). Written with SQL (`insert … on conflict do nothing`
 * keeps redelivered events from booking twice); the entity describes the table.
 */
@Entity({ tableName: 'balance_transactions' })
@Unique({ properties: ['shopId', 'sourceType', 'sourceId'] })
@Index({ properties: ['shopId', 'processedAt', 'id'] })
export class BalanceTransaction extends TenantEntity {
  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  amount!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  fee!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  net!: string;

  @Property({ length: 3 })
  currency!: string;

  @Property({ type: new BigIntType('number'), nullable: true })
  sourceId?: number | null;

  @Property({ type: 'text', nullable: true })
  sourceType?: string | null;

  // Orders are another context: plain ids.
  @Property({ type: new BigIntType('number'), nullable: true })
  sourceOrderId?: number | null;

  @Property({ type: new BigIntType('number'), nullable: true })
  sourceOrderTransactionId?: number | null;

  @Property({ type: 'datetime' })
  processedAt!: Date;

  @Property({ type: 'boolean' })
  test: Opt<boolean> = false;

  @Property({ type: new BigIntType('number'), nullable: true })
  payoutId?: number | null;

  @Property({ type: 'text' })
  payoutStatus: Opt<TransactionPayoutStatus> = 'pending';

  @Property({ type: 'text', nullable: true })
  adjustmentReason?: string | null;

  @Property({ type: 'json', nullable: true })
  adjustmentOrderTransactions?: AdjustmentOrderTransaction[] | null;
}
