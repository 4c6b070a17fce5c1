import { Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, ConnectionType } from '@platform/graphql';
import { CurrencyCode, MoneyV2 } from '@platform/money';
import type { OrderLineItemRecord, OrderRecord } from '../../order.records.js';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as Record<T, T>;

// The hosted admin schema's names for where an order's payment and delivery stand.
export const DISPLAY_FINANCIAL_STATUSES = ['AUTHORIZED', 'EXPIRED', 'PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'VOIDED'] as const;
export const OrderDisplayFinancialStatus = enumOf(DISPLAY_FINANCIAL_STATUSES);
registerEnumType(OrderDisplayFinancialStatus, { registerIn: () => AdminSchema, name: 'OrderDisplayFinancialStatus', description: 'Where the payment of an order stands.' });

export const DISPLAY_FULFILLMENT_STATUSES = [
  'FULFILLED',
  'IN_PROGRESS',
  'ON_HOLD',
  'OPEN',
  'PARTIALLY_FULFILLED',
  'PENDING_FULFILLMENT',
  'REQUEST_DECLINED',
  'RESTOCKED',
  'SCHEDULED',
  'UNFULFILLED',
] as const;
export const OrderDisplayFulfillmentStatus = enumOf(DISPLAY_FULFILLMENT_STATUSES);
registerEnumType(OrderDisplayFulfillmentStatus, { registerIn: () => AdminSchema, name: 'OrderDisplayFulfillmentStatus', description: 'Where the delivery of an order stands.' });

@ObjectType('MoneyBag', { registerIn: () => AdminSchema, description: "An amount in the shop's currency and in the currency the buyer paid in." })
export class AdminMoneyBag {
  @Field(() => MoneyV2)
  shopMoney!: MoneyV2;

  @Field(() => MoneyV2)
  presentmentMoney!: MoneyV2;
}

@ObjectType('LineItem', { registerIn: () => AdminSchema, description: 'A line of an order: one product variant and its quantity.' })
export class AdminLineItem {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'The title of the product when it was bought.' })
  title!: string;

  @Field(() => String, { nullable: true })
  variantTitle!: string | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => AdminMoneyBag, { description: 'The unit price before discounts.' })
  originalUnitPriceSet!: AdminMoneyBag;

  @Field(() => AdminMoneyBag, { description: 'Unit price × quantity, before discounts.' })
  originalTotalSet!: AdminMoneyBag;

  record!: OrderLineItemRecord;
}

@ObjectType('LineItemConnection', { registerIn: () => AdminSchema })
export class AdminLineItemConnection extends ConnectionType(AdminLineItem, 'LineItem', () => AdminSchema) {}

@ObjectType('Order', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: "A customer's purchase, as the merchant sees it." })
export class AdminOrder {
  __typename!: 'Order';

  @Field(() => ID)
  id!: string;

  @Field({ description: 'The id of the order in the REST API.' })
  legacyResourceId!: string;

  @Field({ description: 'The name shown to the buyer (e.g. `#1001`).' })
  name!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => GraphQLISODateTime, { description: 'When the order was placed.' })
  processedAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  closedAt!: Date | null;

  @Field({ description: 'Whether the order is closed.' })
  closed!: boolean;

  @Field(() => GraphQLISODateTime, { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => CurrencyCode, { description: "The shop's currency for the order." })
  currencyCode!: string;

  @Field(() => CurrencyCode, { description: 'The currency the buyer paid in.' })
  presentmentCurrencyCode!: string;

  @Field(() => OrderDisplayFinancialStatus, { nullable: true })
  displayFinancialStatus!: string | null;

  @Field(() => OrderDisplayFulfillmentStatus)
  displayFulfillmentStatus!: string;

  @Field(() => AdminMoneyBag, { description: 'The sum of the line items.' })
  subtotalPriceSet!: AdminMoneyBag;

  @Field(() => AdminMoneyBag)
  totalTaxSet!: AdminMoneyBag;

  @Field(() => AdminMoneyBag, { description: 'Subtotal + tax when the order was placed.' })
  totalPriceSet!: AdminMoneyBag;

  @Field(() => AdminMoneyBag, { description: 'The total after edits, refunds and removals.' })
  currentTotalPriceSet!: AdminMoneyBag;

  record!: OrderRecord;
}

@ObjectType('OrderConnection', { registerIn: () => AdminSchema })
export class AdminOrderConnection extends ConnectionType(AdminOrder, 'Order', () => AdminSchema) {}
