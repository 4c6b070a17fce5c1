import { addressName, formattedArea } from '@platform/contact';
import { userErrorsOf } from '@platform/errors';
import { toGlobalId } from '@platform/ids';
import { displayName } from '../../customer-account.rules.js';
import type { AccessTokenDeletion, AccessTokenResult, AccountResult, AddressRecord, CustomerRecord, IssuedAccessToken } from '../../customer.records.js';
import type { CustomerError, CustomerErrorCode } from '../../customers.errors.js';
import type { StorefrontCustomer, StorefrontMailingAddress } from './customer.type.js';
import type {
  CustomerAccessTokenCreatePayload,
  CustomerAccessTokenDeletePayload,
  CustomerAccessTokenRenewPayload,
  CustomerCreatePayload,
  CustomerErrorCodeValue,
  CustomerUpdatePayload,
  CustomerUserError,
  StorefrontCustomerAccessToken,
  StorefrontUserError,
} from './customer-mutations.type.js';

// Records to storefront views: plain objects with every scalar field ready, and the record for the
// field resolvers of nested lists.

export function customerView(record: CustomerRecord): StorefrontCustomer {
  return {
    __typename: 'Customer',
    id: toGlobalId('Customer', record.id),
    firstName: record.firstName,
    lastName: record.lastName,
    displayName: displayName(record),
    email: record.email,
    phone: record.phone,
    acceptsMarketing: record.acceptsMarketing,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    numberOfOrders: String(record.ordersCount),
    record,
  };
}

export function mailingAddressView(record: AddressRecord): StorefrontMailingAddress {
  return {
    __typename: 'MailingAddress',
    id: toGlobalId('MailingAddress', record.id),
    address1: record.address1,
    address2: record.address2,
    city: record.city,
    company: record.company,
    country: record.country,
    countryCode: record.countryCode,
    countryCodeV2: record.countryCode,
    firstName: record.firstName,
    lastName: record.lastName,
    name: addressName(record),
    phone: record.phone,
    province: record.province,
    provinceCode: record.provinceCode,
    zip: record.zip,
    formattedArea: formattedArea(record),
    latitude: null,
    longitude: null,
    record,
  };
}

function accessTokenView(token: IssuedAccessToken | null): StorefrontCustomerAccessToken | null {
  return token && { accessToken: token.accessToken, expiresAt: token.expiresAt };
}

// Each code of the customers context as the schema's CustomerErrorCode; a missing token has no code there.
const CUSTOMER_ERROR_CODES: Record<CustomerErrorCode, CustomerErrorCodeValue | null> = {
  BLANK: 'BLANK',
  INVALID: 'INVALID',
  TAKEN: 'TAKEN',
  TOO_LONG: 'TOO_LONG',
  TOO_SHORT: 'TOO_SHORT',
  CONTAINS_HTML_TAGS: 'CONTAINS_HTML_TAGS',
  CONTAINS_URL: 'CONTAINS_URL',
  PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE: 'PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE',
  UNIDENTIFIED_CUSTOMER: 'UNIDENTIFIED_CUSTOMER',
  ACCESS_TOKEN_NOT_FOUND: null,
  NOT_FOUND: 'NOT_FOUND',
  HAS_ORDERS: null,
  ALREADY_ENABLED: 'ALREADY_ENABLED',
  EXPIRED: 'TOKEN_INVALID',
};

function customerUserErrors(problems: CustomerError[]): CustomerUserError[] {
  return userErrorsOf(problems, CUSTOMER_ERROR_CODES);
}

function userErrors(problems: CustomerError[]): StorefrontUserError[] {
  return userErrorsOf(problems, CUSTOMER_ERROR_CODES).map(({ field, message }) => ({ field, message }));
}

export function accessTokenCreatePayload(result: AccessTokenResult): CustomerAccessTokenCreatePayload {
  return { customerAccessToken: accessTokenView(result.accessToken), customerUserErrors: customerUserErrors(result.problems), userErrors: userErrors(result.problems) };
}

export function accessTokenRenewPayload(result: AccessTokenResult): CustomerAccessTokenRenewPayload {
  return { customerAccessToken: accessTokenView(result.accessToken), userErrors: userErrors(result.problems) };
}

export function accessTokenDeletePayload(result: AccessTokenDeletion): CustomerAccessTokenDeletePayload {
  return {
    deletedAccessToken: result.deletedAccessToken,
    deletedCustomerAccessTokenId: result.deletedTokenId === null ? null : toGlobalId('CustomerAccessToken', result.deletedTokenId),
    userErrors: userErrors(result.problems),
  };
}

export function customerCreatePayload(result: AccountResult): CustomerCreatePayload {
  return { customer: result.customer && customerView(result.customer), customerUserErrors: customerUserErrors(result.problems), userErrors: userErrors(result.problems) };
}

export function customerUpdatePayload(result: AccountResult): CustomerUpdatePayload {
  return {
    customer: result.customer && customerView(result.customer),
    customerAccessToken: accessTokenView(result.accessToken),
    customerUserErrors: customerUserErrors(result.problems),
    userErrors: userErrors(result.problems),
  };
}
