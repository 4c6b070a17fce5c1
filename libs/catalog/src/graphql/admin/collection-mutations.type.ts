import { Field, ID, ObjectType } from '@nestjs/graphql';
import { AdminJob, AdminSchema, AdminUserError, BoundedList, MAX_USER_ERRORS } from '@platform/graphql-types';
import { AdminCollection } from './collection.type.js';

// The payloads of the collection mutations, by the hosted names; their userErrors are the plain `UserError`.

@ObjectType('CollectionCreatePayload', { registerIn: () => AdminSchema })
export class CollectionCreatePayload {
  @Field(() => AdminCollection, { nullable: true })
  collection!: AdminCollection | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('CollectionUpdatePayload', { registerIn: () => AdminSchema })
export class CollectionUpdatePayload {
  @Field(() => AdminCollection, { nullable: true })
  collection!: AdminCollection | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('CollectionDeletePayload', { registerIn: () => AdminSchema })
export class CollectionDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedCollectionId!: string | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('CollectionAddProductsPayload', { registerIn: () => AdminSchema })
export class CollectionAddProductsPayload {
  @Field(() => AdminCollection, { nullable: true })
  collection!: AdminCollection | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('CollectionRemoveProductsPayload', { registerIn: () => AdminSchema })
export class CollectionRemoveProductsPayload {
  @Field(() => AdminJob, { nullable: true, description: 'The removal, already done.' })
  job!: AdminJob | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('CollectionReorderProductsPayload', { registerIn: () => AdminSchema })
export class CollectionReorderProductsPayload {
  @Field(() => AdminJob, { nullable: true, description: 'The reordering, already done.' })
  job!: AdminJob | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}
