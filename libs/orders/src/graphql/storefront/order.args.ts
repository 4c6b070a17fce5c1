import { ArgsType, Field, registerEnumType } from '@nestjs/graphql';
import { ConnectionArgs, StorefrontSchema, enumOf } from '@platform/graphql-types';
import { ORDER_SORT_KEYS, type OrderSortKey } from '../../order.records.js';

export const OrderSortKeys = enumOf(ORDER_SORT_KEYS);
registerEnumType(OrderSortKeys, { registerIn: () => StorefrontSchema, name: 'OrderSortKeys', description: "How a customer's orders can be sorted." });

@ArgsType()
export class CustomerOrdersArgs extends ConnectionArgs {
  @Field(() => OrderSortKeys, { defaultValue: 'ID' })
  sortKey!: OrderSortKey;
}
