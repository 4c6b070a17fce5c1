import type { CursorScope, SortSpec } from '@platform/paging';
import { type Searchable, dateCompare, idCompare, inCommaList, numericCompare, textContains } from '@platform/search-syntax';

/** The admin `productVariants(sortKey:)` values (a part of the hosted `ProductVariantSortKeys`). */
export const VARIANT_SORT_KEYS = ['ID', 'SKU', 'TITLE', 'POSITION', 'INVENTORY_QUANTITY'] as const;
export type VariantSortKey = (typeof VARIANT_SORT_KEYS)[number];

/**
 * How the admin `productVariants(query:)` filters variants (aliased `v`): `sku` and `barcode` (comma lists), `title`
 * (contains), `product_id`, `id`, `price` and `inventory_quantity` (with comparisons), `created_at`, `updated_at`.
 * Bare words match the title and SKU.
 */
export const VARIANT_SEARCH: Searchable = {
  vector: `to_tsvector('simple', v.title || ' ' || coalesce(v.sku, ''))`,
  term(field, term, param) {
    switch (field) {
      case 'sku':
        return inCommaList('v.sku', term, param);
      case 'barcode':
        return inCommaList('v.barcode', term, param);
      case 'title':
        return textContains('v.title', term, param);
      case 'product_id':
        return idCompare('v.product_id', term, param);
      case 'id':
        return idCompare('v.id', term, param);
      case 'price':
        return numericCompare('v.price', term, param);
      case 'inventory_quantity':
        return numericCompare('v.inventory_quantity', term, param);
      case 'created_at':
        return dateCompare('v.created_at', term, param);
      case 'updated_at':
        return dateCompare('v.updated_at', term, param);
      default:
        return undefined;
    }
  },
};

export function variantSortSpec(key: VariantSortKey): SortSpec {
  switch (key) {
    case 'SKU':
      return { expression: "coalesce(v.sku, '')", cast: 'text', descending: false };
    case 'TITLE':
      return { expression: 'lower(v.title)', cast: 'text', descending: false };
    case 'POSITION':
      return { expression: 'v.position', cast: 'integer', descending: false };
    case 'INVENTORY_QUANTITY':
      return { expression: 'v.inventory_quantity', cast: 'integer', descending: false };
    case 'ID':
      return { expression: 'v.id', cast: 'bigint', descending: false };
  }
}

export function variantSearchScope(key: VariantSortKey): CursorScope {
  return { connection: 'admin.productVariants', sortKey: key };
}
