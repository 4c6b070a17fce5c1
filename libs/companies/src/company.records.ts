/** How a catalog changes list prices: a percentage off or on every price (the hosted platform's price list adjustment). */
export const CATALOG_ADJUSTMENT_TYPES = ['PERCENTAGE_DECREASE', 'PERCENTAGE_INCREASE'] as const;
export type CatalogAdjustmentType = (typeof CATALOG_ADJUSTMENT_TYPES)[number];

/** A catalog's percentage adjustment: `value` is exact decimal text (`'15'`, `'12.5'`). */
export interface CatalogAdjustment {
  type: CatalogAdjustmentType;
  value: string;
}

/** A variant's fixed price in a catalog (shop currency). */
export interface FixedPrice {
  price: string;
  compareAtPrice: string | null;
}

/** A price and compare-at price in the shop's currency. */
export interface PricePair {
  price: string;
  compareAtPrice: string | null;
}

/** A product's price range and compare-at range in the shop's currency (as the catalog lists them). */
export interface PriceRangeRecord {
  minPrice: string;
  maxPrice: string;
  minCompareAtPrice: string | null;
  maxCompareAtPrice: string | null;
}

/** What an import wrote for one company, by input order. */
export interface ImportedCompany {
  id: number;
  locationIds: number[];
  catalogIds: (number | null)[];
  contactIds: number[];
}
