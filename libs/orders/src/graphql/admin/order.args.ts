import { ArgsType, Field, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, ConnectionArgs } from '@platform/graphql';
import { ORDER_SORT_KEYS, type OrderSortKey } from '../../order.records.js';

export const AdminOrderSortKeys = Object.fromEntries(ORDER_SORT_KEYS.map((k) => [k, k])) as Record<OrderSortKey, OrderSortKey>;
registerEnumType(AdminOrderSortKeys, { registerIn: () => AdminSchema, name: 'OrderSortKeys', description: 'How orders can be sorted.' });

@ArgsType()
export class AdminCustomerOrdersArgs extends ConnectionArgs {
  @Field(() => AdminOrderSortKeys, { defaultValue: 'ID' })
  sortKey!: OrderSortKey;
}
