import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { AdminSchema, AdminUserError, BoundedList, MAX_FIELD_PATH, MAX_USER_ERRORS, enumOf } from '@platform/graphql-types';
import { MAX_METAFIELDS_SET } from '../../metafield.rules.js';
import { AdminMetafield } from './metafield.type.js';

// The hosted codes of metafieldsSet's own error type, all of them, though some name checks the platform has no
// cause for (app-owned definitions, capabilities).
export const METAFIELDS_SET_ERROR_CODES = [
  'APP_NOT_AUTHORIZED',
  'BLANK',
  'CAPABILITY_VIOLATION',
  'INCLUSION',
  'INTERNAL_ERROR',
  'INVALID',
  'INVALID_COMPARE_DIGEST',
  'INVALID_TYPE',
  'INVALID_VALUE',
  'LESS_THAN_OR_EQUAL_TO',
  'PRESENT',
  'STALE_OBJECT',
  'TAKEN',
  'TOO_LONG',
  'TOO_SHORT',
] as const;
export type MetafieldsSetErrorCodeValue = (typeof METAFIELDS_SET_ERROR_CODES)[number];
export const MetafieldsSetUserErrorCode = enumOf(METAFIELDS_SET_ERROR_CODES);
registerEnumType(MetafieldsSetUserErrorCode, { registerIn: () => AdminSchema, name: 'MetafieldsSetUserErrorCode', description: 'Why `metafieldsSet` refused its input.' });

@ObjectType('MetafieldsSetUserError', { registerIn: () => AdminSchema, description: 'A problem with a metafield to set; nothing was written.' })
export class MetafieldsSetUserError {
  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true, description: 'Path to the input field at fault.' })
  field!: string[] | null;

  @Field()
  message!: string;

  @Field(() => MetafieldsSetUserErrorCode, { nullable: true })
  code!: MetafieldsSetErrorCodeValue | null;

  @Field(() => Int, { nullable: true, description: 'The index of the metafield of the input at fault.' })
  elementIndex!: number | null;
}

@ObjectType('MetafieldsSetPayload', { registerIn: () => AdminSchema })
export class MetafieldsSetPayload {
  @BoundedList({ max: MAX_METAFIELDS_SET, withParent: true })
  @Field(() => [AdminMetafield], { nullable: true, description: 'The metafields as set, in the order given; null when nothing was written.' })
  metafields!: AdminMetafield[] | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [MetafieldsSetUserError])
  userErrors!: MetafieldsSetUserError[];
}

@ObjectType('MetafieldIdentifier', { registerIn: () => AdminSchema, description: 'A metafield by the resource it belongs to, its namespace and key.' })
export class AdminMetafieldIdentifier {
  @Field(() => ID)
  ownerId!: string;

  @Field()
  namespace!: string;

  @Field()
  key!: string;
}

@ObjectType('MetafieldsDeletePayload', { registerIn: () => AdminSchema })
export class MetafieldsDeletePayload {
  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, withParent: true })
  @Field(() => [AdminMetafieldIdentifier], { nullable: 'itemsAndList', description: 'The metafields deleted, in the order given; null for one that did not exist.' })
  deletedMetafields!: (AdminMetafieldIdentifier | null)[] | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}
