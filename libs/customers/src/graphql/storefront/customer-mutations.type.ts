import { Field, GraphQLISODateTime, ObjectType, registerEnumType } from '@nestjs/graphql';
import { BoundedList, MAX_FIELD_PATH, MAX_USER_ERRORS, StorefrontSchema, enumOf } from '@platform/graphql-types';
import { StorefrontCustomer } from './customer.type.js';

// The hosted schema's CustomerErrorCode enum, every value whether or not this platform reports it
// (the presenter maps the customers context's codes onto it).
const CUSTOMER_ERROR_CODE_VALUES = [
  'ALREADY_ENABLED',
  'BAD_DOMAIN',
  'BLANK',
  'CONTAINS_HTML_TAGS',
  'CONTAINS_URL',
  'CUSTOMER_DISABLED',
  'INVALID',
  'INVALID_MULTIPASS_REQUEST',
  'NOT_FOUND',
  'PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE',
  'TAKEN',
  'TOKEN_INVALID',
  'TOO_LONG',
  'TOO_SHORT',
  'UNIDENTIFIED_CUSTOMER',
] as const;
export type CustomerErrorCodeValue = (typeof CUSTOMER_ERROR_CODE_VALUES)[number];

export const CustomerErrorCode = enumOf(CUSTOMER_ERROR_CODE_VALUES);
registerEnumType(CustomerErrorCode, { registerIn: () => StorefrontSchema, name: 'CustomerErrorCode', description: 'Why a customer mutation failed.' });

@ObjectType('CustomerAccessToken', { registerIn: () => StorefrontSchema, description: "A buyer's login: send it as `customerAccessToken` to read or change the customer." })
export class StorefrontCustomerAccessToken {
  @Field()
  accessToken!: string;

  @Field(() => GraphQLISODateTime, { description: 'When the token stops working unless renewed.' })
  expiresAt!: Date;
}

@ObjectType('CustomerUserError', { registerIn: () => StorefrontSchema, description: 'An expected failure of a customer mutation.' })
export class CustomerUserError {
  @Field(() => CustomerErrorCode, { nullable: true })
  code!: CustomerErrorCodeValue | null;

  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true, description: 'Path to the input field at fault.' })
  field!: string[] | null;

  @Field()
  message!: string;
}

@ObjectType('UserError', { registerIn: () => StorefrontSchema, description: 'An expected failure of a mutation.' })
export class StorefrontUserError {
  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true, description: 'Path to the input field at fault.' })
  field!: string[] | null;

  @Field()
  message!: string;
}

const USE_CUSTOMER_USER_ERRORS = 'Use `customerUserErrors` instead.';

@ObjectType('CustomerAccessTokenCreatePayload', { registerIn: () => StorefrontSchema })
export class CustomerAccessTokenCreatePayload {
  @Field(() => StorefrontCustomerAccessToken, { nullable: true })
  customerAccessToken!: StorefrontCustomerAccessToken | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [CustomerUserError])
  customerUserErrors!: CustomerUserError[];

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [StorefrontUserError], { deprecationReason: USE_CUSTOMER_USER_ERRORS })
  userErrors!: StorefrontUserError[];
}

@ObjectType('CustomerAccessTokenRenewPayload', { registerIn: () => StorefrontSchema })
export class CustomerAccessTokenRenewPayload {
  @Field(() => StorefrontCustomerAccessToken, { nullable: true })
  customerAccessToken!: StorefrontCustomerAccessToken | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [StorefrontUserError])
  userErrors!: StorefrontUserError[];
}

@ObjectType('CustomerAccessTokenDeletePayload', { registerIn: () => StorefrontSchema })
export class CustomerAccessTokenDeletePayload {
  @Field(() => String, { nullable: true, description: 'The token that was deleted.' })
  deletedAccessToken!: string | null;

  @Field(() => String, { nullable: true, description: 'The ID of the deleted token.' })
  deletedCustomerAccessTokenId!: string | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [StorefrontUserError])
  userErrors!: StorefrontUserError[];
}

@ObjectType('CustomerCreatePayload', { registerIn: () => StorefrontSchema })
export class CustomerCreatePayload {
  @Field(() => StorefrontCustomer, { nullable: true })
  customer!: StorefrontCustomer | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [CustomerUserError])
  customerUserErrors!: CustomerUserError[];

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [StorefrontUserError], { deprecationReason: USE_CUSTOMER_USER_ERRORS })
  userErrors!: StorefrontUserError[];
}

@ObjectType('CustomerUpdatePayload', { registerIn: () => StorefrontSchema })
export class CustomerUpdatePayload {
  @Field(() => StorefrontCustomer, { nullable: true })
  customer!: StorefrontCustomer | null;

  @Field(() => StorefrontCustomerAccessToken, { nullable: true, description: 'A new token when the password changed (every older token stops working).' })
  customerAccessToken!: StorefrontCustomerAccessToken | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [CustomerUserError])
  customerUserErrors!: CustomerUserError[];

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [StorefrontUserError], { deprecationReason: USE_CUSTOMER_USER_ERRORS })
  userErrors!: StorefrontUserError[];
}
