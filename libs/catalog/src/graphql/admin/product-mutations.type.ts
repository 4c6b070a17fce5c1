import { Field, ID, ObjectType } from '@nestjs/graphql';
import { AdminSchema, AdminUserError, BoundedList, MAX_USER_ERRORS } from '@platform/graphql-types';
import { AdminProduct, AdminPublishable } from './product.type.js';

// The payloads of the product mutations, by the hosted names; their userErrors are the plain `UserError`.

@ObjectType('ProductCreatePayload', { registerIn: () => AdminSchema })
export class ProductCreatePayload {
  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('ProductUpdatePayload', { registerIn: () => AdminSchema })
export class ProductUpdatePayload {
  @Field(() => AdminProduct, { nullable: true })
  product!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('ProductDeletePayload', { registerIn: () => AdminSchema })
export class ProductDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedProductId!: string | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('PublishablePublishPayload', { registerIn: () => AdminSchema })
export class PublishablePublishPayload {
  @Field(() => AdminPublishable, { nullable: true })
  publishable!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('PublishableUnpublishPayload', { registerIn: () => AdminSchema })
export class PublishableUnpublishPayload {
  @Field(() => AdminPublishable, { nullable: true })
  publishable!: AdminProduct | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}
