import type { Type } from '@nestjs/common';
import { Field, GraphQLISODateTime, ID, Int, ObjectType, createUnionType, registerEnumType } from '@nestjs/graphql';
import { StorefrontProductVariant } from '@platform/catalog';
import { Attribute, BoundedList, ConnectionType, MAX_FIELD_PATH, StorefrontSchema, UrlScalar, enumOf } from '@platform/graphql-types';
import { CountryCode } from '@platform/locale';
import { MoneyV2 } from '@platform/money';
import type { CartCost, CartLineRecord, CartRecord } from '../../cart.records.js';
import { MAX_ATTRIBUTES } from '@platform/errors';

// The hosted schema's CartErrorCode and CartWarningCode enums, every value whether or not this platform reports it
// (the presenter maps the cart context's codes onto CartErrorCode).
const CART_ERROR_CODE_VALUES = [
  'ADDRESS_FIELD_CONTAINS_EMOJIS',
  'ADDRESS_FIELD_CONTAINS_HTML_TAGS',
  'ADDRESS_FIELD_CONTAINS_URL',
  'ADDRESS_FIELD_DOES_NOT_MATCH_EXPECTED_PATTERN',
  'ADDRESS_FIELD_IS_REQUIRED',
  'ADDRESS_FIELD_IS_TOO_LONG',
  'BUNDLES_AND_ADDONS_CANNOT_BE_MIXED',
  'BUYER_CANNOT_PURCHASE_FOR_COMPANY_LOCATION',
  'CART_TOO_LARGE',
  'GIFT_CARD_RECIPIENT_INVALID',
  'INVALID',
  'INVALID_COMPANY_LOCATION',
  'INVALID_DELIVERY_ADDRESS_ID',
  'INVALID_DELIVERY_GROUP',
  'INVALID_DELIVERY_OPTION',
  'INVALID_INCREMENT',
  'INVALID_MERCHANDISE_LINE',
  'INVALID_METAFIELDS',
  'INVALID_ZIP_CODE_FOR_COUNTRY',
  'INVALID_ZIP_CODE_FOR_PROVINCE',
  'LESS_THAN',
  'MAXIMUM_EXCEEDED',
  'MERCHANDISE_LINE_TRANSFORMERS_RUN_ERROR',
  'MERCHANDISE_NOT_APPLICABLE',
  'MINIMUM_NOT_MET',
  'MISSING_CUSTOMER_ACCESS_TOKEN',
  'MISSING_DISCOUNT_CODE',
  'MISSING_NOTE',
  'NOTE_TOO_LONG',
  'ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED',
  'PARENT_LINE_INVALID_REFERENCE',
  'PARENT_LINE_NESTING_TOO_DEEP',
  'PARENT_LINE_NOT_FOUND',
  'PARENT_LINE_OPERATION_BLOCKED',
  'PENDING_DELIVERY_GROUPS',
  'PROVINCE_NOT_FOUND',
  'SELLING_PLAN_NOT_APPLICABLE',
  'SERVICE_UNAVAILABLE',
  'TOO_MANY_DELIVERY_ADDRESSES',
  'UNSPECIFIED_ADDRESS_ERROR',
  'VALIDATION_CUSTOM',
  'VARIANT_REQUIRES_SELLING_PLAN',
  'ZIP_CODE_NOT_SUPPORTED',
] as const;
export type CartErrorCodeValue = (typeof CART_ERROR_CODE_VALUES)[number];
export const CartErrorCode = enumOf(CART_ERROR_CODE_VALUES);
registerEnumType(CartErrorCode, { registerIn: () => StorefrontSchema, name: 'CartErrorCode', description: 'Why a cart mutation failed.' });

const CART_WARNING_CODE_VALUES = [
  'DISCOUNT_CODE_NOT_HONOURED',
  'DISCOUNT_CURRENTLY_INACTIVE',
  'DISCOUNT_NOT_FOUND',
  'DISCOUNT_PURCHASE_NOT_IN_RANGE',
  'DISCOUNT_USAGE_LIMIT_REACHED',
  'MERCHANDISE_NOT_ENOUGH_STOCK',
  'MERCHANDISE_OUT_OF_STOCK',
] as const;
export type CartWarningCodeValue = (typeof CART_WARNING_CODE_VALUES)[number];
export const CartWarningCode = enumOf(CART_WARNING_CODE_VALUES);
registerEnumType(CartWarningCode, { registerIn: () => StorefrontSchema, name: 'CartWarningCode', description: 'What a cart warning is about.' });

@ObjectType('CartUserError', { registerIn: () => StorefrontSchema, description: 'An expected failure of a cart mutation: nothing was changed.' })
export class CartUserError {
  @Field(() => CartErrorCode, { nullable: true })
  code!: CartErrorCodeValue | null;

  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true, description: 'Path to the input field at fault.' })
  field!: string[] | null;

  @Field()
  message!: string;
}

@ObjectType('CartWarning', { registerIn: () => StorefrontSchema, description: 'Something the buyer should know about a change that was made.' })
export class CartWarning {
  @Field(() => CartWarningCode)
  code!: CartWarningCodeValue;

  @Field()
  message!: string;

  @Field(() => ID, { description: 'The object the warning is about.' })
  target!: string;
}

@ObjectType('CartDiscountCode', { registerIn: () => StorefrontSchema, description: 'A code entered on the cart and whether it applies to it.' })
export class CartDiscountCode {
  @Field({ description: 'Whether the code applies to the cart now (an unknown, expired or used-up code does not).' })
  applicable!: boolean;

  @Field()
  code!: string;
}

@ObjectType('CartBuyerIdentity', { registerIn: () => StorefrontSchema, description: 'Who buys: contact details, country and customer.' })
export class CartBuyerIdentity {
  @Field(() => CountryCode, { nullable: true, description: "The buyer's country: the cart's market and currency." })
  countryCode!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  // customer: a resolved field (the customers context's type).
  customerId!: number | null;
}

@ObjectType('CartCost', { registerIn: () => StorefrontSchema, description: "The cart's money in its currency, exact." })
export class StorefrontCartCost {
  @Field(() => MoneyV2, { description: 'Before cart-level discounts and taxes.' })
  subtotalAmount!: MoneyV2;

  @Field({ description: 'Whether the subtotal is an estimate.' })
  subtotalAmountEstimated!: boolean;

  @Field(() => MoneyV2, { description: 'What the buyer pays: subtotal less the discount, plus taxes and duties.' })
  totalAmount!: MoneyV2;

  @Field()
  totalAmountEstimated!: boolean;

  @Field(() => MoneyV2, { description: 'What is due at checkout.' })
  checkoutChargeAmount!: MoneyV2;

  @Field(() => MoneyV2, { nullable: true, description: 'Taxes (none: the platform charges no tax yet).' })
  totalTaxAmount!: MoneyV2 | null;

  @Field()
  totalTaxAmountEstimated!: boolean;

  @Field(() => MoneyV2, { nullable: true, description: 'Duties (none).' })
  totalDutyAmount!: MoneyV2 | null;

  @Field()
  totalDutyAmountEstimated!: boolean;
}

@ObjectType('CartLineCost', { registerIn: () => StorefrontSchema, description: "A line's money in the cart's currency." })
export class CartLineCost {
  @Field(() => MoneyV2, { description: 'The price of one unit.' })
  amountPerQuantity!: MoneyV2;

  @Field(() => MoneyV2, { nullable: true, description: 'The compare-at price of one unit.' })
  compareAtAmountPerQuantity!: MoneyV2 | null;

  @Field(() => MoneyV2, { description: 'Unit price × quantity, before cart-level discounts.' })
  subtotalAmount!: MoneyV2;

  @Field(() => MoneyV2, { description: 'Unit price × quantity (discounts apply to the cart as a whole).' })
  totalAmount!: MoneyV2;
}

export const Merchandise = createUnionType({
  name: 'Merchandise',
  description: 'What a cart line buys: a product variant.',
  registerIn: () => StorefrontSchema,
  types: () => [StorefrontProductVariant] as const,
  resolveType: () => 'ProductVariant',
});

@ObjectType('CartLine', { registerIn: () => StorefrontSchema, description: 'A variant in the cart and how many.' })
export class StorefrontCartLine {
  @Field(() => ID)
  id!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => CartLineCost)
  cost!: CartLineCost;

  @BoundedList({ max: MAX_ATTRIBUTES, withParent: true })
  @Field(() => [Attribute], { description: "The line's attributes, sorted by key (lines merge only with equal variant and attributes)." })
  attributes!: Attribute[];

  // merchandise: a resolved field (the catalog's variant).
  record!: CartLineRecord;
}

@ObjectType('BaseCartLineConnection', { registerIn: () => StorefrontSchema })
export class StorefrontCartLineConnection extends ConnectionType(StorefrontCartLine as Type<StorefrontCartLine>, 'BaseCartLine', () => StorefrontSchema) {}

@ObjectType('Cart', { registerIn: () => StorefrontSchema, description: "A buyer's cart: lines, buyer, discount codes and cost, until checkout." })
export class StorefrontCart {
  @Field(() => ID, { description: 'The cart\'s id, with the key that gives access to it: keep it secret.' })
  id!: string;

  @Field(() => UrlScalar, { description: 'The hosted checkout of this cart.' })
  checkoutUrl!: string;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @Field(() => Int, { description: 'Units in the cart.' })
  totalQuantity!: number;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @BoundedList({ max: MAX_ATTRIBUTES, withParent: true })
  @Field(() => [Attribute])
  attributes!: Attribute[];

  @Field(() => CartBuyerIdentity)
  buyerIdentity!: CartBuyerIdentity;

  record!: CartRecord;
  /** Computed once per cart value, when a field needs it. */
  costOf?: CartCost;
}
