import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';
import { ConnectionType, StorefrontNode, StorefrontSchema, UnsignedInt64Scalar } from '@platform/graphql-types';
import { CountryCode } from '@platform/locale';
import type { AddressRecord, CustomerRecord } from '../../customer.records.js';

@ObjectType('MailingAddress', { registerIn: () => StorefrontSchema, implements: () => [StorefrontNode], description: 'A postal address of a customer.' })
export class StorefrontMailingAddress {
  __typename!: 'MailingAddress';

  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: 'The first line of the address, typically the street.' })
  address1!: string | null;

  @Field(() => String, { nullable: true, description: 'The second line of the address, typically the apartment or suite.' })
  address2!: string | null;

  @Field(() => String, { nullable: true })
  city!: string | null;

  @Field(() => String, { nullable: true })
  company!: string | null;

  @Field(() => String, { nullable: true })
  country!: string | null;

  @Field(() => String, { nullable: true, deprecationReason: 'Use `countryCodeV2` instead.' })
  countryCode!: string | null;

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

  @Field(() => Number, { nullable: true, description: 'Not geocoded: always null.' })
  latitude!: number | null;

  @Field(() => Number, { nullable: true, description: 'Not geocoded: always null.' })
  longitude!: number | null;

  record!: AddressRecord;
}

@ObjectType('MailingAddressConnection', { registerIn: () => StorefrontSchema })
export class StorefrontMailingAddressConnection extends ConnectionType(StorefrontMailingAddress, 'MailingAddress', () => StorefrontSchema) {}

@ObjectType('Customer', { registerIn: () => StorefrontSchema, description: 'A buyer with an account on the shop, as seen with their access token.' })
export class StorefrontCustomer {
  __typename!: 'Customer';

  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  firstName!: string | null;

  @Field(() => String, { nullable: true })
  lastName!: string | null;

  @Field({ description: "The customer's name, else email, else phone." })
  displayName!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field({ description: 'Whether the customer agreed to receive marketing email.' })
  acceptsMarketing!: boolean;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @Field(() => UnsignedInt64Scalar, { description: 'How many orders the customer has placed.' })
  numberOfOrders!: string;

  record!: CustomerRecord;
}
