import type { Opt } from '@mikro-orm/core';
import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '@platform/database';
import { PAYOUT_STATUSES, type PayoutStatus } from './ledger.records.js';

/** Money moved from the balance to the bank: the sum of the nets of the transactions it took (migration 20261126000300). */
@Entity({ tableName: 'payouts' })
@Index({ properties: ['shopId', 'id'] })
export class Payout extends TenantEntity {
  @Property({ length: 3 })
  currency!: string;

  @Property({ type: 'decimal', precision: 20, scale: 2 })
  amount!: string;

  @Enum({ items: () => PAYOUT_STATUSES })
  status: Opt<PayoutStatus> = 'scheduled';

  /** `YYYY-MM-DD`, UTC. */
  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'datetime' })
  issuedAt!: Date;
}
