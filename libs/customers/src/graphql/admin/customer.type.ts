import { Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { AdminNode, AdminSchema, BoundedList, ConnectionType, UnsignedInt64Scalar, enumOf } from '@platform/graphql-types';
import { CountryCode } from '@platform/locale';
import { MoneyV2 } from '@platform/money';
import type { AddressRecord, CustomerDetailRecord, CustomerSummaryRecord } from '../../customer.records.js';
import { MAX_TAGS } from '@platform/errors';
import { TAX_EXEMPTIONS_MAX } from '../../customer-input.rules.js';


// The hosted admin schema's enums, by its names; the presenter maps the domain's lowercase values onto them.

export const CUSTOMER_STATE_VALUES = ['DECLINED', 'DISABLED', 'ENABLED', 'INVITED'] as const;
export const CustomerState = enumOf(CUSTOMER_STATE_VALUES);
registerEnumType(CustomerState, { registerIn: () => AdminSchema, name: 'CustomerState', description: "Where the customer's account stands." });

export const EMAIL_MARKETING_STATES = ['INVALID', 'NOT_SUBSCRIBED', 'PENDING', 'REDACTED', 'SUBSCRIBED', 'UNSUBSCRIBED'] as const;
export const CustomerEmailMarketingState = enumOf(EMAIL_MARKETING_STATES);
registerEnumType(CustomerEmailMarketingState, { registerIn: () => AdminSchema, name: 'CustomerEmailMarketingState', description: 'Whether the customer receives marketing email.' });

export const SMS_MARKETING_STATES = ['NOT_SUBSCRIBED', 'PENDING', 'REDACTED', 'SUBSCRIBED', 'UNSUBSCRIBED'] as const;
export const CustomerSmsMarketingState = enumOf(SMS_MARKETING_STATES);
registerEnumType(CustomerSmsMarketingState, { registerIn: () => AdminSchema, name: 'CustomerSmsMarketingState', description: 'Whether the customer receives marketing SMS.' });

export const OPT_IN_LEVELS = ['CONFIRMED_OPT_IN', 'SINGLE_OPT_IN', 'UNKNOWN'] as const;
export const CustomerMarketingOptInLevel = enumOf(OPT_IN_LEVELS);
registerEnumType(CustomerMarketingOptInLevel, { registerIn: () => AdminSchema, name: 'CustomerMarketingOptInLevel', description: 'How the customer opted in.' });

export const CONSENT_SOURCES = ['OTHER', 'PLATFORM'] as const;
export const CustomerConsentCollectedFrom = enumOf(CONSENT_SOURCES);
registerEnumType(CustomerConsentCollectedFrom, { registerIn: () => AdminSchema, name: 'CustomerConsentCollectedFrom', description: 'Where SMS consent was given.' });

@ObjectType('CustomerEmailMarketingConsentState', { registerIn: () => AdminSchema, description: "The customer's consent to marketing email." })
export class AdminEmailMarketingConsent {
  @Field(() => CustomerEmailMarketingState)
  marketingState!: string;

  @Field(() => CustomerMarketingOptInLevel, { nullable: true })
  marketingOptInLevel!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the state last changed.' })
  consentUpdatedAt!: Date | null;
}

@ObjectType('CustomerSmsMarketingConsentState', { registerIn: () => AdminSchema, description: "The customer's consent to marketing SMS." })
export class AdminSmsMarketingConsent {
  @Field(() => CustomerSmsMarketingState)
  marketingState!: string;

  @Field(() => CustomerMarketingOptInLevel)
  marketingOptInLevel!: string;

  @Field(() => GraphQLISODateTime, { nullable: true })
  consentUpdatedAt!: Date | null;

  @Field(() => CustomerConsentCollectedFrom, { nullable: true })
  consentCollectedFrom!: string | null;
}

@ObjectType('MailingAddress', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: 'A postal address of a customer.' })
export class AdminMailingAddress {
  __typename!: 'MailingAddress';

  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  address1!: string | null;

  @Field(() => String, { nullable: true })
  address2!: string | null;

  @Field(() => String, { nullable: true })
  city!: string | null;

  @Field(() => String, { nullable: true })
  company!: string | null;

  @Field(() => String, { nullable: true })
  country!: string | null;

  @Field(() => CountryCode, { nullable: true, description: 'The two-letter code of the country (e.g. `US`).' })
  countryCodeV2!: string | null;

  @Field(() => String, { nullable: true })
  firstName!: string | null;

  @Field(() => String, { nullable: true })
  lastName!: string | null;

  @Field(() => String, { nullable: true, description: 'First and last name together.' })
  name!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => String, { nullable: true })
  province!: string | null;

  @Field(() => String, { nullable: true, description: 'The code of the province or state (e.g. `ON`).' })
  provinceCode!: string | null;

  @Field(() => String, { nullable: true })
  zip!: string | null;

  @Field(() => String, { nullable: true, description: 'City, province and country, comma separated.' })
  formattedArea!: string | null;

  record!: AddressRecord;
}

@ObjectType('Customer', { registerIn: () => AdminSchema, implements: () => [AdminNode], description: 'A buyer of the shop, as the merchant sees them.' })
export class AdminCustomer {
  __typename!: 'Customer';

  @Field(() => ID)
  id!: string;

  @Field(() => UnsignedInt64Scalar, { description: 'The id of the customer in the REST API.' })
  legacyResourceId!: string;

  @Field(() => String, { nullable: true })
  firstName!: string | null;

  @Field(() => String, { nullable: true })
  lastName!: string | null;

  @Field({ description: "The customer's name, else email, else phone." })
  displayName!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true, description: 'In E.164 format.' })
  phone!: string | null;

  @Field(() => CustomerState)
  state!: string;

  @Field(() => String, { nullable: true, description: "The merchant's note about the customer." })
  note!: string | null;

  @Field({ description: 'Whether the customer confirmed their email address.' })
  verifiedEmail!: boolean;

  @Field({ description: 'Whether the customer is exempt from taxes.' })
  taxExempt!: boolean;

  @BoundedList({ max: TAX_EXEMPTIONS_MAX, withParent: true })
  @Field(() => [String], { description: 'The tax exemptions the customer holds (e.g. `CA_STATUS_CARD_EXEMPTION`).' })
  taxExemptions!: string[];

  @BoundedList({ max: MAX_TAGS, withParent: true })
  @Field(() => [String])
  tags!: string[];

  @Field(() => UnsignedInt64Scalar, { description: 'How many orders the customer has placed.' })
  numberOfOrders!: string;

  @Field(() => MoneyV2, { description: 'The total the customer has spent, in the currency of their last paid order (else the shop\'s).' })
  amountSpent!: MoneyV2;

  @Field(() => AdminEmailMarketingConsent, { nullable: true, description: 'Null when the customer has no email address.' })
  emailMarketingConsent!: AdminEmailMarketingConsent | null;

  @Field(() => AdminSmsMarketingConsent, { nullable: true, description: 'Null when the customer never gave or refused SMS consent.' })
  smsMarketingConsent!: AdminSmsMarketingConsent | null;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  /**
   * What the view was made from; `addresses` reads the customer's addresses by its id, and so does `defaultAddress`
   * unless the record has it (a customer read or written alone).
   */
  record!: CustomerSummaryRecord | CustomerDetailRecord;
}

@ObjectType('CustomerConnection', { registerIn: () => AdminSchema })
export class AdminCustomerConnection extends ConnectionType(AdminCustomer, 'Customer', () => AdminSchema) {}
