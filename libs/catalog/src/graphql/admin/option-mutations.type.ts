import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { MAX_OPTIONS } from '../../product-limits.js';
import { AdminSchema, BoundedList, MAX_USER_ERRORS, codedUserErrorType, enumOf } from '@platform/graphql-types';
import type { OptionErrorCode } from '../../catalog.errors.js';
import { AdminProduct } from './product.type.js';

export const OPTION_VARIANT_STRATEGIES = ['LEAVE_AS_IS', 'CREATE'] as const;
export const ProductOptionCreateVariantStrategy = enumOf(OPTION_VARIANT_STRATEGIES);
registerEnumType(ProductOptionCreateVariantStrategy, {
  registerIn: () => AdminSchema,
  name: 'ProductOptionCreateVariantStrategy',
  description: "LEAVE_AS_IS gives the product's variants each new option's first value; CREATE also makes a variant for every new combination.",
});

export const OPTIONS_CREATE_CODES = [
  'DUPLICATED_OPTION_NAME', 'DUPLICATED_OPTION_VALUE', 'INVALID', 'OPTION_ALREADY_EXISTS', 'OPTION_NAME_MISSING', 'OPTION_NAME_TOO_LONG',
  'OPTION_VALUES_MISSING', 'OPTION_VALUES_OVER_LIMIT', 'OPTION_VALUE_NAME_TOO_LONG', 'OPTIONS_OVER_LIMIT', 'PRODUCT_DOES_NOT_EXIST', 'TOO_MANY_VARIANTS_CREATED',
] as const satisfies readonly OptionErrorCode[];
export const ProductOptionsCreateUserError = codedUserErrorType('ProductOptionsCreateUserError', OPTIONS_CREATE_CODES);

@ObjectType('ProductOptionsCreatePayload', { registerIn: () => AdminSchema })
export class ProductOptionsCreatePayload {
  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [ProductOptionsCreateUserError])
  userErrors!: InstanceType<typeof ProductOptionsCreateUserError>[];
}

export const OPTION_UPDATE_VARIANT_STRATEGIES = ['LEAVE_AS_IS', 'MANAGE'] as const;
export const ProductOptionUpdateVariantStrategy = enumOf(OPTION_UPDATE_VARIANT_STRATEGIES);
registerEnumType(ProductOptionUpdateVariantStrategy, {
  registerIn: () => AdminSchema,
  name: 'ProductOptionUpdateVariantStrategy',
  description: 'LEAVE_AS_IS creates and deletes no variant (deleting a value a variant has is refused); MANAGE makes a variant for each added value with every combination of the other values, and deletes the variants of deleted values.',
});

export const OPTION_UPDATE_CODES = [
  'CANNOT_CREATE_VARIANTS_ABOVE_LIMIT', 'CANNOT_DELETE_ALL_OPTION_VALUES_IN_OPTION', 'CANNOT_LEAVE_OPTIONS_WITHOUT_VARIANTS', 'DUPLICATED_OPTION_VALUE',
  'INVALID_NAME', 'INVALID_POSITION', 'OPTION_ALREADY_EXISTS', 'OPTION_DOES_NOT_EXIST', 'OPTION_NAME_TOO_LONG', 'OPTION_VALUES_OVER_LIMIT',
  'OPTION_VALUE_ALREADY_EXISTS', 'OPTION_VALUE_CONFLICTING_OPERATION', 'OPTION_VALUE_DOES_NOT_EXIST', 'OPTION_VALUE_HAS_VARIANTS',
  'OPTION_VALUE_NAME_TOO_LONG', 'PRODUCT_DOES_NOT_EXIST', 'TOO_MANY_VARIANTS_CREATED',
] as const satisfies readonly OptionErrorCode[];
export const ProductOptionUpdateUserError = codedUserErrorType('ProductOptionUpdateUserError', OPTION_UPDATE_CODES);

@ObjectType('ProductOptionUpdatePayload', { registerIn: () => AdminSchema })
export class ProductOptionUpdatePayload {
  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [ProductOptionUpdateUserError])
  userErrors!: InstanceType<typeof ProductOptionUpdateUserError>[];
}

export const OPTION_DELETE_STRATEGIES = ['DEFAULT', 'NON_DESTRUCTIVE', 'POSITION'] as const;
export const ProductOptionDeleteStrategy = enumOf(OPTION_DELETE_STRATEGIES);
registerEnumType(ProductOptionDeleteStrategy, {
  registerIn: () => AdminSchema,
  name: 'ProductOptionDeleteStrategy',
  description: 'DEFAULT deletes only options with one value; NON_DESTRUCTIVE any option, unless a variant would be deleted; POSITION any option, keeping of variants left with the same values the first by position.',
});

export const OPTIONS_DELETE_CODES = ['CANNOT_DELETE_OPTION_WITH_MULTIPLE_VALUES', 'CANNOT_USE_NON_DESTRUCTIVE_STRATEGY', 'OPTION_DOES_NOT_EXIST', 'PRODUCT_DOES_NOT_EXIST'] as const satisfies readonly OptionErrorCode[];
export const ProductOptionsDeleteUserError = codedUserErrorType('ProductOptionsDeleteUserError', OPTIONS_DELETE_CODES);

@ObjectType('ProductOptionsDeletePayload', { registerIn: () => AdminSchema })
export class ProductOptionsDeletePayload {
  @BoundedList({ max: MAX_OPTIONS, withParent: true })
  @Field(() => [ID], { nullable: true })
  deletedOptionsIds!: string[] | null;

  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [ProductOptionsDeleteUserError])
  userErrors!: InstanceType<typeof ProductOptionsDeleteUserError>[];
}
