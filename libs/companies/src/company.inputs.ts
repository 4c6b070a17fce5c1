import type { CatalogAdjustmentType } from './company.records.js';

/** A company with its locations (each with an optional catalog) and contacts (customers), for imports and seed. */
export interface NewCompany {
  name: string;
  externalId?: string | null;
  locations: NewCompanyLocation[];
  contacts: NewCompanyContact[];
}

export interface NewCompanyLocation {
  name: string;
  catalog?: NewCompanyCatalog | null;
}

export interface NewCompanyCatalog {
  title: string;
  adjustment: { type: CatalogAdjustmentType; value: string };
  /** Fixed prices (shop currency) instead of the adjusted list price, one per variant. */
  fixedPrices?: { variantId: number; price: string; compareAtPrice?: string | null }[];
}

/** A customer who buys for the company, at the locations named (names of this company's `locations`). */
export interface NewCompanyContact {
  customerId: number;
  locations: string[];
}
