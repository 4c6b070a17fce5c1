import { ArgsType, Field, GraphQLISODateTime, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { AdminSchema, ConnectionArgs, enumOf } from '@platform/graphql-types';
import { CountryCode } from '@platform/locale';
import { AdminMetafieldInput } from '@platform/metafields';
import { CUSTOMER_SORT_KEYS, type CustomerSortKey } from '../../customer.inputs.js';
import { CustomerEmailMarketingState, CustomerMarketingOptInLevel, CustomerSmsMarketingState } from './customer.type.js';

export const CustomerSortKeys = enumOf(CUSTOMER_SORT_KEYS);
registerEnumType(CustomerSortKeys, { registerIn: () => AdminSchema, name: 'CustomerSortKeys', description: 'How the customers list can be sorted.' });

@ArgsType()
export class CustomersArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: 'Search syntax: `field:value` terms (email, first_name, last_name, phone, state, tag, orders_count, total_spent, country, …), AND/OR/NOT, `-` negation, comparisons (`orders_count:>5`), quoted values.' })
  query?: string | null;

  @Field(() => CustomerSortKeys, { defaultValue: 'ID' })
  sortKey!: CustomerSortKey;
}

@ArgsType()
export class CustomersCountArgs {
  @Field(() => String, { nullable: true, description: 'The `customers` search syntax.' })
  query?: string | null;
}

@ArgsType()
export class CustomerAddressesArgs {
  @Field(() => Int, { nullable: true, description: 'At most this many addresses (at most 250), the default first; all when absent.' })
  first?: number | null;
}

@InputType('CustomerIdentifierInput', { registerIn: () => AdminSchema, description: 'One way to name a customer: exactly one field.' })
export class CustomerIdentifierInput {
  @Field(() => String, { nullable: true, description: 'Matched case-insensitively.' })
  emailAddress?: string | null;

  @Field(() => String, { nullable: true, description: 'Normalised to E.164 before matching.' })
  phoneNumber?: string | null;
}

@InputType('MailingAddressInput', { registerIn: () => AdminSchema, description: 'An address of a customer; with `id` it changes that address (customerUpdate), without it adds one.' })
export class AdminMailingAddressInput {
  @Field(() => ID, { nullable: true })
  id?: string | null;

  @Field(() => String, { nullable: true })
  address1?: string | null;

  @Field(() => String, { nullable: true })
  address2?: string | null;

  @Field(() => String, { nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true })
  company?: string | null;

  @Field(() => CountryCode, { nullable: true })
  countryCode?: string | null;

  @Field(() => String, { nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'The code of the province or state (e.g. `ON`).' })
  provinceCode?: string | null;

  @Field(() => String, { nullable: true })
  zip?: string | null;
}

@InputType('CustomerEmailMarketingConsentInput', { registerIn: () => AdminSchema })
export class CustomerEmailMarketingConsentInput {
  @Field(() => CustomerEmailMarketingState)
  marketingState!: string;

  @Field(() => CustomerMarketingOptInLevel, { nullable: true })
  marketingOptInLevel?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Defaults to the time of the request.' })
  consentUpdatedAt?: Date | null;
}

@InputType('CustomerSmsMarketingConsentInput', { registerIn: () => AdminSchema })
export class CustomerSmsMarketingConsentInput {
  @Field(() => CustomerSmsMarketingState)
  marketingState!: string;

  @Field(() => CustomerMarketingOptInLevel, { nullable: true })
  marketingOptInLevel?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Defaults to the time of the request.' })
  consentUpdatedAt?: Date | null;
}

@InputType('CustomerInput', { registerIn: () => AdminSchema, description: 'A customer to create, or the fields to change (`id` names the customer on update).' })
export class AdminCustomerInput {
  @Field(() => ID, { nullable: true, description: 'customerUpdate: the customer to change.' })
  id?: string | null;

  @Field(() => String, { nullable: true })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;

  @Field(() => String, { nullable: true, description: 'Unique per shop, case-insensitively.' })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'Unique per shop once normalised to E.164.' })
  phone?: string | null;

  @Field(() => String, { nullable: true })
  note?: string | null;

  @Field(() => [String], { nullable: true, description: 'Replaces every tag.' })
  tags?: string[] | null;

  @Field(() => Boolean, { nullable: true })
  taxExempt?: boolean | null;

  @Field(() => [String], { nullable: true })
  taxExemptions?: string[] | null;

  @Field(() => String, { nullable: true })
  multipassIdentifier?: string | null;

  @Field(() => [AdminMailingAddressInput], { nullable: true })
  addresses?: AdminMailingAddressInput[] | null;

  @Field(() => CustomerEmailMarketingConsentInput, { nullable: true, description: 'Needs an email address.' })
  emailMarketingConsent?: CustomerEmailMarketingConsentInput | null;

  @Field(() => CustomerSmsMarketingConsentInput, { nullable: true })
  smsMarketingConsent?: CustomerSmsMarketingConsentInput | null;

  @Field(() => [AdminMetafieldInput], { nullable: true })
  metafields?: AdminMetafieldInput[] | null;
}

@InputType('CustomerDeleteInput', { registerIn: () => AdminSchema })
export class CustomerDeleteInput {
  @Field(() => ID)
  id!: string;
}

@InputType('CustomerEmailMarketingConsentUpdateInput', { registerIn: () => AdminSchema })
export class CustomerEmailMarketingConsentUpdateInput {
  @Field(() => ID)
  customerId!: string;

  @Field(() => CustomerEmailMarketingConsentInput)
  emailMarketingConsent!: CustomerEmailMarketingConsentInput;
}

@InputType('CustomerSmsMarketingConsentUpdateInput', { registerIn: () => AdminSchema })
export class CustomerSmsMarketingConsentUpdateInput {
  @Field(() => ID)
  customerId!: string;

  @Field(() => CustomerSmsMarketingConsentInput)
  smsMarketingConsent!: CustomerSmsMarketingConsentInput;
}

@InputType('EmailInput', { registerIn: () => AdminSchema, description: 'What an email says; every part has a default.' })
export class AdminEmailInput {
  @Field(() => String, { nullable: true })
  to?: string | null;

  @Field(() => String, { nullable: true })
  from?: string | null;

  @Field(() => [String], { nullable: true })
  bcc?: string[] | null;

  @Field(() => String, { nullable: true })
  subject?: string | null;

  @Field(() => String, { nullable: true })
  customMessage?: string | null;
}
