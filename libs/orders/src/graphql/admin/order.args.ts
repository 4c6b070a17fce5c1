import { ArgsType, Field, Int, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, ConnectionArgs, enumOf } from '@platform/graphql-types';
import { ORDER_SORT_KEYS, type OrderSortKey } from '../../order.records.js';

export const AdminOrderSortKeys = enumOf(ORDER_SORT_KEYS);
registerEnumType(AdminOrderSortKeys, { registerIn: () => AdminSchema, name: 'OrderSortKeys', description: 'How orders can be sorted.' });

@ArgsType()
export class AdminCustomerOrdersArgs extends ConnectionArgs {
  @Field(() => AdminOrderSortKeys, { defaultValue: 'ID' })
  sortKey!: OrderSortKey;
}

@ArgsType()
export class AdminOrdersArgs extends ConnectionArgs {
  @Field(() => String, {
    nullable: true,
    description:
      'Search syntax: `field:value` terms (name, email, financial_status, fulfillment_status, status, cancel_reason, customer_id, id, sku, gateway, test, created_at, updated_at, processed_at), AND/OR/NOT, `-` negation, comparisons (`processed_at:>2026-01-01`), quoted values; bare words match the name, number, email and note.',
  })
  query?: string | null;

  @Field(() => AdminOrderSortKeys, { defaultValue: 'PROCESSED_AT' })
  sortKey!: OrderSortKey;
}

@ArgsType()
export class AdminOrdersCountArgs {
  @Field(() => String, { nullable: true, description: 'The `orders` search syntax.' })
  query?: string | null;
}

@ArgsType()
export class AdminOrderListArgs {
  @Field(() => Int, { nullable: true, description: 'At most this many (at most 250), oldest first; all when absent.' })
  first?: number | null;
}
