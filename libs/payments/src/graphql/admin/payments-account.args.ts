import { ArgsType, Field, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, ConnectionArgs, enumOf } from '@platform/graphql-types';
import { TRANSACTION_SORT_KEYS, type TransactionSortKey } from '../../ledger-search.rules.js';

export const BalanceTransactionSortKeys = enumOf(TRANSACTION_SORT_KEYS);
registerEnumType(BalanceTransactionSortKeys, { registerIn: () => AdminSchema, name: 'BalanceTransactionSortKeys', description: 'How balance transactions can be sorted.' });

@ArgsType()
export class BalanceTransactionsArgs extends ConnectionArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Search syntax: `payout_id:`, `payout_status:`, `test:`, `type:`, `currency:`, `id:>42` (since an id), `id:<42` (before one), `processed_at:>2026-01-01`, `amount:`, `fee:`, `net:`.',
  })
  query?: string | null;

  @Field(() => BalanceTransactionSortKeys, { defaultValue: 'PROCESSED_AT', description: 'PROCESSED_AT lists the newest first; the others ascend. `reverse` turns either around.' })
  sortKey!: TransactionSortKey;
}

@ArgsType()
export class PayoutsArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: 'Search syntax: `status:`, `currency:`, `date:>=2026-11-01`, `id:>42`.' })
  query?: string | null;
}
