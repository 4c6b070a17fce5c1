import type { Address } from '@platform/contact';
import type { CustomerState, EmailMarketingConsent, SmsMarketingConsent } from './customer.entity.js';
import type { CustomerError } from './customers.errors.js';

/** A customer as read models see it (no password hash, no internal notes). */
export interface CustomerRecord {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  acceptsMarketing: boolean;
  tags: string[];
  ordersCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A customer's postal address (`@platform/contact`'s), with its id and whether it is the default. */
export interface AddressRecord extends Address {
  id: number;
  customerId: number;
  isDefault: boolean;
}

/** A token handed to the buyer once; only its hash is kept. */
export interface IssuedAccessToken {
  accessToken: string;
  expiresAt: Date;
}

/** Outcome of customerCreate / customerUpdate: the customer, a new token when one was issued, or the problems. */
export interface AccountResult {
  customer: CustomerRecord | null;
  accessToken: IssuedAccessToken | null;
  problems: CustomerError[];
}

/** Outcome of customerAccessTokenCreate / customerAccessTokenRenew. */
export interface AccessTokenResult {
  accessToken: IssuedAccessToken | null;
  problems: CustomerError[];
}

/** Outcome of customerAccessTokenDelete. */
export interface AccessTokenDeletion {
  deletedAccessToken: string | null;
  deletedTokenId: number | null;
  problems: CustomerError[];
}

/** Ids of an imported customer and its addresses, in the order given. */
export interface ImportedCustomer {
  id: number;
  email: string | null;
  addressIds: number[];
}

export interface CustomerRef {
  id: number;
  email: string;
}

/** A customer as the merchant sees it (REST `customer`, admin GraphQL `Customer`). Never the password. */
export interface CustomerDetailRecord extends CustomerSummaryRecord {
  /** The ten most recently updated addresses (spec 3), newest first. */
  addresses: AddressRecord[];
  defaultAddress: AddressRecord | null;
}

/** A customer without its addresses: what admin GraphQL lists read (addresses come through their own field). */
export interface CustomerSummaryRecord {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** E.164. */
  phone: string | null;
  state: CustomerState;
  note: string | null;
  verifiedEmail: boolean;
  multipassIdentifier: string | null;
  taxExempt: boolean;
  taxExemptions: string[];
  tags: string[];
  ordersCount: number;
  /** Exact decimal string. */
  totalSpent: string;
  lastOrderId: number | null;
  lastOrderName: string | null;
  /** ISO 4217: the last paid order's currency, else the shop's. */
  currency: string;
  emailMarketingConsent: EmailMarketingConsent;
  smsMarketingConsent: SmsMarketingConsent | null;
}

/** Outcome of a merchant's write: the customer as it now is, or the problems (nothing written). */
export interface CustomerWriteResult {
  customer: CustomerDetailRecord | null;
  problems: CustomerError[];
}

/** The invite that `send_invite` / `customerSendAccountInviteEmail` queued (REST `customer_invite`). */
export interface CustomerInviteRecord {
  to: string;
  from: string;
  subject: string;
  customMessage: string;
  bcc: string[];
}

export interface CustomerInviteResult {
  invite: CustomerInviteRecord | null;
  customer: CustomerDetailRecord | null;
  problems: CustomerError[];
}

/** Outcome of an activation URL request: an absolute, one-time URL valid 30 days. */
export interface ActivationUrlResult {
  url: string | null;
  problems: CustomerError[];
}

/** Outcome of customerDelete / DELETE: the id deleted, or the problems. */
export interface CustomerDeletion {
  deletedId: number | null;
  problems: CustomerError[];
}
