import type { CustomerState, EmailMarketingConsent } from './customer.entity.js';

export interface NewCustomerAddress {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  province?: string | null;
  provinceCode?: string | null;
  country?: string | null;
  countryCode?: string | null;
  zip?: string | null;
  phone?: string | null;
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
  currency?: string;
  addresses?: NewCustomerAddress[];
}

/** Orders to add to a customer's totals (ordersCount and totalSpent grow by these). */
export interface CustomerOrderStats {
  customerId: number;
  ordersCount: number;
  /** Exact decimal string, e.g. '129.90'. */
  amountSpent: string;
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
