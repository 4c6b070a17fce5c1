import { Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Attribute, BoundedList, ConnectionType, StorefrontNode, StorefrontSchema, enumOf } from '@platform/graphql-types';
import { CurrencyCode, MoneyV2 } from '@platform/money';
import type { OrderLineItemRecord, OrderRecord } from '../../order.records.js';
import { MAX_ATTRIBUTES } from '@platform/errors';


export const ORDER_FINANCIAL_STATUSES = ['AUTHORIZED', 'PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'VOIDED'] as const;
export const OrderFinancialStatus = enumOf(ORDER_FINANCIAL_STATUSES);
registerEnumType(OrderFinancialStatus, { registerIn: () => StorefrontSchema, name: 'OrderFinancialStatus', description: 'Where the payment of an order stands.' });

export const ORDER_FULFILLMENT_STATUSES = [
  'FULFILLED',
  'IN_PROGRESS',
  'ON_HOLD',
  'OPEN',
  'PARTIALLY_FULFILLED',
  'PENDING_FULFILLMENT',
  'RESTOCKED',
  'SCHEDULED',
  'UNFULFILLED',
] as const;
export const OrderFulfillmentStatus = enumOf(ORDER_FULFILLMENT_STATUSES);
registerEnumType(OrderFulfillmentStatus, { registerIn: () => StorefrontSchema, name: 'OrderFulfillmentStatus', description: 'Where the delivery of an order stands.' });

@ObjectType('OrderLineItem', { registerIn: () => StorefrontSchema, description: 'A line of an order: one product variant and its quantity.' })
export class StorefrontOrderLineItem {
  @Field({ description: 'The title of the product when it was bought.' })
  title!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int, { description: 'The quantity minus removed items.' })
  currentQuantity!: number;

  @Field(() => MoneyV2, { description: 'Unit price × quantity, before discounts.' })
  originalTotalPrice!: MoneyV2;

  @Field(() => MoneyV2, { description: 'The total of the line after discounts.' })
  discountedTotalPrice!: MoneyV2;

  @BoundedList({ max: MAX_ATTRIBUTES, withParent: true })
  @Field(() => [Attribute], { description: 'What the buyer attached to the line (its cart line attributes).' })
  customAttributes!: Attribute[];

  record!: OrderLineItemRecord;
}

@ObjectType('OrderLineItemConnection', { registerIn: () => StorefrontSchema })
export class StorefrontOrderLineItemConnection extends ConnectionType(StorefrontOrderLineItem, 'OrderLineItem', () => StorefrontSchema) {}

@ObjectType('Order', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: "A customer's completed purchase." })
export class StorefrontOrder {
  __typename!: 'Order';

  @Field(() => ID)
  id!: string;

  @Field({ description: 'The name shown to the buyer (e.g. `#1001`).' })
  name!: string;

  @Field(() => Int, { description: "The shop's sequential number of the order." })
  orderNumber!: number;

  @Field(() => GraphQLISODateTime, { description: 'When the order was placed.' })
  processedAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  canceledAt!: Date | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => CurrencyCode)
  currencyCode!: string;

  @Field(() => OrderFinancialStatus, { nullable: true })
  financialStatus!: string | null;

  @Field(() => OrderFulfillmentStatus)
  fulfillmentStatus!: string;

  @Field({ description: 'Whether the order was edited after it was placed.' })
  edited!: boolean;

  @Field(() => MoneyV2, { description: 'The total when the order was placed.' })
  originalTotalPrice!: MoneyV2;

  @Field(() => MoneyV2, { description: 'Subtotal + tax.' })
  totalPrice!: MoneyV2;

  @Field(() => MoneyV2, { nullable: true, description: 'The sum of the line items.' })
  subtotalPrice!: MoneyV2 | null;

  @Field(() => MoneyV2, { nullable: true })
  totalTax!: MoneyV2 | null;

  @Field(() => MoneyV2)
  totalShippingPrice!: MoneyV2;

  record!: OrderRecord;
}

@ObjectType('OrderConnection', { registerIn: () => StorefrontSchema })
export class StorefrontOrderConnection extends ConnectionType(StorefrontOrder, 'Order', () => StorefrontSchema) {}
