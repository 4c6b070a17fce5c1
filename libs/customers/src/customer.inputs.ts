import type { Address } from '@platform/contact';
import type { CustomerState, EmailMarketingConsent, SmsMarketingConsent } from './customer.entity.js';

/** An address to import: the parts given (checked as every address is, `checkAddress`). */
export interface NewCustomerAddress extends Partial<Address> {
  /** At most one per customer; when none is marked, the first address is the default. */
  isDefault?: boolean;
}

/** A customer to import. Passwords arrive hashed (hashPassword), so a bulk import does no key stretching. */
export interface NewCustomer {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  state?: CustomerState;
  passwordHash?: string | null;
  tags?: string[];
  note?: string | null;
  verifiedEmail?: boolean;
  emailMarketingConsent?: EmailMarketingConsent;
  smsMarketingConsent?: SmsMarketingConsent | null;
  taxExempt?: boolean;
  taxExemptions?: string[];
  currency?: string;
  addresses?: NewCustomerAddress[];
}

/** Orders to add to a customer's totals (ordersCount and totalSpent grow by these). */
export interface CustomerOrderStats {
  customerId: number;
  ordersCount: number;
  /** Exact decimal string, e.g. '129.90'. */
  amountSpent: string;
  /** The newest of these orders: sets lastOrderId/Name/At unless a later one is recorded; a paid one sets `currency`. */
  lastOrder?: CustomerLastOrder;
}

export interface CustomerLastOrder {
  id: number;
  /** The order's name, e.g. '#1001'. */
  name: string;
  processedAt: Date;
  /** ISO 4217. */
  currency: string;
  /** Whether it is paid (the customer's currency is that of their last paid order). */
  paid: boolean;
}

/** What customerCreate and customerUpdate accept; absent means "leave as is", null means "clear". */
export interface AccountInput {
  email?: string | null;
  password?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  acceptsMarketing?: boolean | null;
}

/** An address in a merchant's customer input: with `id` it changes that address, without it adds one. */
export interface CustomerAddressInput extends Omit<NewCustomerAddress, 'isDefault'> {
  id?: number;
  isDefault?: boolean;
}

export interface MarketingConsentInput {
  state: string;
  optInLevel?: string | null;
  /** ISO 8601; defaults to the time of the request. */
  consentUpdatedAt?: string | null;
}

export interface SmsMarketingConsentInput extends MarketingConsentInput {
  consentCollectedFrom?: string | null;
}

/** A metafield set with a customer (REST: key <= 30, namespace <= 20 characters; value and type required). */
export interface CustomerMetafieldInput {
  namespace?: string | null;
  key?: string | null;
  value?: string | null;
  type?: string | null;
  description?: string | null;
}

/**
 * What a merchant's create or update accepts (REST `customer`, admin GraphQL `CustomerInput`), in domain names.
 * Absent means "leave as is", null means "clear". Problems are reported with these names as fields
 * (`email`, `addresses[2].countryCode`, `metafields[0].key`, `base`); each surface maps them to its own.
 */
export interface CustomerInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  /** Replaced as a whole. */
  tags?: string[] | null;
  taxExempt?: boolean | null;
  taxExemptions?: string[] | null;
  multipassIdentifier?: string | null;
  verifiedEmail?: boolean | null;
  password?: string | null;
  passwordConfirmation?: string | null;
  addresses?: CustomerAddressInput[] | null;
  emailMarketingConsent?: MarketingConsentInput | null;
  smsMarketingConsent?: SmsMarketingConsentInput | null;
  metafields?: CustomerMetafieldInput[] | null;
  /** Create only: false skips the welcome email of a customer created with a password. */
  sendEmailWelcome?: boolean | null;
  /** Create only: true emails an account invite and makes the customer `invited`. */
  sendEmailInvite?: boolean | null;
}

/** The filters of the REST list and count (`ids`, `since_id`, `created_at_min/max`, `updated_at_min/max`). */
export interface CustomerListFilters {
  ids?: number[];
  sinceId?: number;
  createdAtMin?: Date;
  createdAtMax?: Date;
  updatedAtMin?: Date;
  updatedAtMax?: Date;
}

/** The hosted platform's CustomerSortKeys, plus the REST search's `order` fields. */
export const CUSTOMER_SORT_KEYS = ['ID', 'CREATED_AT', 'UPDATED_AT', 'NAME', 'LOCATION', 'LAST_ORDER_DATE', 'ORDERS_COUNT', 'TOTAL_SPENT', 'RELEVANCE'] as const;
export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number];

export interface CustomerSort {
  key: CustomerSortKey;
  /** Descending order. */
  reverse: boolean;
}

/** What an invite email says; every part has a default (the shop's sender, the standard subject and message). */
export interface CustomerInviteInput {
  to?: string | null;
  from?: string | null;
  bcc?: string[] | null;
  subject?: string | null;
  customMessage?: string | null;
}

/** `customerByIdentifier(identifier:)`: one of them. */
export interface CustomerIdentifier {
  emailAddress?: string | null;
  phoneNumber?: string | null;
}
