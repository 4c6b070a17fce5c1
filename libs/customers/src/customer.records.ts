import type { CustomerError } from './customers.errors.js';
import type { AddressParts } from './mailing-address.rules.js';

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

export interface AddressRecord extends AddressParts {
  id: number;
  customerId: number;
  phone: string | null;
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
