import { Field, ObjectType } from '@nestjs/graphql';
import { AdminSchema, BoundedList, MAX_USER_ERRORS, codedUserErrorType } from '@platform/graphql-types';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { AdminProduct } from './product.type.js';
import { AdminProductVariant } from './variant.type.js';

// The payloads of the bulk variant mutations and their userErrors, each with the hosted code enum (docs/decisions.md
// names the two codes we add: OPTION_DOES_NOT_EXIST and TOO_MANY_VARIANTS on create).

export const BULK_CREATE_CODES = [
  'GREATER_THAN_OR_EQUAL_TO',
  'INVALID',
  'INVALID_INPUT',
  'MUST_BE_FOR_THIS_PRODUCT',
  'NEED_TO_ADD_OPTION_VALUES',
  'NEGATIVE_PRICE_VALUE',
  'NO_KEY_ON_CREATE',
  'OPTION_DOES_NOT_EXIST',
  'OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS',
  'PRODUCT_DOES_NOT_EXIST',
  'TOO_MANY_VARIANTS',
  'VARIANT_ALREADY_EXISTS',
] as const;
export const BULK_UPDATE_CODES = [
  'GREATER_THAN_OR_EQUAL_TO',
  'INVALID_INPUT',
  'MUST_BE_FOR_THIS_PRODUCT',
  'NEED_TO_ADD_OPTION_VALUES',
  'NEGATIVE_PRICE_VALUE',
  'OPTION_DOES_NOT_EXIST',
  'OPTION_VALUES_FOR_NUMBER_OF_UNKNOWN_OPTIONS',
  'PRODUCT_DOES_NOT_EXIST',
  'PRODUCT_VARIANT_DOES_NOT_EXIST',
  'PRODUCT_VARIANT_ID_MISSING',
  'VARIANT_ALREADY_EXISTS',
] as const;
export const BULK_DELETE_CODES = ['AT_LEAST_ONE_VARIANT_DOES_NOT_BELONG_TO_THE_PRODUCT', 'CANNOT_DELETE_LAST_VARIANT', 'PRODUCT_DOES_NOT_EXIST'] as const;
export type BulkCreateCode = (typeof BULK_CREATE_CODES)[number];
export type BulkUpdateCode = (typeof BULK_UPDATE_CODES)[number];
export type BulkDeleteCode = (typeof BULK_DELETE_CODES)[number];

export const ProductVariantsBulkCreateUserError = codedUserErrorType('ProductVariantsBulkCreateUserError', BULK_CREATE_CODES);
export const ProductVariantsBulkUpdateUserError = codedUserErrorType('ProductVariantsBulkUpdateUserError', BULK_UPDATE_CODES);
export const ProductVariantsBulkDeleteUserError = codedUserErrorType('ProductVariantsBulkDeleteUserError', BULK_DELETE_CODES);

@ObjectType('ProductVariantsBulkCreatePayload', { registerIn: () => AdminSchema })
export class ProductVariantsBulkCreatePayload {
  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, withParent: true })
  @Field(() => [AdminProductVariant], { nullable: true, description: 'The variants created, in the order given.' })
  productVariants!: AdminProductVariant[] | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [ProductVariantsBulkCreateUserError])
  userErrors!: InstanceType<typeof ProductVariantsBulkCreateUserError>[];
}

@ObjectType('ProductVariantsBulkUpdatePayload', { registerIn: () => AdminSchema })
export class ProductVariantsBulkUpdatePayload {
  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, withParent: true })
  @Field(() => [AdminProductVariant], { nullable: true, description: 'The variants changed, in the order given.' })
  productVariants!: AdminProductVariant[] | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [ProductVariantsBulkUpdateUserError])
  userErrors!: InstanceType<typeof ProductVariantsBulkUpdateUserError>[];
}

@ObjectType('ProductVariantsBulkDeletePayload', { registerIn: () => AdminSchema })
export class ProductVariantsBulkDeletePayload {
  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [ProductVariantsBulkDeleteUserError])
  userErrors!: InstanceType<typeof ProductVariantsBulkDeleteUserError>[];
}
