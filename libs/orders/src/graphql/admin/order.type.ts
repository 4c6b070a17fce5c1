import { Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, Attribute, BoundedList, ConnectionType, enumOf } from '@platform/graphql-types';
import { CurrencyCode, MoneyV2 } from '@platform/money';
import type { OrderLineItemRecord, OrderRecord, OrderTransactionRecord, RefundLineItemRecord, RefundRecord } from '../../order.records.js';
import { OrderCancelReason, OrderTransactionKind, RefundLineItemRestockType } from './order-mutation.args.js';
import { MAX_ATTRIBUTES, MAX_TAGS } from '@platform/errors';


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

export const TRANSACTION_STATUS_VALUES = ['AWAITING_RESPONSE', 'ERROR', 'FAILURE', 'PENDING', 'SUCCESS', 'UNKNOWN'] as const;
export const OrderTransactionStatus = enumOf(TRANSACTION_STATUS_VALUES);
registerEnumType(OrderTransactionStatus, { registerIn: () => AdminSchema, name: 'OrderTransactionStatus', description: 'Where a transaction of an order stands.' });

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

  @Field(() => String, { nullable: true })
  sku!: string | null;

  @Field(() => String, { nullable: true })
  vendor!: string | null;

  @Field(() => Int, { description: 'The quantity less the units refunded.' })
  currentQuantity!: number;

  @Field(() => Int, { description: 'Units neither refunded nor fulfilled.' })
  unfulfilledQuantity!: number;

  @Field({ description: 'Whether the line is shipped.' })
  requiresShipping!: boolean;

  @Field()
  taxable!: boolean;

  @BoundedList({ max: MAX_ATTRIBUTES, withParent: true })
  @Field(() => [Attribute], { description: 'What the buyer attached to the line (its cart line attributes).' })
  customAttributes!: Attribute[];

  record!: OrderLineItemRecord;
}

@ObjectType('OrderTransaction', { registerIn: () => AdminSchema, description: 'Money moving for an order at a gateway.' })
export class AdminOrderTransaction {
  @Field(() => ID)
  id!: string;

  @Field(() => OrderTransactionKind)
  kind!: string;

  @Field(() => OrderTransactionStatus)
  status!: string;

  @Field(() => AdminMoneyBag)
  amountSet!: AdminMoneyBag;

  @Field(() => String, { nullable: true, description: 'The gateway that processed it (`manual`, `bogus`, …).' })
  gateway!: string | null;

  @Field({ description: 'Whether it went through a test gateway.' })
  test!: boolean;

  @Field(() => String, { nullable: true, description: "The gateway's error code when it failed (e.g. `card_declined`)." })
  errorCode!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  processedAt!: Date | null;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  record!: OrderTransactionRecord;
}

@ObjectType('OrderTransactionConnection', { registerIn: () => AdminSchema })
export class AdminOrderTransactionConnection extends ConnectionType(AdminOrderTransaction, 'OrderTransaction', () => AdminSchema) {}

@ObjectType('RefundLineItem', { registerIn: () => AdminSchema, description: 'Units of an order line a refund gave back.' })
export class AdminRefundLineItem {
  @Field(() => ID)
  id!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => RefundLineItemRestockType)
  restockType!: string;

  @Field({ description: 'Whether the units went back to stock.' })
  restocked!: boolean;

  @Field(() => AdminMoneyBag, { description: 'What the units were sold for.' })
  subtotalSet!: AdminMoneyBag;

  @Field(() => AdminMoneyBag)
  totalTaxSet!: AdminMoneyBag;

  record!: RefundLineItemRecord;
  currency!: string;
}

@ObjectType('RefundLineItemConnection', { registerIn: () => AdminSchema })
export class AdminRefundLineItemConnection extends ConnectionType(AdminRefundLineItem, 'RefundLineItem', () => AdminSchema) {}

@ObjectType('Refund', { registerIn: () => AdminSchema, description: 'Money and goods given back on an order.' })
export class AdminRefund {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'The id of the refund in the REST API.' })
  legacyResourceId!: string;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  createdAt!: Date | null;

  @Field(() => AdminMoneyBag, { description: 'The money its successful refund transactions returned.' })
  totalRefundedSet!: AdminMoneyBag;

  record!: RefundRecord;
  currency!: string;
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

  @Field(() => OrderCancelReason, { nullable: true })
  cancelReason!: string | null;

  @Field(() => GraphQLISODateTime, { description: 'When the order was created in the platform.' })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @Field({ description: 'Whether the order was placed with a test gateway.' })
  test!: boolean;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @BoundedList({ max: MAX_TAGS, withParent: true })
  @Field(() => [String], { description: "The merchant's tags (`tagsAdd`, `tagsRemove`), one of each." })
  tags!: string[];

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

  @Field(() => AdminMoneyBag, { description: 'Subtotal − discounts + shipping + tax when the order was placed.' })
  totalPriceSet!: AdminMoneyBag;

  @Field(() => AdminMoneyBag)
  totalDiscountsSet!: AdminMoneyBag;

  @Field(() => AdminMoneyBag, { description: 'The sum of the shipping lines.' })
  totalShippingPriceSet!: AdminMoneyBag;

  record!: OrderRecord;
}

@ObjectType('OrderConnection', { registerIn: () => AdminSchema })
export class AdminOrderConnection extends ConnectionType(AdminOrder, 'Order', () => AdminSchema) {}
