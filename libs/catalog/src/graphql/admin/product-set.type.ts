import { Field, ID, InterfaceType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, BoundedList, MAX_USER_ERRORS, codedUserErrorType, enumOf } from '@platform/graphql-types';
import { AdminProduct } from './product.type.js';

// productSet's payload, its operation (synchronous: false) and its errors, by the hosted names. The codes are the
// hosted ones productSet can answer here (docs/decisions.md).

export const PRODUCT_SET_CODES = [
  'DUPLICATED_OPTION_NAME', 'DUPLICATED_OPTION_VALUE', 'GENERIC_ERROR', 'HANDLE_NOT_UNIQUE', 'INPUT_MISMATCH', 'INVALID_INPUT', 'NOT_FOUND',
  'OPTION_DOES_NOT_EXIST', 'OPTION_NAME_MISSING', 'OPTION_VALUES_MISSING', 'OPTIONS_OVER_LIMIT', 'PRODUCT_VARIANT_DOES_NOT_EXIST', 'VARIANT_ALREADY_EXISTS',
  'VARIANTS_OVER_LIMIT',
] as const;
export type ProductSetCode = (typeof PRODUCT_SET_CODES)[number];
export const PRODUCT_OPERATION_STATUSES = ['CREATED', 'ACTIVE', 'COMPLETE'] as const;
export const ProductOperationStatus = enumOf(PRODUCT_OPERATION_STATUSES);
registerEnumType(ProductOperationStatus, { registerIn: () => AdminSchema, name: 'ProductOperationStatus', description: 'CREATED (queued), ACTIVE (running), COMPLETE (done: see product and userErrors).' });

export const ProductSetUserError = codedUserErrorType('ProductSetUserError', PRODUCT_SET_CODES);
type ProductSetUserError = InstanceType<typeof ProductSetUserError>;

@InterfaceType('ProductOperation', { registerIn: () => AdminSchema, resolveType: (value: { __typename: string }) => value.__typename, description: 'Work on a product done in the background.' })
export abstract class AdminProductOperation {
  @Field(() => AdminProduct, { nullable: true, description: 'The product, once the operation made or changed it.' })
  product!: AdminProduct | null;

  @Field(() => ProductOperationStatus)
  status!: string;
}

@ObjectType('ProductSetOperation', { registerIn: () => AdminSchema, implements: () => [AdminNode, AdminProductOperation], description: 'A productSet run in the background (synchronous: false).' })
export class AdminProductSetOperation {
  __typename!: 'ProductSetOperation';

  @Field(() => ID)
  id!: string;

  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @Field(() => ProductOperationStatus)
  status!: string;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [ProductSetUserError], { description: 'Why it changed nothing, once COMPLETE.' })
  userErrors!: ProductSetUserError[];
}

@ObjectType('ProductSetPayload', { registerIn: () => AdminSchema })
export class ProductSetPayload {
  @Field(() => AdminProduct, { nullable: true, description: 'The product, when run synchronously.' })
  product!: AdminProduct | null;

  @Field(() => AdminProductSetOperation, { nullable: true, description: 'The background run, with synchronous: false.' })
  productSetOperation!: AdminProductSetOperation | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [ProductSetUserError])
  userErrors!: ProductSetUserError[];
}
