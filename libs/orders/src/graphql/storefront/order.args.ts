import { ArgsType, Field, registerEnumType } from '@nestjs/graphql';
import { ConnectionArgs, StorefrontSchema } from '@platform/graphql';
import { ORDER_SORT_KEYS, type OrderSortKey } from '../../order.records.js';

export const OrderSortKeys = Object.fromEntries(ORDER_SORT_KEYS.map((k) => [k, k])) as Record<OrderSortKey, OrderSortKey>;
registerEnumType(OrderSortKeys, { registerIn: () => StorefrontSchema, name: 'OrderSortKeys', description: "How a customer's orders can be sorted." });

@ArgsType()
export class CustomerOrdersArgs extends ConnectionArgs {
  @Field(() => OrderSortKeys, { defaultValue: 'ID' })
  sortKey!: OrderSortKey;
}
