import type { CursorScope, SortSpec } from '@platform/paging';
import { type SearchTerm, type Searchable, commaList, dateCompare, inCommaList, numericCompare } from '@platform/search-syntax';
import { PRODUCT_SEARCH } from '../storefront/product-search.sql.js';
import { PRODUCT_STATUSES } from '../product.entity.js';

/** The admin `products(sortKey:)` values (the hosted `ProductSortKeys`). */
export const PRODUCT_SORT_KEYS = ['ID', 'TITLE', 'CREATED_AT', 'UPDATED_AT', 'VENDOR', 'PRODUCT_TYPE', 'INVENTORY_TOTAL', 'PUBLISHED_AT', 'RELEVANCE'] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

export interface ProductSort {
  key: ProductSortKey;
  reverse: boolean;
}

const STATUSES: readonly string[] = PRODUCT_STATUSES;

/**
 * How the admin `products(query:)` filters products (aliased `p`): the storefront's fields (title, tag, tag_not,
 * product_type, vendor, created_at, updated_at, price, id) and bare words over the same search vector, plus the
 * merchant's: `handle` and `status` (comma lists), `sku`, `barcode`, `variant_id`, `inventory_total`, `published_at`,
 * `published_status` and `collection_id`.
 */
export const ADMIN_PRODUCT_SEARCH: Searchable = {
  vector: PRODUCT_SEARCH.vector,
  term(field, term, param) {
    switch (field) {
      case 'handle':
        return inCommaList('p.handle', term, param);
      case 'status': {
        const statuses = commaList(term.value.toLowerCase()).filter((s) => STATUSES.includes(s));
        return statuses.length === 0 ? 'false' : `p.status = any(${param(statuses)}::text[])`;
      }
      case 'sku':
        return variantExists(`pv.sku = ${param(term.value)}`);
      case 'variant_id':
        return /^\d{1,18}$/.test(term.value) ? variantExists(`pv.id = ${param(term.value)}::bigint`) : 'false';
      case 'barcode':
        return variantExists(`pv.barcode = ${param(term.value)}`);
      case 'inventory_total':
        return numericCompare('p.total_inventory', term, param);
      case 'published_at':
        return `coalesce(${dateCompare('p.published_at', term, param)}, false)`;
      case 'published_status':
        return publishedStatus(term);
      case 'collection_id':
        return /^\d{1,18}$/.test(term.value)
          ? `exists (select 1 from collection_products cp where cp.product_id = p.id and cp.shop_id = p.shop_id and cp.collection_id = ${param(term.value)}::bigint)`
          : 'false';
      case 'available_for_sale':
        return undefined; // not an admin field: bare text, as the hosted admin treats unknown fields
      default:
        return PRODUCT_SEARCH.term(field, term, param);
    }
  },
};

const variantExists = (condition: string) => `exists (select 1 from product_variants pv where pv.product_id = p.id and pv.shop_id = p.shop_id and ${condition})`;

// The online store is the one publication: published (visible there now), unpublished, or any.
function publishedStatus(term: SearchTerm): string {
  switch (term.value.toLowerCase()) {
    case 'published':
    case 'online_store_channel':
      return `(p.published_at is not null and p.published_at <= now())`;
    case 'unpublished':
      return `(p.published_at is null or p.published_at > now())`;
    case 'any':
      return 'true';
    default:
      return 'false';
  }
}

const BY_ID: SortSpec = { expression: 'p.id', cast: 'bigint', descending: false };

/**
 * The order of an admin products list; ties broken by id. Values are never null (keyset comparisons would skip them):
 * unpublished products sort as published in 1970. RELEVANCE ranks by the query's bare words (id order without any).
 */
export function productSortSpec(key: ProductSortKey, rankQuery: (() => string) | null): SortSpec {
  switch (key) {
    case 'TITLE':
      return { expression: 'lower(p.title)', cast: 'text', descending: false };
    case 'CREATED_AT':
      return { expression: 'p.created_at', cast: 'timestamptz', descending: false };
    case 'UPDATED_AT':
      return { expression: 'p.updated_at', cast: 'timestamptz', descending: false };
    case 'VENDOR':
      return { expression: 'lower(p.vendor)', cast: 'text', descending: false };
    case 'PRODUCT_TYPE':
      return { expression: 'lower(p.product_type)', cast: 'text', descending: false };
    case 'INVENTORY_TOTAL':
      return { expression: 'p.total_inventory', cast: 'integer', descending: false };
    case 'PUBLISHED_AT':
      return { expression: `coalesce(p.published_at, 'epoch'::timestamptz)`, cast: 'timestamptz', descending: false };
    case 'RELEVANCE':
      return rankQuery ? { expression: `ts_rank(p.search_vector, ${rankQuery()})`, cast: 'real', descending: true } : BY_ID;
    case 'ID':
      return BY_ID;
  }
}

/** The cursor scope of an admin products list sorted by `key`: a cursor of one sort is refused by another. */
export function productSearchScope(key: ProductSortKey): CursorScope {
  return { connection: 'admin.products', sortKey: key };
}
