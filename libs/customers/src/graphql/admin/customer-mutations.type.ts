import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, AdminUserError, BoundedList, MAX_FIELD_PATH, MAX_USER_ERRORS, UrlScalar, enumOf } from '@platform/graphql-types';
import { AdminCustomer } from './customer.type.js';


// The hosted names of the codes of the mutations that have their own error type.
export const CONSENT_ERROR_CODES = ['INCLUSION', 'INTERNAL_ERROR', 'INVALID', 'MISSING_ARGUMENT'] as const;
export type ConsentErrorCodeValue = (typeof CONSENT_ERROR_CODES)[number];
export const CustomerEmailMarketingConsentUpdateUserErrorCode = enumOf(CONSENT_ERROR_CODES);
registerEnumType(CustomerEmailMarketingConsentUpdateUserErrorCode, { registerIn: () => AdminSchema, name: 'CustomerEmailMarketingConsentUpdateUserErrorCode' });
export const CustomerSmsMarketingConsentErrorCode = enumOf(CONSENT_ERROR_CODES);
registerEnumType(CustomerSmsMarketingConsentErrorCode, { registerIn: () => AdminSchema, name: 'CustomerSmsMarketingConsentErrorCode' });

export const INVITE_ERROR_CODES = ['INVALID'] as const;
export type InviteErrorCodeValue = (typeof INVITE_ERROR_CODES)[number];
export const CustomerSendAccountInviteEmailUserErrorCode = enumOf(INVITE_ERROR_CODES);
registerEnumType(CustomerSendAccountInviteEmailUserErrorCode, { registerIn: () => AdminSchema, name: 'CustomerSendAccountInviteEmailUserErrorCode' });

@ObjectType('CustomerEmailMarketingConsentUpdateUserError', { registerIn: () => AdminSchema })
export class EmailConsentUserError {
  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true })
  field!: string[] | null;

  @Field()
  message!: string;

  @Field(() => CustomerEmailMarketingConsentUpdateUserErrorCode, { nullable: true })
  code!: ConsentErrorCodeValue | null;
}

@ObjectType('CustomerSmsMarketingConsentError', { registerIn: () => AdminSchema })
export class SmsConsentUserError {
  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true })
  field!: string[] | null;

  @Field()
  message!: string;

  @Field(() => CustomerSmsMarketingConsentErrorCode, { nullable: true })
  code!: ConsentErrorCodeValue | null;
}

@ObjectType('CustomerSendAccountInviteEmailUserError', { registerIn: () => AdminSchema })
export class InviteUserError {
  @BoundedList({ max: MAX_FIELD_PATH, withParent: true })
  @Field(() => [String], { nullable: true })
  field!: string[] | null;

  @Field()
  message!: string;

  @Field(() => CustomerSendAccountInviteEmailUserErrorCode, { nullable: true })
  code!: InviteErrorCodeValue | null;
}

@ObjectType('CustomerCreatePayload', { registerIn: () => AdminSchema })
export class CustomerCreatePayload {
  @Field(() => AdminCustomer, { nullable: true })
  customer!: AdminCustomer | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('CustomerUpdatePayload', { registerIn: () => AdminSchema })
export class CustomerUpdatePayload {
  @Field(() => AdminCustomer, { nullable: true })
  customer!: AdminCustomer | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('CustomerDeletePayload', { registerIn: () => AdminSchema })
export class CustomerDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedCustomerId!: string | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('CustomerGenerateAccountActivationUrlPayload', { registerIn: () => AdminSchema })
export class CustomerGenerateAccountActivationUrlPayload {
  @Field(() => UrlScalar, { nullable: true, description: 'One-time, valid 30 days; a new one invalidates the previous.' })
  accountActivationUrl!: string | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [AdminUserError])
  userErrors!: AdminUserError[];
}

@ObjectType('CustomerSendAccountInviteEmailPayload', { registerIn: () => AdminSchema })
export class CustomerSendAccountInviteEmailPayload {
  @Field(() => AdminCustomer, { nullable: true })
  customer!: AdminCustomer | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [InviteUserError])
  userErrors!: InviteUserError[];
}

@ObjectType('CustomerEmailMarketingConsentUpdatePayload', { registerIn: () => AdminSchema })
export class CustomerEmailMarketingConsentUpdatePayload {
  @Field(() => AdminCustomer, { nullable: true })
  customer!: AdminCustomer | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [EmailConsentUserError])
  userErrors!: EmailConsentUserError[];
}

@ObjectType('CustomerSmsMarketingConsentUpdatePayload', { registerIn: () => AdminSchema })
export class CustomerSmsMarketingConsentUpdatePayload {
  @Field(() => AdminCustomer, { nullable: true })
  customer!: AdminCustomer | null;

  @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
  @Field(() => [SmsConsentUserError])
  userErrors!: SmsConsentUserError[];
}
