import { Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, BigIntScalar, BoundedList, ConnectionType, enumOf } from '@platform/graphql-types';
import { MAX_CURRENCIES, MoneyV2 } from '@platform/money';
import type { BalanceTransactionRecord } from '../../ledger.records.js';

// The hosted admin schema's payments account, by its names with our brand (ShopifyPayments… → PlatformPayments…).


export const TRANSACTION_TYPE_VALUES = ['CHARGE', 'REFUND', 'DISPUTE', 'RESERVE', 'ADJUSTMENT', 'CREDIT', 'DEBIT', 'PAYOUT', 'PAYOUT_FAILURE', 'PAYOUT_CANCELLATION'] as const;
export const PlatformPaymentsTransactionType = enumOf(TRANSACTION_TYPE_VALUES);
registerEnumType(PlatformPaymentsTransactionType, { registerIn: () => AdminSchema, name: 'PlatformPaymentsTransactionType', description: 'What moved the money of a balance transaction.' });

export const SOURCE_TYPE_VALUES = ['CHARGE', 'REFUND', 'DISPUTE', 'RESERVE', 'ADJUSTMENT', 'PAYOUT', 'PAYOUT_FAILURE', 'PAYOUT_CANCELLATION'] as const;
export const PlatformPaymentsSourceType = enumOf(SOURCE_TYPE_VALUES);
registerEnumType(PlatformPaymentsSourceType, { registerIn: () => AdminSchema, name: 'PlatformPaymentsSourceType', description: 'The kind of resource that led to a balance transaction.' });

export const PAYOUT_STATUS_VALUES = ['SCHEDULED', 'PENDING', 'IN_TRANSIT', 'PAID', 'FAILED', 'CANCELED', 'ACTION_REQUIRED'] as const;
export const PlatformPaymentsPayoutStatus = enumOf(PAYOUT_STATUS_VALUES);
registerEnumType(PlatformPaymentsPayoutStatus, { registerIn: () => AdminSchema, name: 'PlatformPaymentsPayoutStatus', description: 'Where the transfer of a payout stands.' });

export const TRANSACTION_PAYOUT_STATUS_VALUES = ['PENDING', 'SCHEDULED', 'IN_TRANSIT', 'PAID', 'FAILED', 'CANCELED', 'ACTION_REQUIRED'] as const;
export const PlatformPaymentsBalanceTransactionPayoutStatus = enumOf(TRANSACTION_PAYOUT_STATUS_VALUES);
registerEnumType(PlatformPaymentsBalanceTransactionPayoutStatus, {
  registerIn: () => AdminSchema,
  name: 'PlatformPaymentsBalanceTransactionPayoutStatus',
  description: 'The payout status of a balance transaction: PENDING until a payout takes it.',
});

export const PAYOUT_TRANSACTION_TYPE_VALUES = ['DEPOSIT', 'WITHDRAWAL'] as const;
export const PlatformPaymentsPayoutTransactionType = enumOf(PAYOUT_TRANSACTION_TYPE_VALUES);
registerEnumType(PlatformPaymentsPayoutTransactionType, { registerIn: () => AdminSchema, name: 'PlatformPaymentsPayoutTransactionType', description: 'Which way a payout moves money.' });

@ObjectType('PlatformPaymentsBalanceTransactionAssociatedPayout', { registerIn: () => AdminSchema, description: 'The payout a balance transaction belongs to; both fields null while it is pending.' })
export class AdminAssociatedPayout {
  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field(() => PlatformPaymentsBalanceTransactionPayoutStatus, { nullable: true })
  status!: string | null;
}

@ObjectType('PlatformPaymentsAssociatedOrder', { registerIn: () => AdminSchema, description: 'The order a balance transaction came from.' })
export class AdminAssociatedOrder {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;
}

@ObjectType('PlatformPaymentsBalanceTransaction', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: 'One movement of money in the payments account.' })
export class AdminBalanceTransaction {
  __typename!: 'PlatformPaymentsBalanceTransaction';
  readonly record!: BalanceTransactionRecord;

  @Field(() => ID)
  id!: string;

  @Field(() => MoneyV2, { description: 'Gross: negative for money going out.' })
  amount!: MoneyV2;

  @Field(() => MoneyV2)
  fee!: MoneyV2;

  @Field(() => MoneyV2, { description: 'amount − fee.' })
  net!: MoneyV2;

  @Field(() => PlatformPaymentsTransactionType)
  type!: string;

  @Field()
  test!: boolean;

  @Field(() => GraphQLISODateTime, { description: 'When it was processed.' })
  transactionDate!: Date;

  @Field(() => AdminAssociatedPayout)
  associatedPayout!: AdminAssociatedPayout;

  @Field(() => PlatformPaymentsSourceType, { nullable: true })
  sourceType!: string | null;

  @Field(() => BigIntScalar, { nullable: true })
  sourceId!: string | null;

  @Field(() => BigIntScalar, { nullable: true })
  sourceOrderTransactionId!: string | null;

  @Field(() => String, { nullable: true, description: 'Why an operator adjusted the balance; null for other types.' })
  adjustmentReason!: string | null;
}

@ObjectType('PlatformPaymentsPayout', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: 'Money moved between the balance and the bank account.' })
export class AdminPayout {
  __typename!: 'PlatformPaymentsPayout';

  @Field(() => ID)
  id!: string;

  @Field(() => BigIntScalar, { description: 'The id of the payout on the REST API.' })
  legacyResourceId!: string;

  @Field(() => GraphQLISODateTime, { description: 'When it was issued: it holds the transactions pending then.' })
  issuedAt!: Date;

  @Field(() => MoneyV2, { description: 'The sum of the nets of its transactions.' })
  net!: MoneyV2;

  @Field(() => PlatformPaymentsPayoutStatus)
  status!: string;

  @Field(() => PlatformPaymentsPayoutTransactionType)
  transactionType!: string;
}

@ObjectType('PlatformPaymentsBalanceTransactionConnection', { registerIn: () => AdminSchema })
export class AdminBalanceTransactionConnection extends ConnectionType(AdminBalanceTransaction, 'PlatformPaymentsBalanceTransaction', () => AdminSchema) {}

@ObjectType('PlatformPaymentsPayoutConnection', { registerIn: () => AdminSchema })
export class AdminPayoutConnection extends ConnectionType(AdminPayout, 'PlatformPaymentsPayout', () => AdminSchema) {}

@ObjectType('PlatformPaymentsAccount', { registerIn: () => AdminSchema, description: "The shop's payments account: its balance, balance transactions and payouts." })
export class AdminPaymentsAccount {
  @Field(() => ID)
  id!: string;

  @BoundedList({ max: MAX_CURRENCIES, withParent: true })
  @Field(() => [MoneyV2], { description: 'Per currency: the nets of live transactions not yet in a payout.' })
  balance!: MoneyV2[];
}
