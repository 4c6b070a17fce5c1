import { Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, enumOf } from '@platform/graphql-types';
import { CurrencyCode, DecimalScalar, MoneyScalar } from '@platform/money';


export const RESTOCK_TYPE_VALUES = ['CANCEL', 'LEGACY_RESTOCK', 'NO_RESTOCK', 'RETURN'] as const;
export const RefundLineItemRestockType = enumOf(RESTOCK_TYPE_VALUES);
registerEnumType(RefundLineItemRestockType, { registerIn: () => AdminSchema, name: 'RefundLineItemRestockType', description: 'How a refunded line goes back to stock.' });

export const TRANSACTION_KIND_VALUES = ['AUTHORIZATION', 'CAPTURE', 'CHANGE', 'EMV_AUTHORIZATION', 'REFUND', 'SALE', 'SUGGESTED_REFUND', 'VOID'] as const;
export const OrderTransactionKind = enumOf(TRANSACTION_KIND_VALUES);
registerEnumType(OrderTransactionKind, { registerIn: () => AdminSchema, name: 'OrderTransactionKind', description: 'What a transaction of an order does.' });

export const CANCEL_REASON_VALUES = ['CUSTOMER', 'DECLINED', 'FRAUD', 'INVENTORY', 'OTHER', 'STAFF'] as const;
export const OrderCancelReason = enumOf(CANCEL_REASON_VALUES);
registerEnumType(OrderCancelReason, { registerIn: () => AdminSchema, name: 'OrderCancelReason', description: 'Why an order was cancelled.' });

@InputType('MoneyInput', { registerIn: () => AdminSchema, description: 'An amount and its currency.' })
export class AdminMoneyInput {
  @Field(() => DecimalScalar)
  amount!: string;

  @Field(() => CurrencyCode)
  currencyCode!: string;
}

@InputType('RefundLineItemInput', { registerIn: () => AdminSchema, description: 'Units of an order line to refund.' })
export class RefundLineItemInput {
  @Field(() => ID)
  lineItemId!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => RefundLineItemRestockType, { nullable: true, description: 'NO_RESTOCK unless given.' })
  restockType?: string | null;

  @Field(() => ID, { nullable: true, description: 'Where the units go back to stock (one stock per variant here: ignored).' })
  locationId?: string | null;
}

@InputType('RefundShippingInput', { registerIn: () => AdminSchema, description: 'The shipping to refund.' })
export class RefundShippingInput {
  @Field(() => Boolean, { nullable: true, defaultValue: false, description: 'Refund all the shipping not yet refunded.' })
  fullRefund?: boolean | null;

  @Field(() => AdminMoneyInput, { nullable: true, description: 'The shipping amount to refund; overrides fullRefund.' })
  shippingRefundAmount?: AdminMoneyInput | null;
}

@InputType('OrderTransactionInput', { registerIn: () => AdminSchema, description: 'A refund transaction: money given back from one payment.' })
export class OrderTransactionInput {
  @Field(() => MoneyScalar)
  amount!: string;

  @Field()
  gateway!: string;

  @Field(() => OrderTransactionKind)
  kind!: string;

  @Field(() => ID)
  orderId!: string;

  @Field(() => ID, { nullable: true, description: 'The sale or capture it gives money back from; the oldest payments when absent.' })
  parentId?: string | null;
}

@InputType('RefundInput', { registerIn: () => AdminSchema, description: 'A refund of an order: its lines, shipping and transactions.' })
export class RefundInput {
  @Field(() => ID)
  orderId!: string;

  @Field(() => String, { nullable: true })
  note?: string | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: 'Whether to notify the customer (no refund email is sent yet).' })
  notify?: boolean | null;

  @Field(() => CurrencyCode, { nullable: true, description: "The currency of the amounts; the order's when absent." })
  currency?: string | null;

  @Field(() => [RefundLineItemInput], { nullable: true })
  refundLineItems?: RefundLineItemInput[] | null;

  @Field(() => RefundShippingInput, { nullable: true })
  shipping?: RefundShippingInput | null;

  @Field(() => [OrderTransactionInput], { nullable: true })
  transactions?: OrderTransactionInput[] | null;
}

@InputType('OrderCloseInput', { registerIn: () => AdminSchema })
export class OrderCloseInput {
  @Field(() => ID)
  id!: string;
}

@InputType('OrderOpenInput', { registerIn: () => AdminSchema })
export class OrderOpenInput {
  @Field(() => ID)
  id!: string;
}
