import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { BoundedList, MAX_FIELD_PATH } from '../list-bound.js';
import { AdminSchema } from '../schema-modules.js';
import { enumOf } from './enum-of.js';

// The hosted admin schema's UserError has no code; ours adds one (docs/decisions.md), so every payload answers
// `userErrors { field message code }`. One type for every context's mutations (customers and orders now, the
// catalog next), so none imports another for it.
export const USER_ERROR_CODES = [
  'ALREADY_ENABLED',
  'BLANK',
  'CONTAINS_HTML_TAGS',
  'CONTAINS_URL',
  'HAS_ORDERS',
  'INVALID',
  'NOT_FOUND',
  'PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE',
  'TAKEN',
  'TOO_LONG',
  'TOO_SHORT',
] as const;
export type UserErrorCodeValue = (typeof USER_ERROR_CODES)[number];
export const UserErrorCode = enumOf(USER_ERROR_CODES);
registerEnumType(UserErrorCode, { registerIn: () => AdminSchema, name: 'UserErrorCode', description: 'Why a mutation refused its input.' });

@ObjectType('UserError', { registerIn: () => AdminSchema, description: 'An input problem of a mutation; nothing was written.' })
export class AdminUserError {
  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true, description: 'Path to the input field at fault.' })
  field!: string[] | null;

  @Field()
  message!: string;

  @Field(() => UserErrorCode, { nullable: true })
  code!: UserErrorCodeValue | null;
}
