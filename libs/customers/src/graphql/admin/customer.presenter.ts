import { addressName, formattedArea } from '@platform/contact';
import { type UserErrorView, userErrorsOf } from '@platform/errors';
import { toGlobalId } from '@platform/ids';
import { type MoneyV2, moneyV2 } from '@platform/money';
import { displayName } from '../../customer-account.rules.js';
import type { AddressRecord, CustomerDetailRecord, CustomerSummaryRecord } from '../../customer.records.js';
import type { CustomerError, CustomerErrorCode } from '../../customers.errors.js';
import { type AdminCustomer, type AdminMailingAddress, CONSENT_SOURCES } from './customer.type.js';
import type { UserErrorCodeValue } from '@platform/graphql-types';
import type { ConsentErrorCodeValue, InviteErrorCodeValue } from './customer-mutations.type.js';

// Records to admin views. A page of 50 customers builds 50 views and their addresses' views, and a query shows few
// of their fields: plain fields are copied, derived ones (ids, names, consents, money) are getters computed only
// when the query selects them. `record` stays for the field resolvers of nested lists and other contexts' fields.

const upper = (value: string) => value.toUpperCase();

class CustomerView implements AdminCustomer {
  readonly __typename = 'Customer';
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly note: string | null;
  readonly verifiedEmail: boolean;
  readonly taxExempt: boolean;
  readonly taxExemptions: string[];
  readonly tags: string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;

  constructor(readonly record: CustomerSummaryRecord | CustomerDetailRecord) {
    this.firstName = record.firstName;
    this.lastName = record.lastName;
    this.email = record.email;
    this.phone = record.phone;
    this.note = record.note;
    this.verifiedEmail = record.verifiedEmail;
    this.taxExempt = record.taxExempt;
    this.taxExemptions = record.taxExemptions;
    this.tags = record.tags;
    this.createdAt = record.createdAt;
    this.updatedAt = record.updatedAt;
  }

  get id(): string {
    return toGlobalId('Customer', this.record.id);
  }

  get legacyResourceId(): string {
    return String(this.record.id);
  }

  get displayName(): string {
    return displayName(this.record);
  }

  get state(): string {
    return upper(this.record.state);
  }

  get numberOfOrders(): string {
    return String(this.record.ordersCount);
  }

  get amountSpent(): MoneyV2 {
    return moneyV2(this.record.totalSpent, this.record.currency);
  }

  // The hosted platform answers no email consent for a customer without an email address.
  get emailMarketingConsent(): AdminCustomer['emailMarketingConsent'] {
    const email = this.record.emailMarketingConsent;
    if (!this.record.email) return null;
    return { marketingState: upper(email.state), marketingOptInLevel: email.optInLevel && upper(email.optInLevel), consentUpdatedAt: dateOrNull(email.consentUpdatedAt) };
  }

  get smsMarketingConsent(): AdminCustomer['smsMarketingConsent'] {
    const sms = this.record.smsMarketingConsent;
    return (
      sms && {
        marketingState: upper(sms.state),
        marketingOptInLevel: sms.optInLevel ? upper(sms.optInLevel) : 'UNKNOWN',
        consentUpdatedAt: dateOrNull(sms.consentUpdatedAt),
        consentCollectedFrom: sms.consentCollectedFrom && consentSource(sms.consentCollectedFrom),
      }
    );
  }
}

export function adminCustomerView(record: CustomerSummaryRecord | CustomerDetailRecord): AdminCustomer {
  return new CustomerView(record);
}

class AddressView implements AdminMailingAddress {
  readonly __typename = 'MailingAddress';
  readonly address1: string | null;
  readonly address2: string | null;
  readonly city: string | null;
  readonly company: string | null;
  readonly country: string | null;
  readonly countryCodeV2: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly phone: string | null;
  readonly province: string | null;
  readonly provinceCode: string | null;
  readonly zip: string | null;

  constructor(readonly record: AddressRecord) {
    this.address1 = record.address1;
    this.address2 = record.address2;
    this.city = record.city;
    this.company = record.company;
    this.country = record.country;
    this.countryCodeV2 = record.countryCode;
    this.firstName = record.firstName;
    this.lastName = record.lastName;
    this.phone = record.phone;
    this.province = record.province;
    this.provinceCode = record.provinceCode;
    this.zip = record.zip;
  }

  get id(): string {
    return toGlobalId('MailingAddress', this.record.id);
  }

  // As the REST address answers it: "" without names.
  get name(): string {
    return addressName(this.record) ?? '';
  }

  get formattedArea(): string | null {
    return formattedArea(this.record);
  }
}

export function adminAddressView(record: AddressRecord): AdminMailingAddress {
  return new AddressView(record);
}

// The schema knows two sources; anything else recorded (REST accepts any word) shows as OTHER.
function consentSource(from: string): string {
  const source = from.toUpperCase();
  return (CONSENT_SOURCES as readonly string[]).includes(source) ? source : 'OTHER';
}

function dateOrNull(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---- Problems as each payload's userErrors. Each Record covers every code of the context, so a new code
// without a mapping does not compile.

const USER_ERROR_CODES: Record<CustomerErrorCode, UserErrorCodeValue | null> = {
  BLANK: 'BLANK',
  INVALID: 'INVALID',
  TAKEN: 'TAKEN',
  TOO_LONG: 'TOO_LONG',
  TOO_SHORT: 'TOO_SHORT',
  CONTAINS_HTML_TAGS: 'CONTAINS_HTML_TAGS',
  CONTAINS_URL: 'CONTAINS_URL',
  PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE: 'PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE',
  UNIDENTIFIED_CUSTOMER: null,
  ACCESS_TOKEN_NOT_FOUND: null,
  NOT_FOUND: 'NOT_FOUND',
  HAS_ORDERS: 'HAS_ORDERS',
  ALREADY_ENABLED: 'ALREADY_ENABLED',
  EXPIRED: 'INVALID',
};

// The hosted consent errors know only these four codes.
const CONSENT_ERROR_CODES: Record<CustomerErrorCode, ConsentErrorCodeValue | null> = {
  BLANK: 'MISSING_ARGUMENT',
  INVALID: 'INVALID',
  TAKEN: 'INVALID',
  TOO_LONG: 'INVALID',
  TOO_SHORT: 'INVALID',
  CONTAINS_HTML_TAGS: 'INVALID',
  CONTAINS_URL: 'INVALID',
  PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE: 'INVALID',
  UNIDENTIFIED_CUSTOMER: 'INVALID',
  ACCESS_TOKEN_NOT_FOUND: 'INVALID',
  NOT_FOUND: 'INVALID',
  HAS_ORDERS: 'INVALID',
  ALREADY_ENABLED: 'INVALID',
  EXPIRED: 'INVALID',
};

const INVITE_ERROR_CODES: Record<CustomerErrorCode, InviteErrorCodeValue | null> = {
  BLANK: 'INVALID',
  INVALID: 'INVALID',
  TAKEN: 'INVALID',
  TOO_LONG: 'INVALID',
  TOO_SHORT: 'INVALID',
  CONTAINS_HTML_TAGS: 'INVALID',
  CONTAINS_URL: 'INVALID',
  PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE: 'INVALID',
  UNIDENTIFIED_CUSTOMER: 'INVALID',
  ACCESS_TOKEN_NOT_FOUND: 'INVALID',
  NOT_FOUND: 'INVALID',
  HAS_ORDERS: 'INVALID',
  ALREADY_ENABLED: 'INVALID',
  EXPIRED: 'INVALID',
};

/**
 * The service names its fields as CustomerInput does (`email`, `addresses[1].countryCode`) and the customer
 * as `id`: fields go under the mutation's input argument (`under`), the customer's id where the mutation
 * takes it (`idPath`, e.g. `customerId`).
 */
function placed<Code>(errors: UserErrorView<Code>[], under: string | undefined, idPath: string[]): UserErrorView<Code>[] {
  return errors.map((e) => {
    if (e.field === null) return e;
    // A problem of the customer as a whole (`base`) names no input field.
    if (e.field.length === 1 && e.field[0] === 'base') return { ...e, field: null };
    if (e.field.length === 1 && e.field[0] === 'id') return { ...e, field: idPath };
    const field = e.field.map((part) => SCHEMA_NAMES[part] ?? part);
    return { ...e, field: under ? [under, ...field] : field };
  });
}

// The consent inputs' domain names and the schema's.
const SCHEMA_NAMES: Record<string, string> = { state: 'marketingState', optInLevel: 'marketingOptInLevel' };

/** userErrors of customerCreate/Update/Delete (`input`), the activation URL (`customerId`) and tags (`id`). */
export function userErrors(problems: readonly CustomerError[], under?: string, idPath: string[] = under ? [under, 'id'] : ['id']): UserErrorView<UserErrorCodeValue>[] {
  return placed(userErrorsOf(problems, USER_ERROR_CODES), under, idPath);
}

export function consentUserErrors(problems: readonly CustomerError[]): UserErrorView<ConsentErrorCodeValue>[] {
  return placed(userErrorsOf(problems, CONSENT_ERROR_CODES), 'input', ['input', 'customerId']);
}

export function inviteUserErrors(problems: readonly CustomerError[]): UserErrorView<InviteErrorCodeValue>[] {
  // The invite's fields (`to`, `bcc`…) are those of the mutation's `email` argument.
  return placed(userErrorsOf(problems, INVITE_ERROR_CODES), 'email', ['customerId']);
}
